import type { Database } from "../../data/client";
import { isUniqueViolation, runBatches } from "../../data/bulk";
import { insertFolders, insertMailbox, storedRemoteMessage, storeMessageStatements, upsertThread } from "./queries";
import type {
  FolderRole,
  MailboxAttachmentRow,
  MailboxFolderRow,
  MailboxKind,
  MailboxMessageRow,
  MailboxRow,
} from "./schema";
import { clock } from "../../lib/clock";

/**
 * The mailbox sync path: what a sync (or the forwarding receiver) stores of the mail it fetched,
 * in D1 (mailboxes, folders with counters, threads, messages, attachment metadata) and in R2 (the
 * attachments' bytes). The demo seed and the tests store their mail through it too.
 */

export interface NewMailbox {
  companyId: string;
  address: string;
  name: string;
  kind: MailboxKind;
  /** The account on the JMAP server (kind jmap). */
  remoteAccountId?: string | null;
  /** The jmap mailbox's own server and credentials, sealed (sealProviderSettings "jmap"). */
  sealedCredentials?: string | null;
  /** The platform's address a forwarding mailbox receives at. */
  inboundAddress?: string | null;
  folders: { name: string; role: FolderRole; remoteId?: string | null }[];
  createdAt?: string;
}

/** Adds a mailbox and its folders (a forwarding mailbox takes none). */
export async function addMailbox(
  db: Database,
  input: NewMailbox,
): Promise<{ mailbox: MailboxRow; folders: MailboxFolderRow[] }> {
  if (input.kind === "forwarding" && input.folders.length > 0) throw new Error("A forwarding mailbox has no folders.");
  if (input.kind === "jmap" && !input.remoteAccountId)
    throw new Error("A jmap mailbox needs the account it reads on the JMAP server (remoteAccountId).");
  const createdAt = input.createdAt ?? clock.iso();
  const mailbox: MailboxRow = {
    id: crypto.randomUUID(),
    companyId: input.companyId,
    address: input.address,
    name: input.name,
    kind: input.kind,
    remoteAccountId: input.remoteAccountId ?? null,
    sealedCredentials: input.sealedCredentials ?? null,
    inboundAddress: input.inboundAddress ?? null,
    lastSyncedAt: null,
    syncState: null,
    importState: null,
    importPosition: 0,
    createdAt,
  };
  const folders: MailboxFolderRow[] = input.folders.map((folder, position) => ({
    id: crypto.randomUUID(),
    companyId: input.companyId,
    mailboxId: mailbox.id,
    name: folder.name,
    role: folder.role,
    remoteId: folder.remoteId ?? null,
    position,
    totalCount: 0,
    unreadCount: 0,
    createdAt,
  }));
  await runBatches(db, [insertMailbox(db, mailbox), ...(folders.length > 0 ? [insertFolders(db, folders)] : [])]);
  return { mailbox, folders };
}

export interface SyncedAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface SyncedMessage {
  companyId: string;
  mailboxId: string;
  /** Null for a forwarding mailbox. */
  folderId: string | null;
  /** The conversation it belongs to (created with its first message); null for a forwarding mailbox. */
  thread: { id: string; subject: string } | null;
  from: { address: string; name?: string | null };
  to: string[];
  cc?: string[];
  subject: string;
  bodyText: string;
  bodyHtml?: string | null;
  read: boolean;
  receivedAt: string;
  attachments?: SyncedAttachment[];
  /** Its id at the source (JMAP Email id, Postmark MessageID): stored once however often it is seen. */
  remoteId?: string | null;
}

/** Characters of the text a message list shows. */
const SNIPPET_LENGTH = 160;

const snippetOf = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH - 1)}…` : flat;
};

/** Where an attachment's bytes live in R2: by company, mailbox and message, so a company's objects share a prefix. */
const attachmentObjectKey = (companyId: string, mailboxId: string, messageId: string, attachmentId: string) =>
  `mailboxes/${companyId}/${mailboxId}/${messageId}/${attachmentId}`;

/**
 * Stores one synced message: its attachments' bytes in R2 first, then in one D1 batch the message,
 * the attachments' metadata (size as stored), its thread and its folder's counters. Objects of a
 * batch that fails are deleted again, so no metadata ever names a missing object. A message whose
 * `remoteId` the mailbox already holds is not stored again (`duplicate`): checked first, and the
 * unique index refuses the whole batch (thread and counters included) when two arrive at once.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: each optional part of a synced message (thread, attachments, flags) in one write
export async function syncMessage(
  db: Database,
  bucket: R2Bucket | undefined,
  input: SyncedMessage,
): Promise<{ messageId: string; attachmentIds: string[]; duplicate: boolean }> {
  if (input.remoteId) {
    const existing = await storedRemoteMessage(db, input.companyId, input.mailboxId, input.remoteId);
    if (existing) return { messageId: existing.id, attachmentIds: [], duplicate: true };
  }
  const messageId = crypto.randomUUID();
  const syncedAt = clock.iso();
  const attachments: MailboxAttachmentRow[] = [];
  if (!bucket && (input.attachments ?? []).length > 0)
    throw new Error("Attachments are stored in the ATTACHMENTS bucket; none was given.");
  for (const attachment of input.attachments ?? []) {
    if (!bucket) break;
    const id = crypto.randomUUID();
    const objectKey = attachmentObjectKey(input.companyId, input.mailboxId, messageId, id);
    const stored = await bucket.put(objectKey, attachment.content, {
      httpMetadata: { contentType: attachment.contentType },
    });
    attachments.push({
      id,
      companyId: input.companyId,
      mailboxId: input.mailboxId,
      messageId,
      fileName: attachment.fileName,
      contentType: attachment.contentType,
      sizeBytes: stored?.size ?? attachment.content.byteLength,
      objectKey,
      createdAt: syncedAt,
    });
  }
  const message: MailboxMessageRow = {
    id: messageId,
    companyId: input.companyId,
    mailboxId: input.mailboxId,
    folderId: input.folderId,
    threadId: input.thread?.id ?? null,
    fromAddress: input.from.address,
    fromName: input.from.name ?? null,
    to: input.to,
    cc: input.cc ?? [],
    subject: input.subject,
    snippet: snippetOf(input.bodyText),
    bodyText: input.bodyText,
    bodyHtml: input.bodyHtml ?? null,
    read: input.read,
    attachmentCount: attachments.length,
    receivedAt: input.receivedAt,
    remoteId: input.remoteId ?? null,
  };
  const statements = storeMessageStatements(db, message, attachments, syncedAt);
  if (input.thread) {
    statements.unshift(
      upsertThread(db, {
        id: input.thread.id,
        companyId: input.companyId,
        mailboxId: input.mailboxId,
        subject: input.thread.subject,
        messageCount: 1,
        lastMessageAt: input.receivedAt,
        createdAt: syncedAt,
      }),
    );
  }
  try {
    await runBatches(db, statements, statements.length);
  } catch (error) {
    if (bucket && attachments.length > 0) await bucket.delete(attachments.map((attachment) => attachment.objectKey));
    if (input.remoteId && isUniqueViolation(error)) {
      const existing = await storedRemoteMessage(db, input.companyId, input.mailboxId, input.remoteId);
      if (existing) return { messageId: existing.id, attachmentIds: [], duplicate: true };
    }
    throw error;
  }
  return { messageId, attachmentIds: attachments.map((attachment) => attachment.id), duplicate: false };
}
