import { and, asc, eq, inArray, sql, type Placeholder } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { preparedStatement, preparedVariants, selectRow, selectRows, type Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { chunkedInserts, IN_LIST_MAX, inChunks, qualified } from "../../data/bulk";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import type { OffsetPage } from "../../lib/pagination";
import { FOLDERS_MAX, toAttachmentMeta, toMailbox, toMessageSummary } from "./model";
import {
  mailboxAttachments,
  mailboxes,
  mailboxFolders,
  mailboxGrants,
  mailboxMessages,
  mailboxThreads,
  type MailboxAttachmentRow,
  type MailboxFolderRow,
  type MailboxMessageRow,
  type MailboxRow,
  type MailboxThreadRow,
} from "./schema";

/** Newest first; backed by mailboxes_company_created_idx. */
const mailboxKeys: ListKeys = { company: mailboxes.companyId, at: mailboxes.createdAt, id: mailboxes.id };
/** Newest first within a mailbox; backed by mailbox_messages_company_mailbox_idx (..._folder_idx with a folder). */
const messageKeys: ListKeys = {
  company: mailboxMessages.companyId,
  at: mailboxMessages.receivedAt,
  id: mailboxMessages.id,
};
/** Within a message; backed by mailbox_attachments_company_message_idx. */
const attachmentKeys: ListKeys = {
  company: mailboxAttachments.companyId,
  at: mailboxAttachments.createdAt,
  id: mailboxAttachments.id,
};

/**
 * The mailboxes a key lineage may read: every mailbox of its company when the lineage has no
 * grant, else only those granted.
 */
function readableBy(lineageId: string | Placeholder) {
  return sql`(NOT EXISTS (SELECT 1 FROM ${mailboxGrants} WHERE ${mailboxGrants.lineageId} = ${lineageId})
    OR EXISTS (SELECT 1 FROM ${mailboxGrants} WHERE ${mailboxGrants.lineageId} = ${lineageId} AND ${mailboxGrants.mailboxId} = ${qualified(mailboxes.id)}))`;
}

export function listReadableMailboxes(db: Database, companyId: string, lineageId: string, page: OffsetPage) {
  return preparedOffsetList(db, readableMailboxPage(db), companyId, page, toMailbox, { lineageId });
}
const readableMailboxPage = preparedStatement((db) =>
  offsetPageQuery(
    db.select().from(mailboxes).$dynamic(),
    mailboxKeys,
    readableBy(sql.placeholder("lineageId")),
  ).prepare(),
);

/** One mailbox of the company that the lineage may read, or undefined (unknown, another company's, or not granted: all 404). */
export function findReadableMailbox(
  db: Database,
  companyId: string,
  lineageId: string,
  mailboxId: string,
): Promise<MailboxRow | undefined> {
  return selectRow(db, readableMailbox(db), { companyId, lineageId, mailboxId });
}
const readableMailbox = preparedStatement((db) =>
  db
    .select()
    .from(mailboxes)
    .where(
      rowOf(
        mailboxes,
        sql.placeholder("companyId"),
        sql.placeholder("mailboxId"),
        readableBy(sql.placeholder("lineageId")),
      ),
    )
    .prepare(),
);

/** The mailbox's stored folders in display order. */
export function listFolders(db: Database, companyId: string, mailboxId: string): Promise<MailboxFolderRow[]> {
  return selectRows(db, folderList(db), { companyId, mailboxId });
}
const folderList = preparedStatement((db) =>
  db
    .select()
    .from(mailboxFolders)
    .where(
      ofCompany(
        mailboxFolders,
        sql.placeholder("companyId"),
        eq(mailboxFolders.mailboxId, sql.placeholder("mailboxId")),
      ),
    )
    .orderBy(asc(mailboxFolders.position), asc(mailboxFolders.id))
    .limit(FOLDERS_MAX)
    .prepare(),
);

export function listMessages(
  db: Database,
  companyId: string,
  mailboxId: string,
  filter: { folderId?: string; unread?: boolean },
  page: OffsetPage,
) {
  // A placeholder inside a comparison is bound as given: the boolean column's stored form (0/1).
  const read = filter.unread === undefined ? undefined : Number(!filter.unread);
  const statement = messagePageOf(db, { folderId: Boolean(filter.folderId), read: read !== undefined });
  return preparedOffsetList(db, statement, companyId, page, toMessageSummary, {
    mailboxId,
    folderId: filter.folderId,
    read,
  });
}

/** A mailbox's message page of each set of filters, prepared once per database. */
const messagePageOf = preparedVariants((db, filters: { folderId: boolean; read: boolean }) =>
  offsetPageQuery(
    db.select().from(mailboxMessages).$dynamic(),
    messageKeys,
    and(
      eq(mailboxMessages.mailboxId, sql.placeholder("mailboxId")),
      filters.folderId ? eq(mailboxMessages.folderId, sql.placeholder("folderId")) : undefined,
      filters.read ? eq(mailboxMessages.read, sql.placeholder("read")) : undefined,
    ),
  ).prepare(),
);

export function findMessage(
  db: Database,
  companyId: string,
  mailboxId: string,
  messageId: string,
): Promise<MailboxMessageRow | undefined> {
  return selectRow(db, messageOfMailbox(db), { companyId, mailboxId, messageId });
}
const messageOfMailbox = preparedStatement((db) =>
  db
    .select()
    .from(mailboxMessages)
    .where(
      ofCompany(
        mailboxMessages,
        sql.placeholder("companyId"),
        eq(mailboxMessages.mailboxId, sql.placeholder("mailboxId")),
        eq(mailboxMessages.id, sql.placeholder("messageId")),
      ),
    )
    .prepare(),
);

/** The attachments of these messages, in the order they were stored. */
export async function attachmentsOf(
  db: Database,
  companyId: string,
  messageIds: readonly string[],
): Promise<MailboxAttachmentRow[]> {
  // One message's (GET of a message) is prepared once; a thread's are read in chunks.
  if (messageIds.length === 1) return selectRows(db, attachmentsOfMessage(db), { companyId, messageId: messageIds[0] });
  const chunks = await Promise.all(
    inChunks(messageIds, IN_LIST_MAX).map((ids) =>
      db
        .select()
        .from(mailboxAttachments)
        .where(ofCompany(mailboxAttachments, companyId, inArray(mailboxAttachments.messageId, ids)))
        .orderBy(asc(mailboxAttachments.createdAt), asc(mailboxAttachments.id)),
    ),
  );
  return chunks.flat();
}

const attachmentsOfMessage = preparedStatement((db) =>
  db
    .select()
    .from(mailboxAttachments)
    .where(
      ofCompany(
        mailboxAttachments,
        sql.placeholder("companyId"),
        eq(mailboxAttachments.messageId, sql.placeholder("messageId")),
      ),
    )
    .orderBy(asc(mailboxAttachments.createdAt), asc(mailboxAttachments.id))
    .prepare(),
);

export function listAttachments(db: Database, companyId: string, messageId: string, page: OffsetPage) {
  return preparedOffsetList(db, attachmentPage(db), companyId, page, toAttachmentMeta, { messageId });
}
const attachmentPage = preparedStatement((db) =>
  offsetPageQuery(
    db.select().from(mailboxAttachments).$dynamic(),
    attachmentKeys,
    eq(mailboxAttachments.messageId, sql.placeholder("messageId")),
  ).prepare(),
);

export function findAttachment(
  db: Database,
  companyId: string,
  messageId: string,
  attachmentId: string,
): Promise<MailboxAttachmentRow | undefined> {
  return selectRow(db, attachmentOfMessage(db), { companyId, messageId, attachmentId });
}
const attachmentOfMessage = preparedStatement((db) =>
  db
    .select()
    .from(mailboxAttachments)
    .where(
      ofCompany(
        mailboxAttachments,
        sql.placeholder("companyId"),
        eq(mailboxAttachments.messageId, sql.placeholder("messageId")),
        eq(mailboxAttachments.id, sql.placeholder("attachmentId")),
      ),
    )
    .prepare(),
);

export function findThread(
  db: Database,
  companyId: string,
  mailboxId: string,
  threadId: string,
): Promise<MailboxThreadRow | undefined> {
  return selectRow(db, threadOfMailbox(db), { companyId, mailboxId, threadId });
}
const threadOfMailbox = preparedStatement((db) =>
  db
    .select()
    .from(mailboxThreads)
    .where(
      ofCompany(
        mailboxThreads,
        sql.placeholder("companyId"),
        eq(mailboxThreads.mailboxId, sql.placeholder("mailboxId")),
        eq(mailboxThreads.id, sql.placeholder("threadId")),
      ),
    )
    .prepare(),
);

/** Every message of a thread, oldest first. */
export function threadMessages(db: Database, companyId: string, threadId: string): Promise<MailboxMessageRow[]> {
  return selectRows(db, messagesOfThread(db), { companyId, threadId });
}
const messagesOfThread = preparedStatement((db) =>
  db
    .select()
    .from(mailboxMessages)
    .where(
      ofCompany(
        mailboxMessages,
        sql.placeholder("companyId"),
        eq(mailboxMessages.threadId, sql.placeholder("threadId")),
      ),
    )
    .orderBy(asc(mailboxMessages.receivedAt), asc(mailboxMessages.id))
    .prepare(),
);

// ---------------------------------------------------------------------------------------------
// The sync path's statements (sync.ts) and the panel's grants

export const insertMailbox = (db: Database, row: MailboxRow) => db.insert(mailboxes).values(row);
export const insertFolders = (db: Database, rows: MailboxFolderRow[]) => db.insert(mailboxFolders).values(rows);

/** The thread of a synced message: created with it, or counted one more (its last time the latest). */
export const upsertThread = (db: Database, row: MailboxThreadRow) =>
  db
    .insert(mailboxThreads)
    .values(row)
    .onConflictDoUpdate({
      target: mailboxThreads.id,
      set: {
        messageCount: sql`${mailboxThreads.messageCount} + 1`,
        lastMessageAt: sql`max(${mailboxThreads.lastMessageAt}, excluded.last_message_at)`,
      },
    });

export function storeMessageStatements(
  db: Database,
  message: MailboxMessageRow,
  attachments: MailboxAttachmentRow[],
  syncedAt: string,
): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [db.insert(mailboxMessages).values(message)];
  statements.push(...chunkedInserts(db, mailboxAttachments, attachments));
  if (message.folderId) {
    statements.push(
      db
        .update(mailboxFolders)
        .set({
          totalCount: sql`${mailboxFolders.totalCount} + 1`,
          unreadCount: sql`${mailboxFolders.unreadCount} + ${message.read ? 0 : 1}`,
        })
        .where(rowOf(mailboxFolders, message.companyId, message.folderId)),
    );
  }
  statements.push(db.update(mailboxes).set({ lastSyncedAt: syncedAt }).where(eq(mailboxes.id, message.mailboxId)));
  return statements;
}

/** The message the mailbox already holds with this source id (through mailbox_messages_company_mailbox_remote_idx). */
export const storedRemoteMessage = (db: Database, companyId: string, mailboxId: string, remoteId: string) =>
  db
    .select({ id: mailboxMessages.id })
    .from(mailboxMessages)
    .where(
      ofCompany(
        mailboxMessages,
        companyId,
        eq(mailboxMessages.mailboxId, mailboxId),
        eq(mailboxMessages.remoteId, remoteId),
      ),
    )
    .get();

/** Restricts a key lineage to these mailboxes of its company (the panel's key create --mailboxes). */
export function insertGrants(
  db: Database,
  companyId: string,
  lineageId: string,
  mailboxIds: readonly string[],
  at: string,
) {
  return db
    .insert(mailboxGrants)
    .values(mailboxIds.map((mailboxId) => ({ lineageId, mailboxId, companyId, createdAt: at })))
    .onConflictDoNothing();
}

/** Which of these ids are mailboxes of the company. */
export async function companyMailboxIds(db: Database, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(ofCompany(mailboxes, companyId, inArray(mailboxes.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}
