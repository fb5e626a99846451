import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { ClientSummary, clientPageExample } from "./model";
import { listClients } from "./queries";

export const clientOperations = [
  defineOperation({
    operationId: "listClients",
    method: "get",
    path: "/api/v1/clients",
    summary: "List saved clients",
    description: "Saved clients of the key's company, newest first (created_at, then id, descending).",
    scope: "clients:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { query: OffsetPageQuery },
    responses: {
      200: {
        description: "A page of clients",
        schema: offsetEnvelope(ClientSummary, "ClientPage", "A page of saved clients, newest first"),
        example: clientPageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await listClients(db, caller.company.id, query) }),
  }),
];
