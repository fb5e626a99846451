import { defineOperation } from "../../core/operation";
import {
  EmailConnectionPage,
  emailConnectionPageExample,
  EmailHistoryEntry,
  emailHistoryEntryExample,
  EmailHistoryPage,
  emailHistoryPageExample,
  EmailHistoryQuery,
  ListConnectionsQuery,
  SendEmailInput,
  sendEmailExample,
} from "./model";
import { listEmailHistory, listIdentities } from "./queries";
import { sendEmail } from "./actions";

export const emailOperations = [
  defineOperation({
    operationId: "listEmailConnections",
    method: "get",
    path: "/api/v1/email/connections",
    summary: "List email sending identities",
    description:
      "The addresses the company's email goes out from (address, display name, whether verified), newest first. " +
      "Read-only: identities are added and verified in the panel; their credentials are never returned. Filter: `verified`.",
    scope: "email-configs:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListConnectionsQuery },
    responses: {
      200: {
        description: "A page of sending identities",
        schema: EmailConnectionPage,
        example: emailConnectionPageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listIdentities(db, caller.company.id, { verified: query.verified }, query),
    }),
  }),

  defineOperation({
    operationId: "listEmailHistory",
    method: "get",
    path: "/api/v1/email/history",
    summary: "Email history",
    description:
      "Every email sent through the API, newest first, with its status (`sending`, `sent`, `failed`) and the provider's message id. Filter: `status`.",
    scope: "email:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: EmailHistoryQuery },
    responses: {
      200: { description: "A page of sent emails", schema: EmailHistoryPage, example: emailHistoryPageExample },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listEmailHistory(db, caller.company.id, { status: query.status }, query),
    }),
  }),

  defineOperation({
    operationId: "sendEmail",
    method: "post",
    path: "/api/v1/email/send",
    summary: "Send an email",
    description:
      "Sends a plain-text email from a verified sending identity (`identity_id`, else the company's oldest verified one) and answers it with the provider's message id. " +
      "503 integration_not_configured when the company has no verified identity or the email provider is not configured (nothing is recorded); " +
      "502 upstream_error when the provider fails or refuses the recipient (the email is recorded as failed and not retried). " +
      "An unknown or unverified `identity_id` is 400.",
    scope: "email:send",
    gate: "W",
    codes: [200, 400, 401, 403, 429, 502, 503],
    request: { body: SendEmailInput, example: sendEmailExample },
    responses: {
      200: {
        description: "The email, accepted by the provider",
        schema: EmailHistoryEntry,
        example: emailHistoryEntryExample,
      },
    },
    // A retry after a crash adopts the send its first attempt recorded (work/intents.ts): it runs again.
    resumesAfterCrash: true,
    handler: async ({ db, caller, config, requestId, idempotencyKey, body, commit }) => ({
      status: 200,
      body: await sendEmail({ db, caller, config, requestId, idempotencyKey, commit }, body),
    }),
  }),
];
