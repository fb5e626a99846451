import { defineOperation } from "../../core/operation";
import {
  CreateTrunkInput,
  createTrunkExample,
  DeletedTrunk,
  deletedTrunkExample,
  ListTrunksQuery,
  SipTrunk,
  sipTrunkExample,
  SipTrunkPage,
  sipTrunkPageExample,
  TrunkPath,
  UpdateTrunkInput,
  updateTrunkExample,
} from "./model";
import {
  changeTrunk,
  createTrunk,
  quoteTrunkChange,
  quoteTrunkCreation,
  quoteTrunkResumption,
  removeTrunk,
  resumeTrunk,
  trunkList,
  trunkView,
} from "./actions";

const write = { scope: "sip-trunks:write", gate: "S", plans: "PSBAPE" } as const;

export const sipTrunkOperations = [
  defineOperation({
    operationId: "listSipTrunks",
    method: "get",
    path: "/api/v1/sip-trunks",
    summary: "List SIP trunks",
    description:
      "The company's SIP trunks, newest first, without their passwords (write-only); `numbers` counts the phone numbers routed through each.",
    scope: "sip-trunks:read",
    gate: "A",
    codes: [200, 401, 403, 429, 500],
    request: { query: ListTrunksQuery },
    responses: { 200: { description: "A page of SIP trunks", schema: SipTrunkPage, example: sipTrunkPageExample } },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await trunkList({ db, caller }, query) }),
  }),

  defineOperation({
    ...write,
    operationId: "createSipTrunk",
    method: "post",
    path: "/api/v1/sip-trunks",
    summary: "Create a SIP trunk",
    description:
      "Creates a SIP trunk and charges its monthly price through the wallet in the same batch (a balance short of it is 409 with the " +
      "amounts). The password is write-only: stored encrypted (AES-256-GCM), never answered, logged or sent in an event. A name the " +
      "company already uses is 409. The trunk is made at the telephony provider first (an Elastic SIP trunk, a credential list with " +
      "the username and password, an origination URL to host:port): a provider failure is 503 (integration_not_configured, or " +
      "provider_unavailable) with no trunk kept and nothing charged. Emits sip_trunk.created.",
    codes: [201, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { body: CreateTrunkInput, example: createTrunkExample },
    responses: { 201: { description: "The trunk, without its password", schema: SipTrunk, example: sipTrunkExample } },
    replay: async ({ db, caller }, { resourceId }) =>
      resourceId ? { status: 201, body: await trunkView({ db, caller }, resourceId) } : undefined,
    handler: async ({ db, caller, config, requestId, body, commit }) => ({
      status: 201,
      body: await createTrunk({ db, caller, config, requestId, commit }, body),
    }),
    quote: async ({ db, caller, body }) => quoteTrunkCreation({ db, caller }, body),
  }),

  defineOperation({
    ...write,
    operationId: "updateSipTrunk",
    method: "patch",
    path: "/api/v1/sip-trunks/{trunk_id}",
    summary: "Modify a SIP trunk",
    description:
      "Changes the fields sent; a new password replaces the stored one (still write-only). Another trunk's name is 409. Concurrent " +
      "changes each apply (compare-and-set on the trunk's version, applied again over the other). Emits sip_trunk.updated with the " +
      "names of the changed fields. A new host, port or transport changes the provider's origination URL, a new username or password " +
      "its credential; a provider failure is 503 and changes nothing.",
    codes: [200, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { params: TrunkPath, body: UpdateTrunkInput, example: updateTrunkExample },
    responses: {
      200: {
        description: "The trunk after the change",
        schema: SipTrunk,
        example: { ...sipTrunkExample, channels: 20 },
      },
    },
    replay: async ({ db, caller, params }) => ({ status: 200, body: await trunkView({ db, caller }, params.trunk_id) }),
    handler: async ({ db, caller, config, requestId, params, body, commit }) => ({
      status: 200,
      body: await changeTrunk({ db, caller, config, requestId, commit }, { trunkId: params.trunk_id, patch: body }),
    }),
    quote: async ({ db, caller, params }) => quoteTrunkChange({ db, caller }, params.trunk_id, "update"),
  }),

  defineOperation({
    ...write,
    operationId: "deleteSipTrunk",
    method: "delete",
    path: "/api/v1/sip-trunks/{trunk_id}",
    summary: "Delete a SIP trunk",
    description:
      "Deletes the trunk at the telephony provider, then here (nothing is refunded). A trunk that phone numbers still route through is 409. " +
      "A provider failure is 503 and the trunk stays (a retry completes the delete). Emits sip_trunk.deleted.",
    codes: [200, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { params: TrunkPath },
    responses: { 200: { description: "Deleted", schema: DeletedTrunk, example: deletedTrunkExample } },
    // The answer names only the trunk the batch deleted, which its audit entry names too.
    replay: async (_context, { resourceId }) =>
      resourceId ? { status: 200, body: { id: resourceId, deleted: true as const } } : undefined,
    handler: async ({ db, caller, config, requestId, params, commit }) => ({
      status: 200,
      body: await removeTrunk({ db, caller, config, requestId, commit }, params.trunk_id),
    }),
    quote: async ({ db, caller, params }) => quoteTrunkChange({ db, caller }, params.trunk_id, "delete"),
  }),

  defineOperation({
    ...write,
    operationId: "resumeSipTrunk",
    method: "post",
    path: "/api/v1/sip-trunks/{trunk_id}/resume",
    summary: "Resume a suspended SIP trunk",
    description:
      "A trunk whose monthly renewal the wallet could not pay is suspended (kept, `status: suspended`). Resuming it charges a new " +
      "month from now through the wallet and issues its invoice, in one batch (a balance short of it is 409 with the amounts); it " +
      "renews monthly again from then. An active trunk answers as it is, nothing charged. Emits sip_trunk.resumed.",
    codes: [200, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { params: TrunkPath },
    responses: { 200: { description: "The trunk, active", schema: SipTrunk, example: sipTrunkExample } },
    // A batch is written only when a suspended trunk was resumed (an active one answers as it is).
    replay: async ({ db, caller, params }) => ({ status: 200, body: await trunkView({ db, caller }, params.trunk_id) }),
    handler: async ({ db, caller, params, commit }) => ({
      status: 200,
      body: await resumeTrunk({ db, caller, commit }, params.trunk_id),
    }),
    quote: async ({ db, caller, params }) => quoteTrunkResumption({ db, caller }, params.trunk_id),
  }),
];
