import { z } from "@hono/zod-openapi";
import { and, desc, eq, isNull } from "drizzle-orm";
import { activeLineagesOf } from "../keys/auth";
import { apiKeys, companies, nowIso, operatorAuditLog } from "../data/schema";
import { ApiError } from "../lib/errors";
import { keysChanged } from "../keys/key-changes";
import { CompanyParams, defineOperatorOperation, type OperatorOperation } from "../core/operator";
import { plans } from "../lib/plans";
import { countryCode } from "../lib/phone";
import { currencyCode } from "../lib/schemas";
import { knownScopes } from "../keys/scopes";
import { runWriteBatch } from "../core/commit";
import { subscriptionFromCreation } from "../domains/billing";
import { configureCalls } from "../domains/calls";
import { checkMailboxGrant, mailboxGrantStatements } from "../domains/inbox";
import { requireCompany } from "../data/rows";
import { databaseFor, placementOf } from "../data/tenancy";
import { DOCS_EXAMPLES_COMPANY, setOperatorSetting, storedOperatorSetting } from "../data/operator-settings";
import { moveOperatorOperations } from "./moves";
import { createTenant, newKey, revokeKey } from "./provision";
import { clock } from "../lib/clock";

/** The operator API's own part: companies, their keys, the operators' audit trail, and the document's examples company. */

const KeyParams = z.object({ key_id: z.string().min(1).max(100) });
const capability = z
  .string()
  .max(40)
  .regex(/^[a-z_]{1,40}$/);

