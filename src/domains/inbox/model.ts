import { z } from "@hono/zod-openapi";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { int32, int64, timestamp, uuid } from "../../lib/schemas";
import {
  folderRoles,
  mailboxKinds,
  type MailboxAttachmentRow,
  type MailboxFolderRow,
  type MailboxKind,
  type MailboxMessageRow,
  type MailboxRow,
  type MailboxThreadRow,
} from "./schema";

/** The largest attachment whose content is served (the specification's cut): 15 MiB. */
export const ATTACHMENT_DOWNLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** Folders of one mailbox answered at once (a mail server's folder tree is small; this bounds the answer). */
export const FOLDERS_MAX = 1000;

/** What each kind of mailbox supports: a forwarding address has no folders and no threads. */
export const kindSupports: Record<MailboxKind, { folders: boolean; threads: boolean }> = {
  shared: { folders: true, threads: true },
  forwarding: { folders: false, threads: false },
  jmap: { folders: true, threads: true },
};

// Path ids are documented as UUIDs but not enforced (no 400 declared): anything else is 404.
const pathId = (description: string) => z.string().openapi({ format: "uuid", maxLength: 36, description });

export const MailboxPath = z.object({ mailbox_id: pathId("A mailbox this key can read (GET /inbox/mailboxes)") });
export const MessagePath = MailboxPath.extend({ message_id: pathId("A message of the mailbox") });
export const AttachmentPath = MessagePath.extend({ attachment_id: pathId("An attachment of the message") });
export const ConversationPath = MailboxPath.extend({
  conversation_id: pathId("A conversation (thread) of the mailbox: a message's `conversation_id`"),
});

export const ListMessagesQuery = OffsetPageQuery.extend({
  folder_id: uuid().optional().openapi({ description: "Only messages in this folder (a UUID; anything else is 400)" }),
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value !== "false"))
    .openapi({
      type: "string",
      enum: ["true", "false"],
      description: "Only unread (`true`) or read (`false`) messages; anything else is 400",
    }),
});

export const Mailbox = z
  .object({
    id: uuid(),
    address: z.string().openapi({ format: "email", example: "info@reformasdemo.es" }),
    name: z.string().openapi({ example: "Información" }),
    kind: z.enum(mailboxKinds).openapi({
      description:
        "shared: a shared mailbox synced into the platform; forwarding: an address whose mail is forwarded to the platform (no folders, no conversations: those operations answer 501); " +
        "jmap: a mailbox on a JMAP mail server, whose folders and counters are read live from it (502 when it fails)",
    }),
    supports: z
      .object({ folders: z.boolean(), conversations: z.boolean() })
      .openapi({ description: "Which operations this kind of mailbox supports (the others answer 501)" }),
    last_synced_at: timestamp().nullable().openapi({ description: "When its messages were last synced" }),
    created_at: timestamp(),
  })
  .strict()
  .openapi("Mailbox", { description: "A shared mailbox of the company that this key can read." });

export const Folder = z
  .object({
    id: uuid(),
    name: z.string().openapi({ example: "Inbox" }),
    role: z.enum(folderRoles).openapi({ description: "What the folder is for; custom for the company's own folders" }),
    total: int32().openapi({ description: "Messages in the folder", example: 42 }),
    unread: int32().openapi({ description: "Unread messages in the folder", example: 3 }),
  })
  .strict()
  .openapi("MailboxFolder", { description: "A folder of a mailbox with its counters." });

export const FolderList = z
  .object({
    data: z.array(Folder).max(FOLDERS_MAX).openapi({ description: "Every folder of the mailbox, in display order" }),
  })
  .openapi("MailboxFolderList", {
    description: "The folders of a mailbox, all at once (a folder tree is small), in display order.",
  });

