import { defineOperation } from "../../core/operation";
import { Message, SERVICE_WINDOW_HOURS } from "../conversations";
import { checkPhones, poll, reservation, sendNow, setReserved, templates, typing, typingShown } from "./actions";
import {
  CHECK_MAX_PHONES,
  CheckInput,
  CheckResult,
  PollQuery,
  PollResult,
  pollExample,
  SendInput,
  sendExample,
  sentExample,
  TemplatePage,
  templatePageExample,
  TemplatesQuery,
  TypingInput,
  typingExample,
  TypingResult,
  typingResultExample,
  WhitelistEntry,
  whitelistEntryExample,
  whitelistExample,
  WhitelistInput,
  WhitelistQuery,
} from "./model";

export const whatsappOperations = [
  defineOperation({
    operationId: "checkWhatsAppPhones",
    method: "post",
    path: "/api/v1/whatsapp/check",
    summary: "Who can be written to, and how",
    description:
      `Checks up to ${CHECK_MAX_PHONES} phones without sending: each one's E.164 form and region, whether the contact wrote to the ` +
      `company's number in the last ${SERVICE_WINDOW_HOURS} hours (the customer-service window), and what can be sent: text ` +
      "(window open), template_only (window closed) or none (not a number that can be on WhatsApp, with the reason). " +
      "503 integration_not_configured when the company has no connected number.",
    scope: "whatsapp:send",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 503],
    request: { body: CheckInput, example: { phones: ["+34612345678", "612 345 679", "+34900123456"] } },
    responses: {
      200: {
        description: "One entry per phone",
        schema: CheckResult,
        example: {
          data: [
            {
              input: "+34612345678",
              e164: "+34612345678",
              country: "ES",
              window_open: true,
              window_expires_at: "2026-03-03T09:08:00.000Z",
              can_send: "text",
              reserved_for_external_bot: false,
              reason: null,
            },
            {
              input: "+34900123456",
              e164: "+34900123456",
              country: "ES",
              window_open: false,
              window_expires_at: null,
              can_send: "none",
              reserved_for_external_bot: false,
              reason: "A toll-free number cannot be on WhatsApp.",
            },
          ],
        },
      },
    },
    handler: async ({ db, caller, body }) => ({ status: 200, body: { data: await checkPhones({ db, caller }, body) } }),
  }),

  defineOperation({
    operationId: "pollWhatsAppMessages",
    method: "get",
    path: "/api/v1/whatsapp/messages",
    summary: "List messages (receive by polling)",
    description:
      "The company's WhatsApp messages (both directions, every conversation; notes excluded) after `since`, oldest first, in " +
      "the order they were recorded. Pass `next_since` back as `since`: a poller never misses or repeats a message, also while " +
      "messages arrive during the poll (the position is a sequence assigned as each message is committed, not a time). " +
      "Status changes of messages already read are delivered as events (webhooks). `limit` is clamped to 1..100.",
    scope: "whatsapp:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { query: PollQuery },
    responses: {
      200: {
        description: "Messages after the position, and the next position",
        schema: PollResult,
        example: pollExample,
      },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await poll({ db, caller }, query) }),
  }),

  defineOperation({
    operationId: "sendWhatsAppMessage",
    method: "post",
    path: "/api/v1/whatsapp/send",
    summary: "Send a message (text or template)",
    description:
      "Sends at once, from the company's first connected number, through the WhatsApp provider, and answers the message " +
      `with the provider's id. Free text only within ${SERVICE_WINDOW_HOURS} hours of the contact's last message, else 422 ` +
      "(send an approved template instead); 422 too when the provider refuses the recipient, when the number cannot be on " +
      "WhatsApp, or when the company has no connected number. 502 when the provider fails: the message is recorded as failed " +
      "(event whatsapp.message.failed) and nothing is retried behind the caller's back.",
    scope: "whatsapp:send",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 422, 429, 500, 502],
    request: { body: SendInput, example: sendExample },
    responses: { 200: { description: "The message, sent", schema: Message, example: sentExample } },
    // A retry after a crash adopts the send its first attempt recorded (work/intents.ts): it runs again.
    resumesAfterCrash: true,
    handler: async ({ db, caller, config, requestId, idempotencyKey, body, commit }) => ({
      status: 200,
      body: await sendNow({ db, caller, config, requestId, idempotencyKey, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "listWhatsAppTemplates",
    method: "get",
    path: "/api/v1/whatsapp/templates",
    summary: "List approved templates",
    description:
      "The approved message templates of the company's WhatsApp Business Account, read from the provider (502 when it fails), " +
      "in its order, paged by its cursor. A company without a connected number has none.",
    scope: "whatsapp:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429, 500, 502],
    request: { query: TemplatesQuery },
    responses: { 200: { description: "A page of templates", schema: TemplatePage, example: templatePageExample } },
    handler: async ({ db, caller, config, requestId, query }) => ({
      status: 200,
      body: await templates({ db, caller, config, requestId }, query),
    }),
  }),

  defineOperation({
    operationId: "showWhatsAppTyping",
    method: "post",
    path: "/api/v1/whatsapp/typing",
    summary: "Show typing and mark a message read",
    description:
      "Marks an inbound message read (with the earlier ones of its conversation) and shows its sender the typing indicator. " +
      `422 for an outbound message or a note, or one received more than ${SERVICE_WINDOW_HOURS} hours ago; 404 for an unknown id; ` +
      "503 when the number it came in on is no longer connected; 502 when the provider fails.",
    scope: "whatsapp:send",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 422, 429, 502, 503],
    request: { body: TypingInput, example: typingExample },
    responses: { 200: { description: "The message, read", schema: TypingResult, example: typingResultExample } },
    // A batch is written only when the message was not read yet; it names the message.
    replay: async ({ db, caller }, { resourceId }) =>
      resourceId ? { status: 200, body: await typingShown({ db, caller }, resourceId) } : undefined,
    handler: async ({ db, caller, config, requestId, body, commit }) => ({
      status: 200,
      body: await typing({ db, caller, config, requestId, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "reserveWhatsAppThread",
    method: "post",
    path: "/api/v1/whatsapp/whitelist",
    summary: "Reserve a number's thread for an external bot",
    description:
      "Puts the phone on the whitelist: its inbound messages go to webhooks only and the native automation stays silent. " +
      "Idempotent (again: 200, `changed: false`, the first time kept). 422 for a number that cannot be on WhatsApp; 503 " +
      "when the company has no connected number.",
    scope: "whatsapp:send",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 422, 429, 500, 503],
    request: { body: WhitelistInput, example: whitelistExample },
    responses: { 200: { description: "The phone, reserved", schema: WhitelistEntry, example: whitelistEntryExample } },
    // A batch is written only when the request changed the reservation; it names the phone as normalised.
    replay: async ({ db, caller }, { resourceId }) =>
      resourceId ? { status: 200, body: await reservation({ db, caller }, resourceId, true) } : undefined,
    handler: async ({ db, caller, body, commit }) => ({
      status: 200,
      body: await setReserved({ db, caller, commit }, { phone: body.phone, reserve: true, path: "body.phone" }),
    }),
  }),

  defineOperation({
    operationId: "releaseWhatsAppThread",
    method: "delete",
    path: "/api/v1/whatsapp/whitelist",
    summary: "Return a number's thread to the native AI",
    description:
      "Takes the phone (query `phone`) off the whitelist: the native automation answers it again. Idempotent (a phone not on " +
      "the list: 200, `changed: false`). 422 for a number that cannot be on WhatsApp; 503 when the company has no connected number.",
    scope: "whatsapp:send",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 422, 429, 500, 503],
    request: { query: WhitelistQuery },
    responses: {
      200: {
        description: "The phone, returned to the automation",
        schema: WhitelistEntry,
        example: { ...whitelistEntryExample, reserved_for_external_bot: false, reserved_at: null },
      },
    },
    replay: async ({ db, caller }, { resourceId }) =>
      resourceId ? { status: 200, body: await reservation({ db, caller }, resourceId, true) } : undefined,
    handler: async ({ db, caller, query, commit }) => ({
      status: 200,
      body: await setReserved({ db, caller, commit }, { phone: query.phone, reserve: false, path: "query.phone" }),
    }),
  }),
];
