import { defineOperation } from "../../core/operation";
import { CursorPageQuery } from "../../lib/pagination";
import {
  messagePage,
  replayedReply,
  replyToConversation,
  requireConversation,
  resumeConversation,
  takeOverConversation,
} from "./actions";
import {
  ConnectionPage,
  connectionPageExample,
  Conversation,
  conversationExample,
  ConversationPage,
  conversationPageExample,
  ConversationPath,
  ListConversationsQuery,
  Message,
  messageExample,
  MessagePage,
  messagePageExample,
  noteExample,
  ReplyInput,
  replyExample,
  SERVICE_WINDOW_HOURS,
  toConversation,
} from "./model";
import { listConnections, listConversations } from "./queries";

const read = { scope: "whatsapp:read", gate: "C", codes: [200, 400, 401, 403, 404, 429, 500] } as const;
const change = { scope: "whatsapp:send", gate: "C", codes: [200, 400, 401, 403, 404, 409, 429, 500] } as const;

export const conversationOperations = [
  defineOperation({
    ...read,
    operationId: "listConversations",
    method: "get",
    path: "/api/v1/conversations",
    summary: "List conversations",
    description:
      "The company's WhatsApp conversations, newest first (the order they began in, which never changes, so a cursor " +
      "neither misses nor repeats one while others begin). Optional `status` (open, closed; anything else is 400). " +
      "Paged by cursor: `limit`, then `page.next_cursor` while `page.has_more`.",
    request: { query: ListConversationsQuery },
    responses: {
      200: { description: "A page of conversations", schema: ConversationPage, example: conversationPageExample },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listConversations(db, caller.company.id, { status: query.status }, query),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "getConversation",
    method: "get",
    path: "/api/v1/conversations/{conversation_uuid}",
    summary: "View a conversation",
    description:
      "One conversation of the key's company: contact, number, status, mode (and who took it over), window, last message, unread count. A malformed id is 400; another company's is 404.",
    request: { params: ConversationPath },
    responses: { 200: { description: "The conversation", schema: Conversation, example: conversationExample } },
    handler: async ({ db, caller, params }) => ({
      status: 200,
      body: toConversation(await requireConversation({ db, caller }, params.conversation_uuid)),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "listConversationMessages",
    method: "get",
    path: "/api/v1/conversations/{conversation_uuid}/messages",
    summary: "List messages",
    description: "The conversation's messages and notes, newest first, paged by cursor (`limit`, `cursor`).",
    request: { params: ConversationPath, query: CursorPageQuery },
    responses: { 200: { description: "A page of messages", schema: MessagePage, example: messagePageExample } },
    handler: async ({ db, caller, params, query }) => ({
      status: 200,
      body: await messagePage({ db, caller }, { conversationId: params.conversation_uuid, page: query }),
    }),
  }),

  defineOperation({
    ...change,
    codes: [200, 202, 400, 401, 403, 404, 409, 429, 500],
    operationId: "replyInConversation",
    method: "post",
    path: "/api/v1/conversations/{conversation_uuid}/messages",
    summary: "Reply in a conversation",
    description:
      "Records a message; the API never calls the provider itself. A `text` reply is stored `queued` and handed to the " +
      "gateway (the Queue), which sends it and sets its status to `sent`, or `failed` after its retries (event " +
      "whatsapp.message.failed): 202 with the message. A text reply needs the conversation open, taken over by a human " +
      `(POST …/takeover), and the contact to have written in the last ${SERVICE_WINDOW_HOURS} hours; otherwise 409. ` +
      "In an SMS conversation (`channel` sms) a `text` reply is an SMS from the conversation's number, sent as POST /sms/send " +
      "sends one (source `conversation`): charged from the wallet when it is recorded (409 when the wallet does not cover it, " +
      "or when the contact's number cannot be sent an SMS), then sent by the gateway, with sms.sent or sms.failed (refunded); " +
      "it has no 24-hour window. " +
      "A `note` is an internal note of the team, stored and never sent: 200, in any mode.",
    request: { params: ConversationPath, body: ReplyInput, example: replyExample },
    responses: {
      200: { description: "The note, stored", schema: Message, example: noteExample },
      202: { description: "The reply, queued for sending", schema: Message, example: messageExample },
    },
    replay: async ({ db, caller, params, body }, { resourceId }) =>
      resourceId
        ? replayedReply({ db, caller }, { conversationId: params.conversation_uuid, body, messageId: resourceId })
        : undefined,
    handler: async ({ db, caller, requestId, params, body, commit }) =>
      replyToConversation({ db, caller, requestId, commit }, { conversationId: params.conversation_uuid, body }),
  }),

  defineOperation({
    ...change,
    operationId: "resumeConversation",
    method: "post",
    path: "/api/v1/conversations/{conversation_uuid}/resume",
    summary: "Return control",
    description:
      "Returns the conversation to the automation (mode ai). Already with the automation: 409. Two concurrent requests: one 200, one 409.",
    request: { params: ConversationPath },
    responses: {
      200: {
        description: "The conversation, with the automation",
        schema: Conversation,
        example: { ...conversationExample, mode: "ai", taken_over_by: null, taken_over_at: null },
      },
    },
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: toConversation(await requireConversation({ db, caller }, params.conversation_uuid)),
    }),
    handler: async ({ db, caller, params, commit }) => ({
      status: 200,
      body: await resumeConversation({ db, caller, commit }, params.conversation_uuid),
    }),
  }),

  defineOperation({
    ...change,
    operationId: "takeOverConversation",
    method: "post",
    path: "/api/v1/conversations/{conversation_uuid}/takeover",
    summary: "Human takeover",
    description:
      "Gives the conversation to a person of the team (mode human, taken over by the calling key, now): the automation " +
      "stops answering and replies can be sent. Already taken over: 409. Two concurrent takeovers: one 200, one 409.",
    request: { params: ConversationPath },
    responses: {
      200: { description: "The conversation, taken over", schema: Conversation, example: conversationExample },
    },
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: toConversation(await requireConversation({ db, caller }, params.conversation_uuid)),
    }),
    handler: async ({ db, caller, params, commit }) => ({
      status: 200,
      body: await takeOverConversation({ db, caller, commit }, params.conversation_uuid),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "listWhatsAppConnections",
    method: "get",
    path: "/api/v1/whatsapp/connections",
    summary: "List connected WhatsApp numbers",
    description:
      "The company's WhatsApp numbers, newest first, paged by cursor. The provider tokens are held by the service, sealed, and never shown.",
    request: { query: CursorPageQuery },
    responses: { 200: { description: "A page of numbers", schema: ConnectionPage, example: connectionPageExample } },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listConnections(db, caller.company.id, query),
    }),
  }),
];
