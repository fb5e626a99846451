import { defineOperation } from "../../core/operation";
import { OffsetPageQuery } from "../../lib/pagination";
import {
  AttachmentContent,
  attachmentContentExample,
  AttachmentPage,
  attachmentPageExample,
  AttachmentPath,
  Conversation,
  conversationExample,
  ConversationPath,
  FolderList,
  folderListExample,
  ListMessagesQuery,
  MailboxPage,
  mailboxPageExample,
  MailboxPath,
  Message,
  MessagePage,
  messagePageExample,
  MessagePath,
  messageViewExample,
} from "./model";
import { listReadableMailboxes } from "./queries";
import {
  attachmentContent,
  attachmentPage,
  conversation,
  mailboxFolders,
  messagePage,
  messageWithBody,
} from "./actions";

const read = { scope: "inbox:read", gate: "A" } as const;
const visibility =
  "Only mailboxes this key may read: any other id (another company's, or one not granted to the key) is 404.";

export const inboxOperations = [
  defineOperation({
    ...read,
    operationId: "listMailboxes",
    method: "get",
    path: "/api/v1/inbox/mailboxes",
    summary: "Shared mailboxes this key can read",
    description:
      "The company's shared mailboxes this key may read (every one, unless the key was restricted to some when it was issued), newest first, with their kind and what it supports.",
    codes: [200, 401, 403, 429, 500],
    request: { query: OffsetPageQuery },
    responses: { 200: { description: "A page of mailboxes", schema: MailboxPage, example: mailboxPageExample } },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listReadableMailboxes(db, caller.company.id, caller.lineageId, query),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "listMailboxFolders",
    method: "get",
    path: "/api/v1/inbox/{mailbox_id}/folders",
    summary: "Folders with counters",
    description:
      `Every folder of the mailbox in display order, with its total and unread counters. ${visibility} ` +
      "A forwarding mailbox has no folders (501 not_implemented). A jmap mailbox's counters are read live from its mail server: 502 upstream_error when it fails.",
    codes: [200, 401, 403, 404, 429, 500, 501, 502],
    request: { params: MailboxPath },
    responses: { 200: { description: "The folders", schema: FolderList, example: folderListExample } },
    handler: async ({ db, caller, config, requestId, params }) => ({
      status: 200,
      body: await mailboxFolders({ db, caller, config, requestId }, params),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "listMailboxMessages",
    method: "get",
    path: "/api/v1/inbox/{mailbox_id}/messages",
    summary: "Messages of a shared mailbox",
    description: `The mailbox's messages without their bodies, newest first. Filters: \`folder_id\`, \`unread\` (an invalid one is 400). ${visibility}`,
    codes: [200, 400, 401, 403, 404, 429, 500, 501, 502],
    request: { params: MailboxPath, query: ListMessagesQuery },
    responses: { 200: { description: "A page of messages", schema: MessagePage, example: messagePageExample } },
    handler: async ({ db, caller, params, query }) => ({
      status: 200,
      body: await messagePage({ db, caller }, { path: params, query }),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "getMailboxMessage",
    method: "get",
    path: "/api/v1/inbox/{mailbox_id}/messages/{message_id}",
    summary: "One message with body",
    description: `One message with its plain-text and HTML bodies and its attachments' metadata. ${visibility}`,
    codes: [200, 401, 403, 404, 429, 500, 501, 502],
    request: { params: MessagePath },
    responses: { 200: { description: "The message", schema: Message, example: messageViewExample } },
    handler: async ({ db, caller, params }) => ({ status: 200, body: await messageWithBody({ db, caller }, params) }),
  }),

  defineOperation({
    ...read,
    operationId: "listMessageAttachments",
    method: "get",
    path: "/api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments",
    summary: "Attachments of a message",
    description: `The message's attachments (name, type, size, whether the content can be downloaded); attachments above 15 MiB are listed too. ${visibility}`,
    codes: [200, 401, 403, 404, 429, 500, 501, 502],
    request: { params: MessagePath, query: OffsetPageQuery },
    responses: {
      200: { description: "A page of attachments", schema: AttachmentPage, example: attachmentPageExample },
    },
    handler: async ({ db, caller, params, query }) => ({
      status: 200,
      body: await attachmentPage({ db, caller }, { path: params, page: query }),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "downloadMessageAttachment",
    method: "get",
    path: "/api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments/{attachment_id}",
    summary: "Download attachment content (base64)",
    description: `The attachment's content, base64-encoded in JSON, with its name, type and size. Content above 15 MiB (15,728,640 bytes) is not served: 413 attachment_too_large. ${visibility}`,
    codes: [200, 401, 403, 404, 413, 429, 500, 501, 502],
    request: { params: AttachmentPath },
    responses: {
      200: { description: "The attachment's content", schema: AttachmentContent, example: attachmentContentExample },
    },
    handler: async ({ db, caller, env, params }) => ({
      status: 200,
      body: await attachmentContent({ db, caller, env }, params),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "getMailboxConversation",
    method: "get",
    path: "/api/v1/inbox/{mailbox_id}/conversations/{conversation_id}",
    summary: "Full thread",
    description: `Every message of one conversation (thread), oldest first, with bodies and attachment metadata. A forwarding mailbox has no conversations (501 not_implemented). ${visibility}`,
    codes: [200, 401, 403, 404, 429, 500, 501, 502],
    request: { params: ConversationPath },
    responses: { 200: { description: "The thread", schema: Conversation, example: conversationExample } },
    handler: async ({ db, caller, params }) => ({ status: 200, body: await conversation({ db, caller }, params) }),
  }),
];