const Company = z.object({
  company_id: z.string(),
  name: z.string(),
  plan: z.enum(plans),
  parent_company_id: z.string().nullable(),
  capabilities: z.array(z.string()).max(50),
  spend_enabled: z.boolean(),
  status: z.enum(["active", "suspended"]),
  currency: z.string().nullable(),
  country: z.string(),
  vat_rate: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

type CompanyRow = typeof companies.$inferSelect;
const companyView = (row: CompanyRow): z.input<typeof Company> => ({
  company_id: row.id,
  name: row.name,
  plan: row.plan,
  parent_company_id: row.parentCompanyId,
  capabilities: row.capabilities,
  spend_enabled: row.spendEnabled,
  status: row.status,
  currency: row.defaultCurrency,
  country: row.defaultRegion,
  vat_rate: row.defaultVatRate,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

const companyRowOf = async (db: Parameters<typeof requireCompany>[0], companyId: string) => {
  const row = await db.select().from(companies).where(eq(companies.id, companyId)).get();
  if (!row) throw new ApiError("not_found", `No company ${companyId}.`);
  return row;
};

const createCompany = defineOperatorOperation({
  operationId: "createCompany",
  method: "post",
  path: "/admin/v1/companies",
  summary: "Create a company (a tenant)",
  description:
    "A company on a plan, optionally a subaccount of an agency (`parent_company_id`). It spends only once `spend_enabled` is true.",
  tag: "Companies",
  request: {
    body: z.object({
      name: z.string().trim().min(1).max(200),
      plan: z.enum(plans),
      parent_company_id: z.string().min(1).max(100).optional(),
      capabilities: z.array(capability).max(50).optional(),
      spend_enabled: z.boolean().optional(),
      currency: currencyCode().optional(),
      country: countryCode().optional(),
      time_zone: z.string().min(1).max(64).optional(),
      vat_rate: z.number().min(0).max(100).optional(),
    }),
  },
  responses: { 201: { description: "The company", schema: Company } },
  codes: [],
  handler: async ({ db: controlDb, env, body }) => {
    const { company_id } = await createTenant(controlDb, {
      store: await placementOf(env, body.parent_company_id),
      name: body.name,
      plan: body.plan,
      parentCompanyId: body.parent_company_id ?? null,
      capabilities: body.capabilities ?? [],
      spendEnabled: body.spend_enabled ?? false,
      defaultCurrency: body.currency ?? null,
      defaultRegion: body.country,
      defaultVatRate: body.vat_rate,
    });
    const db = databaseFor(env, company_id);
    // On a paid plan the company has its subscription from creation, renewed from its wallet at the period's end.
    await runWriteBatch(
      db,
      subscriptionFromCreation(db, {
        companyId: company_id,
        plan: body.plan,
        currency: body.currency ?? "EUR",
        at: clock.iso(),
      }),
    );
    // The company's calendar for its call statistics (the calls domain keeps it).
    if (body.time_zone) await configureCalls(db, company_id, { timeZone: body.time_zone });
    return {
      status: 201,
      body: companyView(await companyRowOf(db, company_id)),
      audit: { companyId: company_id, resourceType: "company", resourceId: company_id },
    };
  },
});

const getCompany = defineOperatorOperation({
  operationId: "getCompany",
  method: "get",
  path: "/admin/v1/companies/{company_id}",
  summary: "Read a company",
  tag: "Companies",
  request: { params: CompanyParams },
  responses: { 200: { description: "The company", schema: Company } },
  codes: [],
  handler: async ({ db, params }) => ({ status: 200, body: companyView(await companyRowOf(db, params.company_id)) }),
});

const updateCompany = defineOperatorOperation({
  operationId: "updateCompany",
  method: "patch",
  path: "/admin/v1/companies/{company_id}",
  summary: "Change a company's plan, spending, capabilities or defaults",
  description:
    "In force on every key of the company from its next request (each key's Durable Object is told before this answers).",
  tag: "Companies",
  request: {
    params: CompanyParams,
    body: z.object({
      name: z.string().trim().min(1).max(200).optional(),
      plan: z.enum(plans).optional(),
      spend_enabled: z.boolean().optional(),
      capabilities: z.array(capability).max(50).optional(),
      currency: currencyCode().optional(),
      country: countryCode().optional(),
      vat_rate: z.number().min(0).max(100).optional(),
    }),
  },
  responses: { 200: { description: "The company as changed", schema: Company } },
  codes: [],
  handler: async ({ db, env, params, body }) => {
    const changes = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.plan === undefined ? {} : { plan: body.plan }),
      ...(body.spend_enabled === undefined ? {} : { spendEnabled: body.spend_enabled }),
      ...(body.capabilities === undefined ? {} : { capabilities: body.capabilities }),
      ...(body.currency === undefined ? {} : { defaultCurrency: body.currency }),
      ...(body.country === undefined ? {} : { defaultRegion: body.country }),
      ...(body.vat_rate === undefined ? {} : { defaultVatRate: body.vat_rate }),
    };
    const [row] = await db
      .update(companies)
      .set({ ...changes, updatedAt: nowIso() })
      .where(eq(companies.id, params.company_id))
      .returning();
    if (!row) throw new ApiError("not_found", `No company ${params.company_id}.`);
    await keysChanged(env, await activeLineagesOf(db, row.id));
    return {
      status: 200,
      body: companyView(row),
      audit: { companyId: row.id, resourceType: "company", resourceId: row.id },
    };
  },
});

const Key = z.object({
  key_id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()).max(200),
  environment: z.enum(["test", "live"]),
  key_prefix: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

const createCompanyKey = defineOperatorOperation({
  operationId: "createCompanyKey",
  method: "post",
  path: "/admin/v1/companies/{company_id}/keys",
  summary: "Mint an API key of a company",
  description:
    "The key (`api_key`) is shown only in this answer. `mailbox_ids` restricts it to those shared mailboxes of its company.",
  tag: "Keys",
  request: {
    params: CompanyParams,
    body: z.object({
      scopes: z.union([z.literal("all"), z.array(z.enum(knownScopes)).min(1).max(200)]),
      name: z.string().trim().min(1).max(100).optional(),
      environment: z.enum(["test", "live"]).optional(),
      mailbox_ids: z.array(z.string().min(1).max(100)).max(100).optional(),
    }),
  },
  responses: {
    201: {
      description: "The key, shown once",
      schema: z.object({
        key_id: z.string(),
        api_key: z.string(),
        scopes: z.array(z.string()).max(200),
        mailbox_ids: z.array(z.string()).max(100).optional(),
      }),
    },
  },
  codes: [503],
  handler: async ({ db, config, params, body, commit }) => {
    const companyId = params.company_id;
    await requireCompany(db, companyId);
    if (body.mailbox_ids) await checkMailboxGrant(db, companyId, body.mailbox_ids);
    const key = await newKey(
      db,
      {
        companyId,
        scopes: body.scopes === "all" ? [...knownScopes] : body.scopes,
        name: body.name,
        environment: body.environment,
      },
      config.apiKeys.checkSecret,
    );
    // The key and its grants in one batch: across two databases, the grants land first (their
    // precondition orders them), so no crash leaves a restricted key reading every mailbox.
    const grants = body.mailbox_ids
      ? mailboxGrantStatements(db, { companyId, lineageId: key.lineageId, mailboxIds: body.mailbox_ids })
      : [];
    await commit(companyId, [...grants, key.insert]);
    return {
      status: 201,
      body: { ...key.answer, ...(body.mailbox_ids ? { mailbox_ids: [...new Set(body.mailbox_ids)] } : {}) },
      audit: { companyId, resourceType: "api_key", resourceId: key.answer.key_id },
    };
  },
});

const listCompanyKeys = defineOperatorOperation({
  operationId: "listCompanyKeys",
  method: "get",
  path: "/admin/v1/companies/{company_id}/keys",
  summary: "List a company's API keys (never the keys themselves)",
  tag: "Keys",
  request: { params: CompanyParams, query: z.object({ active: z.enum(["true", "false"]).optional() }) },
  responses: { 200: { description: "The keys, newest first", schema: z.object({ data: z.array(Key) }) } },
  codes: [],
  handler: async ({ db, params, query }) => {
    await requireCompany(db, params.company_id);
    const rows = await db
      .select()
      .from(apiKeys)
      .where(
        and(eq(apiKeys.companyId, params.company_id), query.active === "true" ? isNull(apiKeys.revokedAt) : undefined),
      )
      .orderBy(desc(apiKeys.createdAt))
      .all();
    const data = rows.map((row) => ({
      key_id: row.id,
      name: row.name,
      scopes: row.scopes,
      environment: row.environment,
      key_prefix: row.keyPrefix,
      created_at: row.createdAt,
      revoked_at: row.revokedAt,
    }));
    return { status: 200, body: { data } };
  },
});

const revokeCompanyKey = defineOperatorOperation({
  operationId: "revokeKey",
  method: "post",
  path: "/admin/v1/keys/{key_id}/revoke",
  summary: "Revoke an API key",
  description:
    "D1, then the key's Durable Object: the key fails from its very next request. A key that was rotated is revoked with every key it was rotated into. Revoking a revoked key answers its first revocation.",
  tag: "Keys",
  request: { params: KeyParams },
  responses: {
    200: {
      description: "The key is revoked, with the keys it had been rotated into",
      schema: z.object({
        key_id: z.string(),
        revoked_at: z.string(),
        successors_revoked: z
          .array(z.string())
          .describe(
            "Keys of the same rotation chain that were still active: a rotated key names the integration's credential, so its successors go with it.",
          ),
      }),
    },
  },
  codes: [],
  handler: async ({ db, env, params }) => {
    const revoked = await revokeKey(db, params.key_id);
    await keysChanged(env, [revoked.lineage_id]);
    const owner = await db
      .select({ companyId: apiKeys.companyId })
      .from(apiKeys)
      .where(eq(apiKeys.id, revoked.key_id))
      .get();
    return {
      status: 200,
      body: { key_id: revoked.key_id, revoked_at: revoked.revoked_at, successors_revoked: revoked.successors_revoked },
      audit: { companyId: owner?.companyId ?? null, resourceType: "api_key", resourceId: revoked.key_id },
    };
  },
});

const listOperatorAudit = defineOperatorOperation({
  operationId: "listOperatorAudit",
  method: "get",
  path: "/admin/v1/audit-log",
  summary: "What operators did, newest first",
  tag: "Audit",
  request: {
    query: z.object({
      company_id: z.string().min(1).max(100).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
  },
  responses: {
    200: {
      description: "Operator audit entries",
      schema: z.object({
        data: z
          .array(
            z.object({
              id: z.string(),
              company_id: z.string().nullable(),
              operation: z.string(),
              method: z.string(),
              path: z.string(),
              resource_type: z.string(),
              resource_id: z.string().nullable(),
              request_id: z.string(),
              created_at: z.string(),
            }),
          )
          .max(500),
      }),
    },
  },
  codes: [],
  handler: async ({ db, query }) => {
    const rows = await db
      .select()
      .from(operatorAuditLog)
      .where(query.company_id ? eq(operatorAuditLog.companyId, query.company_id) : undefined)
      .orderBy(desc(operatorAuditLog.createdAt), desc(operatorAuditLog.id))
      .limit(query.limit)
      .all();
    const data = rows.map((row) => ({
      id: row.id,
      company_id: row.companyId,
      operation: row.operation,
      method: row.method,
      path: row.path,
      resource_type: row.resourceType,
      resource_id: row.resourceId,
      request_id: row.requestId,
      created_at: row.createdAt,
    }));
    return { status: 200, body: { data } };
  },
});

const ExamplesCompany = z.object({
  company_id: z
    .string()
    .nullable()
    .describe("The company whose rows the public document's examples name; null: the fixed example ids (the default)"),
  updated_at: z.string().nullable().describe("When an operator last set it; null: never"),
});

const examplesCompanyDescription =
  "Off by default. When set, GET /api/v1/openapi.json (which /docs reads) names, in place of each fixed id of its examples " +
  "(an agent, email templates, a sending identity, contacts, a list, a team member, an alert, an inbound WhatsApp message), " +
  "the id of that company's row that stands for it (its oldest active agent, its two oldest templates, ...), so that try-it " +
  "with the company's key finds what the examples name: for the demo of a local or sandbox deployment (npm run dev sets it). " +
  "Leave it unset where the document is public: anyone could read that company's ids in it. " +
  "Every isolate serves a change within 30 s.";

const getDocsExamplesCompany = defineOperatorOperation({
  operationId: "getDocsExamplesCompany",
  method: "get",
  path: "/admin/v1/docs/examples-company",
  summary: "The company whose rows the public document's examples name",
  description: examplesCompanyDescription,
  tag: "Documentation",
  responses: { 200: { description: "The setting", schema: ExamplesCompany } },
  codes: [],
  handler: async ({ db }) => {
    const stored = await storedOperatorSetting(db, DOCS_EXAMPLES_COMPANY);
    return { status: 200, body: { company_id: stored.value, updated_at: stored.updatedAt } };
  },
});

const setDocsExamplesCompany = defineOperatorOperation({
  operationId: "setDocsExamplesCompany",
  method: "put",
  path: "/admin/v1/docs/examples-company",
  summary: "Name the company whose rows the public document's examples name (null: none)",
  description: `${examplesCompanyDescription} An unknown company is 404.`,
  tag: "Documentation",
  request: {
    body: z.object({
      company_id: z
        .string()
        .min(1)
        .max(100)
        .nullable()
        .describe("A company (its rows replace the examples' ids), or null to show the fixed ids again"),
    }),
  },
  responses: { 200: { description: "The setting as changed", schema: ExamplesCompany } },
  codes: [],
  handler: async ({ db, env, body }) => {
    if (body.company_id !== null) await companyRowOf(db, body.company_id);
    const stored = await setOperatorSetting(env, db, DOCS_EXAMPLES_COMPANY, body.company_id);
    return {
      status: 200,
      body: { company_id: stored.value, updated_at: stored.updatedAt },
      audit: { companyId: body.company_id, resourceType: "operator_setting", resourceId: DOCS_EXAMPLES_COMPANY },
    };
  },
});

/** The operator API's operations that belong to no domain (each domain declares its own). */
export const platformOperatorOperations: readonly OperatorOperation[] = [
  createCompany,
  getCompany,
  updateCompany,
  createCompanyKey,
  listCompanyKeys,
  revokeCompanyKey,
  listOperatorAudit,
  getDocsExamplesCompany,
  setDocsExamplesCompany,
  ...moveOperatorOperations,
];
