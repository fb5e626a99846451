import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { ApiError, notFound } from "../../lib/errors";
import { gateway } from "../../integrations";
import type { OffsetPage } from "../../lib/pagination";
import {
  ATTACHMENT_DOWNLOAD_MAX_BYTES,
  kindSupports,
  toConversation,
  toFolder,
  toMessage,
  type AttachmentContent,
  type AttachmentPath,
  type ConversationPath,
  type ListMessagesQuery,
  type MailboxPath,
  type MessagePath,
} from "./model";
import {
  attachmentsOf,
  findAttachment,
  findMessage,
  findReadableMailbox,
  findThread,
  listAttachments,
  listFolders,
  listMessages,
  threadMessages,
} from "./queries";
import type { MailboxKind, MailboxRow } from "./schema";

/** What reading a mailbox uses: the company's data, as the calling key may see it. */
type Reader = Uses<"db" | "caller">;

/** The mailbox of the path, if the calling key may read it; anything else (unknown, another company's, not granted) is 404. */
async function readableMailbox({ db, caller }: Reader, path: z.output<typeof MailboxPath>): Promise<MailboxRow> {
  const mailbox = await findReadableMailbox(db, caller.company.id, caller.lineageId, path.mailbox_id);
  if (!mailbox) throw notFound("mailbox");
  return mailbox;
}

const unsupported: Record<"folders" | "threads", (kind: MailboxKind) => string> = {
  folders: (kind) => `A ${kind} mailbox has no folders: its mail arrives by forwarding. List its messages instead.`,
  threads: (kind) =>
    `A ${kind} mailbox does not group its mail in conversations. Read its messages one by one instead.`,
};

/** 501 not_implemented for an operation this kind of mailbox does not support. */
function requireSupport(mailbox: MailboxRow, feature: "folders" | "threads") {
  if (!kindSupports[mailbox.kind][feature])
    throw new ApiError("not_implemented", unsupported[feature](mailbox.kind), { mailbox_kind: mailbox.kind });
}

/**
 * The mailbox's folders with their counters. A jmap mailbox's counters are read live from its
 * mail server through the gateway (502 when it fails); folders it no longer has are left out.
 * Stored mailboxes answer the counters the sync keeps.
 */
export async function mailboxFolders(
  { db, caller, config, requestId }: Uses<"db" | "caller" | "config" | "requestId">,
  path: z.output<typeof MailboxPath>,
) {
  const mailbox = await readableMailbox({ db, caller }, path);
  requireSupport(mailbox, "folders");
  const folders = await listFolders(db, caller.company.id, mailbox.id);
  if (mailbox.kind !== "jmap") return { data: folders.map((folder) => toFolder(folder)) };
  if (!mailbox.remoteAccountId) throw new Error(`Mailbox ${mailbox.id} is of kind jmap without a remote account.`);
  // A mailbox the operator added on the company's own server reads it with its own sealed credentials.
  const jmap = gateway(
    { config, requestId, caller },
    { companySettings: async (provider) => (provider === "jmap" ? mailbox.sealedCredentials : null) },
  ).jmap;
  const remote = new Map((await jmap.folders(mailbox.remoteAccountId)).map((folder) => [folder.id, folder]));
  return {
    data: folders.flatMap((folder) => {
      const live = folder.remoteId ? remote.get(folder.remoteId) : undefined;
      return live ? [toFolder(folder, { total: live.totalEmails, unread: live.unreadEmails })] : [];
    }),
  };
}

/** The message of the path in the readable mailbox, or 404. */
async function readableMessage({ db, caller }: Reader, path: z.output<typeof MessagePath>) {
  const mailbox = await readableMailbox({ db, caller }, path);
  const message = await findMessage(db, caller.company.id, mailbox.id, path.message_id);
  if (!message) throw notFound("message");
  return message;
}

export async function messageWithBody({ db, caller }: Reader, path: z.output<typeof MessagePath>) {
  const message = await readableMessage({ db, caller }, path);
  return toMessage(message, await attachmentsOf(db, caller.company.id, [message.id]));
}

/**
 * An attachment's content, base64-encoded. Above 15 MiB it is 413 attachment_too_large, decided
 * from the size stored with its metadata, so the object is never read.
 */
export async function attachmentContent(
  { db, caller, env }: Uses<"db" | "caller" | "env">,
  path: z.output<typeof AttachmentPath>,
): Promise<z.input<typeof AttachmentContent>> {
  const message = await readableMessage({ db, caller }, path);
  const attachment = await findAttachment(db, caller.company.id, message.id, path.attachment_id);
  if (!attachment) throw notFound("attachment");
  if (attachment.sizeBytes > ATTACHMENT_DOWNLOAD_MAX_BYTES) {
    throw new ApiError(
      "attachment_too_large",
      `This attachment is ${attachment.sizeBytes} bytes; content above ${ATTACHMENT_DOWNLOAD_MAX_BYTES} bytes (15 MiB) is not served.`,
      {
        size: attachment.sizeBytes,
        max_size: ATTACHMENT_DOWNLOAD_MAX_BYTES,
      },
    );
  }
  const object = await env.ATTACHMENTS.get(attachment.objectKey);
  if (!object)
    throw new Error(
      `The content of attachment ${attachment.id} is missing from the ATTACHMENTS bucket (${attachment.objectKey}).`,
    );
  return {
    id: attachment.id,
    file_name: attachment.fileName,
    content_type: attachment.contentType,
    size: attachment.sizeBytes,
    // RFC 4648 base64 by the runtime (ES2026's Uint8Array.prototype.toBase64), not a string built in JavaScript.
    content_base64: new Uint8Array(await object.arrayBuffer()).toBase64(),
  };
}

/** A full thread, oldest message first with bodies and attachment metadata; 501 on a mailbox without conversations. */
export async function conversation({ db, caller }: Reader, path: z.output<typeof ConversationPath>) {
  const mailbox = await readableMailbox({ db, caller }, path);
  requireSupport(mailbox, "threads");
  const thread = await findThread(db, caller.company.id, mailbox.id, path.conversation_id);
  if (!thread) throw notFound("conversation");
  const messages = await threadMessages(db, caller.company.id, thread.id);
  const attachments = await attachmentsOf(
    db,
    caller.company.id,
    messages.map((message) => message.id),
  );
  return toConversation(
    thread,
    messages.map((message) =>
      toMessage(
        message,
        attachments.filter((attachment) => attachment.messageId === message.id),
      ),
    ),
  );
}

/** A page of one readable mailbox's messages, filtered by folder and read state. */
export async function messagePage(
  { db, caller }: Reader,
  { path, query }: { path: z.output<typeof MailboxPath>; query: z.output<typeof ListMessagesQuery> },
) {
  const mailbox = await readableMailbox({ db, caller }, path);
  return listMessages(db, caller.company.id, mailbox.id, { folderId: query.folder_id, unread: query.unread }, query);
}

/** A page of the attachments of one readable message. */
export async function attachmentPage(
  { db, caller }: Reader,
  { path, page }: { path: z.output<typeof MessagePath>; page: OffsetPage },
) {
  const message = await readableMessage({ db, caller }, path);
  return listAttachments(db, caller.company.id, message.id, page);
}
