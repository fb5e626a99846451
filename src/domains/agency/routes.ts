import { defineOperation } from "../../core/operation";
import {
  agencyStats,
  changeSubaccountStatus,
  createSubaccount,
  quoteSubaccountCreation,
  quoteSubaccountStatus,
  readBranding,
  readPackaging,
  requireSubaccount,
  updateBranding,
  updatePackaging,
  verifiedDomain,
  verifyDomain,
} from "./actions";
import {
  AgencyStats,
  Branding,
  brandingExample,
  CreatedSubaccount,
  createdSubaccountExample,
  CreateSubaccountInput,
  createSubaccountExample,
  DomainVerification,
  domainVerificationExample,
  ListSubaccountsQuery,
  Packaging,
  packagingExample,
  StatsQuery,
  statsExample,
  Subaccount,
  subaccountExample,
  SubaccountPage,
  subaccountPageExample,
  SubaccountPath,
  suspendedSubaccountExample,
  UpdateBrandingInput,
  updateBrandingExample,
  UpdatePackagingInput,
  updatePackagingExample,
  UpdateSubaccountStatusInput,
  updateStatusExample,
} from "./model";
import { listSubaccounts, toSubaccount } from "./queries";

const TREE =
  "The key's company's whole tree is reachable: its subaccounts, their subaccounts and so on, down to the configured depth " +
  "(AGENCY_MAX_DEPTH, 5 levels unless set). Any other id (the agency itself, its parent, another tree, an account deeper than the " +
  "reach) is 404, exactly as an id that does not exist.";

const whiteLabel = {
  tag: "White label",
  tagDescription:
    "Each subaccount's branding (name, colour, logo, its own verified domain) and packaging gates (sign-up, what it can buy).",
  capability: "white_label",
} as const;

