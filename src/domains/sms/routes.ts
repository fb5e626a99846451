import { defineOperation } from "../../core/operation";
import { checkSms, sendSms, smsMessageView } from "./actions";
import {
  CheckSmsInput,
  checkSmsExample,
  SendSmsInput,
  sendSmsExample,
  SmsCheck,
  smsCheckExample,
  SmsHistoryPage,
  smsHistoryPageExample,
  SmsHistoryQuery,
  SmsMessage,
  smsMessageExample,
} from "./model";
import { listSmsHistory } from "./queries";

export const smsOperations = [
  defineOperation({
    operationId: "checkSms",
    method: "post",
    path: "/api/v1/sms/check",
    summary: "Verify SMS recipients without sending",
    description:
      "Checks up to 100 numbers without sending or charging: each one's E.164 form and country, whether it can receive an SMS from this account " +
      "(a valid mobile number, in a country the platform reaches, with an SMS price on the account) and its price, plus the optional text's " +
      "encoding (GSM-7 or UCS-2) and segment count. 503 integration_not_configured when SMS is not configured.",
    scope: "sms:send",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 503],
    request: { body: CheckSmsInput, example: checkSmsExample },
    responses: {
      200: { description: "Each recipient and the text's price", schema: SmsCheck, example: smsCheckExample },
    },
    handler: async ({ db, caller, config, requestId, body }) => ({
      status: 200,
      body: await checkSms({ db, caller, config, requestId }, body),
    }),
  }),

  defineOperation({
    operationId: "sendSms",
    method: "post",
    path: "/api/v1/sms/send",
    summary: "Send an SMS",
    description:
      "Sends one SMS and answers it with its segments and cost, debited from the wallet (segments x the destination's price per segment) in the same " +
      "write as its record. A recipient that cannot receive it (invalid, a fixed line, an uncovered country, no price) is 400; a wallet that does not " +
      "cover the cost is 409 conflict (nothing sent or charged); 503 integration_not_configured when SMS is not configured; 502 upstream_error when " +
      "the provider fails or refuses the recipient (the message is recorded as failed, its cost refunded, and it is not retried).",
    scope: "sms:send",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 502, 503],
    request: { body: SendSmsInput, example: sendSmsExample },
    responses: {
      200: { description: "The SMS, accepted by the provider", schema: SmsMessage, example: smsMessageExample },
    },
    // A retry after a crash adopts the send its first attempt recorded (work/intents.ts): it runs again.
    resumesAfterCrash: true,
    handler: async ({ db, caller, config, requestId, idempotencyKey, body, commit }) => ({
      status: 200,
      body: await sendSms({ db, caller, config, requestId, idempotencyKey, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "listSmsHistory",
    method: "get",
    path: "/api/v1/sms/history",
    summary: "SMS history",
    description:
      "Every SMS sent through the API, newest first, with its segments, cost, status and the provider's id. Filter: `status`.",
    scope: "sms:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: SmsHistoryQuery },
    responses: { 200: { description: "A page of sent SMS", schema: SmsHistoryPage, example: smsHistoryPageExample } },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listSmsHistory(db, caller.company.id, { status: query.status }, query, smsMessageView),
    }),
  }),
];