export const AttachmentMeta = z
  .object({
    id: uuid(),
    file_name: z.string().openapi({ example: "presupuesto-cocina.pdf" }),
    content_type: z.string().openapi({ example: "application/pdf" }),
    size: int64({ min: 0 }).openapi({ description: "Bytes", example: 48213 }),
    downloadable: z.boolean().openapi({
      description: `Whether its content can be downloaded (at most ${ATTACHMENT_DOWNLOAD_MAX_BYTES} bytes, 15 MiB; above it the download is 413)`,
    }),
  })
  .strict()
  .openapi("MailboxAttachment", { description: "An attachment of a message: its name, type and size." });

const messageFields = {
  id: uuid(),
  mailbox_id: uuid(),
  folder_id: uuid().nullable().openapi({ description: "Its folder; null in a forwarding mailbox" }),
  conversation_id: uuid()
    .nullable()
    .openapi({ description: "Its conversation (thread); null in a forwarding mailbox" }),
  from: z
    .object({ address: z.string().openapi({ format: "email" }), name: z.string().nullable() })
    .openapi({ description: "The sender" }),
  to: z.array(z.string()).max(1000).openapi({ description: "Recipients' addresses" }),
  cc: z.array(z.string()).max(1000),
  subject: z.string().openapi({ example: "Presupuesto cocina" }),
  snippet: z.string().openapi({ description: "The first words of the text" }),
  read: z.boolean(),
  attachment_count: int32(),
  received_at: timestamp(),
};

export const MessageSummary = z
  .object(messageFields)
  .strict()
  .openapi("MailboxMessageSummary", { description: "A message of a mailbox, without its body." });

export const Message = z
  .object({
    ...messageFields,
    body_text: z.string().openapi({ description: "The plain-text body" }),
    body_html: z.string().nullable().openapi({ description: "The HTML body, when the message has one" }),
    attachments: z.array(AttachmentMeta).max(1000),
  })
  .strict()
  .openapi("MailboxMessage", { description: "A message of a mailbox with its body and its attachments' metadata." });

export const AttachmentContent = z
  .object({
    id: uuid(),
    file_name: z.string().openapi({ example: "presupuesto-cocina.pdf" }),
    content_type: z.string().openapi({ example: "application/pdf" }),
    size: int64({ min: 0 }).openapi({ description: "Bytes (before base64)", example: 48213 }),
    content_base64: z.string().openapi({ format: "byte", description: "The content, base64-encoded (RFC 4648)" }),
  })
  .strict()
  .openapi("MailboxAttachmentContent", {
    description: "An attachment's content, base64-encoded, with its name, type and size.",
  });

export const Conversation = z
  .object({
    id: uuid(),
    mailbox_id: uuid(),
    subject: z.string(),
    message_count: int32(),
    last_message_at: timestamp(),
    messages: z
      .array(Message)
      .max(1000)
      .openapi({ description: "Every message of the thread, oldest first, with bodies" }),
  })
  .strict()
  .openapi("MailboxConversation", { description: "A full thread: every message of one conversation, oldest first." });

export const MailboxPage = offsetEnvelope(
  Mailbox,
  "MailboxPage",
  "A page of the mailboxes this key can read, newest first",
);
export const MessagePage = offsetEnvelope(
  MessageSummary,
  "MailboxMessagePage",
  "A page of a mailbox's messages, newest first",
);
export const AttachmentPage = offsetEnvelope(
  AttachmentMeta,
  "MailboxAttachmentPage",
  "A page of a message's attachments",
);

export type MessageView = z.output<typeof Message>;

export const toMailbox = (row: MailboxRow): z.output<typeof Mailbox> => ({
  id: row.id,
  address: row.address,
  name: row.name,
  kind: row.kind,
  supports: { folders: kindSupports[row.kind].folders, conversations: kindSupports[row.kind].threads },
  last_synced_at: row.lastSyncedAt,
  created_at: row.createdAt,
});

export const toFolder = (
  row: MailboxFolderRow,
  counters: { total: number; unread: number } = { total: row.totalCount, unread: row.unreadCount },
): z.output<typeof Folder> => ({
  id: row.id,
  name: row.name,
  role: row.role,
  total: counters.total,
  unread: counters.unread,
});

