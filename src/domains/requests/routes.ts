import { defineOperation } from "../../core/operation";
import { cursorEnvelope } from "../../lib/pagination";
import { REQUEST_LOG_BODY_MAX_BYTES, REQUEST_LOG_RETENTION_DAYS } from "../../data/request-log";
import { requestDetail, requestPage } from "./actions";
import {
  RequestDetail,
  requestDetailExample,
  requestPageExample,
  RequestParams,
  RequestsQuery,
  RequestSummary,
} from "./model";

export const requestOperations = [
  defineOperation({
    operationId: "listRequests",
    method: "get",
    path: "/api/v1/requests",
    summary: "List the company's requests",
    description:
      `Every request the company's keys made (reads too) once the key was recognised, newest first, kept ${REQUEST_LOG_RETENTION_DAYS} days: ` +
      "method, path, status, duration, the key's id, the Idempotency-Key and whether it was replayed. " +
      "Filter by status (`404` or `4xx`), method, path, Idempotency-Key and a time window (`since`, `until`). " +
      "An entry is written just after its response is sent, so a request appears a moment after its answer.",
    scope: "audit:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: RequestsQuery },
    responses: {
      200: {
        description: "A page of requests",
        schema: cursorEnvelope(RequestSummary, "RequestPage", "A page of the request log, newest first"),
        example: requestPageExample,
      },
    },
    handler: async ({ db, caller, query }) => {
      const { limit, cursor, ...filter } = query;
      return { status: 200, body: await requestPage({ db, caller }, filter, { limit, cursor }) };
    },
  }),
  defineOperation({
    operationId: "getRequest",
    method: "get",
    path: "/api/v1/requests/{request_id}",
    summary: "Look up one request",
    description:
      "One request by its X-Request-Id: what the list shows, the query and bodies with every field the declarations mark " +
      `secret or personal redacted (bodies over ${REQUEST_LOG_BODY_MAX_BYTES / 1024} KiB are kept by size only), the problem for an error, ` +
      "and what it caused: the events it emitted with each delivery's attempts, the provider calls it made (intents) and the " +
      "callbacks that came back about them. Another company's request answers 404, as an unknown id does; " +
      "when a client sent the same X-Request-Id twice, the newest request is shown.",
    scope: "audit:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: RequestParams },
    responses: {
      200: { description: "The request", schema: RequestDetail, example: requestDetailExample },
    },
    handler: async ({ db, caller, params }) => ({
      status: 200,
      body: await requestDetail({ db, caller }, params.request_id),
    }),
  }),
];