export const agencyOperations = [
  defineOperation({
    operationId: "getAgencyStats",
    method: "get",
    path: "/api/v1/agency/stats",
    summary: "Channel aggregate for a period",
    description:
      "The agency's subaccounts now by status (and how many were created in the period), and their calls, talk minutes and spend over " +
      "the period. `scope` says which subaccounts: `tree` (the default) counts every account of the agency's tree down to the configured " +
      "depth, `direct` its direct subaccounts only; the answer repeats it. Over " +
      "the period's dates. Dates are YYYY-MM-DD, both ends included: `to` defaults to today in the agency's time zone, `from` to 29 days " +
      "before it; reversed, invalid or over ten years is 400. Each subaccount's calls and spend are counted over those dates in its own " +
      "time zone, as its GET /calls reads them; spend is charges minus refunds of its wallet, per currency.",
    scope: "agency:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: StatsQuery },
    responses: { 200: { description: "The channel's figures", schema: AgencyStats, example: statsExample } },
    handler: async ({ db, env, caller, config, query }) => ({
      status: 200,
      body: await agencyStats({ db, env, caller, config }, query),
    }),
  }),

  defineOperation({
    operationId: "listSubaccounts",
    method: "get",
    path: "/api/v1/subaccounts",
    summary: "List subaccounts of the tree",
    description:
      "Every account of the key's company's tree, newest first: its subaccounts, their subaccounts and so on, down to the configured " +
      "depth (AGENCY_MAX_DEPTH, 5 levels unless set); `agency_id` says each one's parent. Filters: status (active, suspended; another " +
      "value is 400) and search (part of the name, case-insensitive).",
    scope: "subaccounts:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListSubaccountsQuery },
    responses: {
      200: { description: "A page of subaccounts", schema: SubaccountPage, example: subaccountPageExample },
    },
    handler: async ({ db, caller, config, query }) => ({
      status: 200,
      body: await listSubaccounts(
        db,
        caller.company.id,
        config.agency.maxDepth,
        { status: query.status, search: query.search },
        query,
      ),
    }),
  }),

  defineOperation({
    operationId: "getSubaccount",
    method: "get",
    path: "/api/v1/subaccounts/{subaccount_id}",
    summary: "Read an account of the tree",
    description: `One subaccount: name, plan, status, owner. ${TREE}`,
    scope: "subaccounts:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: SubaccountPath },
    responses: { 200: { description: "The subaccount", schema: Subaccount, example: subaccountExample } },
    handler: async ({ db, caller, config, params }) => ({
      status: 200,
      body: toSubaccount(await requireSubaccount({ db, caller, config }, params.subaccount_id)),
    }),
  }),

  defineOperation({
    ...whiteLabel,
    operationId: "getSubaccountBranding",
    method: "get",
    path: "/api/v1/subaccounts/{subaccount_id}/branding",
    summary: "Read branding",
    description:
      "The subaccount's branding (null fields are not set), whether its custom domain is verified, and the TXT record to publish to " +
      `verify it: host \`_svc-verify.<domain>\`, value \`svc-verify=<account id>\`. ${TREE}`,
    scope: "branding:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: SubaccountPath },
    responses: { 200: { description: "The branding", schema: Branding, example: brandingExample } },
    handler: async ({ db, caller, config, params }) => ({
      status: 200,
      body: await readBranding({ db, caller, config }, params.subaccount_id),
    }),
  }),

  defineOperation({
    ...whiteLabel,
    operationId: "updateSubaccountBranding",
    method: "patch",
    path: "/api/v1/subaccounts/{subaccount_id}/branding",
    summary: "Edit branding (name, logo, colours, own domain)",
    description:
      "Changes the fields sent (omitted fields stay, null removes one): company_name, primary_color (#RRGGBB), logo_url (https only), " +
      "custom_domain (a host name). custom_domain_verified is read-only: sending it is 400. A custom domain another account uses is 409. " +
      `A custom_domain other than the current one is unverified, in the same write. Emits subaccount.branding_updated. ${TREE}`,
    scope: "branding:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 409, 429, 500],
    request: { params: SubaccountPath, body: UpdateBrandingInput, example: updateBrandingExample },
    responses: { 200: { description: "The branding after the change", schema: Branding, example: brandingExample } },
    replay: async ({ db, caller, config, params }) => ({
      status: 200,
      body: await readBranding({ db, caller, config }, params.subaccount_id),
    }),
    handler: async ({ db, caller, config, params, body, commit, requestId }) => ({
      status: 200,
      body: await updateBranding(
        { db, caller, config, commit, requestId },
        { subaccountId: params.subaccount_id, changes: body },
      ),
    }),
  }),

  defineOperation({
    ...whiteLabel,
    operationId: "verifySubaccountDomain",
    method: "post",
    path: "/api/v1/subaccounts/{subaccount_id}/branding/verify-domain",
    summary: "Verify the own domain against DNS",
    description:
      "Looks up the TXT record of the branding's dns_record over DNS (DNS over HTTPS) and marks the custom domain verified when the exact " +
      "value is published (emits subaccount.domain_verified). Otherwise it answers 200 with verified as it was and `result` and `reason` " +
      "saying why: no record, other values, or a resolver that could not answer (this operation declares no 502 or 503). A failed check " +
      `never revokes an earlier verification; only a new custom_domain does. Without a custom domain it is 400. ${TREE}`,
    scope: "branding:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: SubaccountPath },
    responses: {
      200: { description: "The outcome of the check", schema: DomainVerification, example: domainVerificationExample },
    },
    replay: async ({ db, caller, config, params }) => {
      const verified = await verifiedDomain({ db, caller, config }, params.subaccount_id);
      return verified && { status: 200, body: verified };
    },
    handler: async ({ db, caller, params, commit, config, requestId }) => ({
      status: 200,
      body: await verifyDomain({ db, caller, commit, config, requestId }, params.subaccount_id),
    }),
  }),

  defineOperation({
    ...whiteLabel,
    operationId: "getSubaccountPackaging",
    method: "get",
    path: "/api/v1/subaccounts/{subaccount_id}/packaging",
    summary: "Read packaging gates",
    description: `The subaccount's packaging gates: allow_signup, hide_plans, hide_addons (all false until set). ${TREE}`,
    scope: "branding:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: SubaccountPath },
    responses: { 200: { description: "The packaging gates", schema: Packaging, example: packagingExample } },
    handler: async ({ db, caller, config, params }) => ({
      status: 200,
      body: await readPackaging({ db, caller, config }, params.subaccount_id),
    }),
  }),

  defineOperation({
    ...whiteLabel,
    operationId: "updateSubaccountPackaging",
    method: "patch",
    path: "/api/v1/subaccounts/{subaccount_id}/packaging",
    summary: "Edit packaging gates",
    description: `Changes the gates sent (booleans; omitted gates stay; at least one). Emits subaccount.packaging_updated. ${TREE}`,
    scope: "branding:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: SubaccountPath, body: UpdatePackagingInput, example: updatePackagingExample },
    responses: {
      200: { description: "The packaging gates after the change", schema: Packaging, example: packagingExample },
    },
    replay: async ({ db, caller, config, params }) => ({
      status: 200,
      body: await readPackaging({ db, caller, config }, params.subaccount_id),
    }),
    handler: async ({ db, caller, config, params, body, commit }) => ({
      status: 200,
      body: await updatePackaging(
        { db, caller, config, commit },
        { subaccountId: params.subaccount_id, changes: body },
      ),
    }),
  }),

  defineOperation({
    operationId: "createSubaccount",
    method: "post",
    path: "/api/v1/agency/subaccounts",
    summary: "Create a subaccount",
    description:
      "Creates a client company under the key's company, active, with a plan (the agency's own or one below it) and its owner's email " +
      "(one subaccount per owner email in the agency's tree: another is 409). It inherits the agency's region, currency and VAT rate. " +
      "When the agency has a setup price, it is debited from the agency's wallet in the same transaction (a balance that does not cover " +
      "it is 409, nothing created). A retry with the same Idempotency-Key answers the first outcome and never charges twice. No outside " +
      "provider is involved, so this implementation never answers the declared 503. Emits subaccount.created.",
    scope: "agency:write",
    gate: "S",
    codes: [201, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { body: CreateSubaccountInput, example: createSubaccountExample },
    responses: {
      201: {
        description: "The subaccount, and what its setup cost",
        schema: CreatedSubaccount,
        example: createdSubaccountExample,
      },
    },
    handler: async ({ db, caller, body, commit }) => ({
      status: 201,
      body: await createSubaccount({ db, caller, commit }, body),
    }),
    quote: async ({ db, caller, body }) => quoteSubaccountCreation({ db, caller }, body),
  }),

  defineOperation({
    operationId: "updateSubaccountStatus",
    method: "patch",
    path: "/api/v1/agency/subaccounts/{subaccount_id}",
    summary: "Activate or suspend a subaccount",
    description:
      "Sets the subaccount's status to active or suspended. Suspending it suspends its whole subtree too (every active account below " +
      "it); activating it restores exactly what that suspension suspended (an account below it that was suspended on its own stays " +
      "suspended). Its API keys, and those of every account it changed, answer 401 from the next request on. The status it already has " +
      "is 409 (also when another request changed it first), and so is activating an account suspended because an account above it is; " +
      "the problem's `subaccount_status` says its status (and `suspended_by` which suspension holds it, when not its own). " +
      `Emits subaccount.status_changed. Never answers the declared 503. ${TREE}`,
    scope: "agency:write",
    gate: "S",
    codes: [200, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { params: SubaccountPath, body: UpdateSubaccountStatusInput, example: updateStatusExample },
    responses: {
      200: { description: "The subaccount after the change", schema: Subaccount, example: suspendedSubaccountExample },
    },
    handler: async ({ db, env, caller, config, params, body, commit }) => ({
      status: 200,
      body: await changeSubaccountStatus(
        { db, env, caller, config, commit },
        { subaccountId: params.subaccount_id, to: body.status },
      ),
    }),
    quote: async ({ caller, params, body }) =>
      quoteSubaccountStatus({ caller }, { subaccountId: params.subaccount_id, to: body.status }),
  }),
];