export const toAttachmentMeta = (
  row: Pick<MailboxAttachmentRow, "id" | "fileName" | "contentType" | "sizeBytes">,
): z.output<typeof AttachmentMeta> => ({
  id: row.id,
  file_name: row.fileName,
  content_type: row.contentType,
  size: row.sizeBytes,
  downloadable: row.sizeBytes <= ATTACHMENT_DOWNLOAD_MAX_BYTES,
});

export const toMessageSummary = (row: MailboxMessageRow): z.output<typeof MessageSummary> => ({
  id: row.id,
  mailbox_id: row.mailboxId,
  folder_id: row.folderId,
  conversation_id: row.threadId,
  from: { address: row.fromAddress, name: row.fromName },
  to: row.to,
  cc: row.cc,
  subject: row.subject,
  snippet: row.snippet,
  read: row.read,
  attachment_count: row.attachmentCount,
  received_at: row.receivedAt,
});

export const toMessage = (row: MailboxMessageRow, attachments: readonly MailboxAttachmentRow[]): MessageView => ({
  ...toMessageSummary(row),
  body_text: row.bodyText,
  body_html: row.bodyHtml,
  attachments: attachments.map(toAttachmentMeta),
});

export const toConversation = (thread: MailboxThreadRow, messages: MessageView[]): z.output<typeof Conversation> => ({
  id: thread.id,
  mailbox_id: thread.mailboxId,
  subject: thread.subject,
  message_count: thread.messageCount,
  last_message_at: thread.lastMessageAt,
  messages,
});

// ---------------------------------------------------------------------------------------------
// Examples

const mailboxExample = {
  id: "1e2d3c4b-5a69-4788-9766-554433221100",
  address: "info@reformasdemo.es",
  name: "Información",
  kind: "shared" as const,
  supports: { folders: true, conversations: true },
  last_synced_at: "2026-04-26T09:55:00.000Z",
  created_at: "2026-01-10T08:00:00.000Z",
};
const attachmentExample = {
  id: "9f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f",
  file_name: "presupuesto-cocina.pdf",
  content_type: "application/pdf",
  size: 48213,
  downloadable: true,
};
const summaryExample = {
  id: "2b3c4d5e-6f70-4182-a3b4-c5d6e7f80912",
  mailbox_id: mailboxExample.id,
  folder_id: "3c4d5e6f-7081-4293-b4c5-d6e7f8091a2b",
  conversation_id: "4d5e6f70-8192-43a4-85d6-e7f8091a2b3c",
  from: { address: "lucia.fernandez@example.com", name: "Lucía Fernández" },
  to: ["info@reformasdemo.es"],
  cc: [],
  subject: "Presupuesto cocina",
  snippet: "Hola, les adjunto las medidas de la cocina para el presupuesto…",
  read: false,
  attachment_count: 1,
  received_at: "2026-04-25T17:20:00.000Z",
};
const messageExample = {
  ...summaryExample,
  body_text: "Hola, les adjunto las medidas de la cocina para el presupuesto.\n\nLucía",
  body_html: null,
  attachments: [attachmentExample],
};

export const mailboxPageExample = { data: [mailboxExample], limit: 50, offset: 0 };
export const folderListExample = {
  data: [{ id: summaryExample.folder_id, name: "Inbox", role: "inbox" as const, total: 42, unread: 3 }],
};
export const messagePageExample = { data: [summaryExample], limit: 50, offset: 0 };
export const messageViewExample = messageExample;
export const attachmentPageExample = { data: [attachmentExample], limit: 50, offset: 0 };
export const attachmentContentExample = {
  id: attachmentExample.id,
  file_name: "hola.txt",
  content_type: "text/plain",
  size: 5,
  content_base64: "SG9sYQo=",
};
export const conversationExample = {
  id: summaryExample.conversation_id,
  mailbox_id: mailboxExample.id,
  subject: "Presupuesto cocina",
  message_count: 1,
  last_message_at: summaryExample.received_at,
  messages: [messageExample],
};
