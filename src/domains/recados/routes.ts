import { defineOperation } from "../../core/operation";
import { ListRecadosQuery, RecadoPage, recadoPageExample } from "./model";
import { recadoPage } from "./actions";

export const recadoOperations = [
  defineOperation({
    operationId: "listRecados",
    method: "get",
    path: "/api/v1/recados",
    summary: "List the message-slip inbox",
    description:
      "The message slips the company's agents took during calls (caller, phone, message, when, whether read), newest first. " +
      "Filter: `read`. 503 integration_not_configured while the company's workspace is not set up.",
    scope: "recados:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500, 503],
    request: { query: ListRecadosQuery },
    responses: { 200: { description: "A page of message slips", schema: RecadoPage, example: recadoPageExample } },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await recadoPage({ db, caller }, query) }),
  }),
];
