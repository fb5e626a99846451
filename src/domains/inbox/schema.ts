import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * shared: a shared mailbox synced into the platform (folders, threads, messages and attachments
 * stored here); forwarding: an address whose mail is forwarded to the platform (messages only: it
 * has no folders and no threads); jmap: a mailbox on a JMAP mail server, synced like a shared one,
 * whose folders and counters are read live from the server through the gateway.
 */
export const mailboxKinds = ["shared", "forwarding", "jmap"] as const;
export type MailboxKind = (typeof mailboxKinds)[number];
export const folderRoles = ["inbox", "sent", "drafts", "archive", "trash", "junk", "custom"] as const;
export type FolderRole = (typeof folderRoles)[number];

export const mailboxes = sqliteTable(
  "mailboxes",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    address: text("address").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: mailboxKinds }).notNull(),
    /** The account on the JMAP server (kind jmap only). */
    remoteAccountId: text("remote_account_id"),
    /**
     * The mail server's address and credentials of a jmap mailbox the operator added (sealed with
     * sealProviderSettings); null: the deployment's JMAP server. A secret: never answered or logged.
     */
    sealedCredentials: text("sealed_credentials"),
    /** Where a forwarding mailbox's mail is forwarded to (the platform's address for it). */
    inboundAddress: text("inbound_address"),
    lastSyncedAt: text("last_synced_at"),
    /** A jmap mailbox's JMAP Email state as of its last sync: the next one reads Email/changes since it. Null until the first import finished. */
    syncState: text("sync_state"),
    /** The first import: the Email state when it began (the changes after it come next) and how far it got (Email/query position). */
    importState: text("import_state"),
    importPosition: integer("import_position").notNull().default(0),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("mailboxes_company_created_idx").on(t.companyId, t.createdAt, t.id),
    uniqueIndex("mailboxes_inbound_address_idx").on(t.inboundAddress),
  ],
);

/**
 * The mailboxes a key lineage may read (the panel's `key create --mailboxes`). A lineage without
 * rows reads every mailbox of its company. Keyed by lineage, so a rotated key keeps its grant.
 */
export const mailboxGrants = sqliteTable(
  "mailbox_grants",
  {
    lineageId: text("lineage_id").notNull(),
    mailboxId: text("mailbox_id").notNull(),
    companyId: text("company_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineageId, t.mailboxId] }),
    index("mailbox_grants_company_idx").on(t.companyId, t.lineageId),
  ],
);

export const mailboxFolders = sqliteTable(
  "mailbox_folders",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    mailboxId: text("mailbox_id").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: folderRoles }).notNull(),
    /** The folder's id on the mail server (kind jmap), by which its live counters are matched. */
    remoteId: text("remote_id"),
    /** Display order within the mailbox. */
    position: integer("position").notNull(),
    totalCount: integer("total_count").notNull(),
    unreadCount: integer("unread_count").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("mailbox_folders_company_mailbox_idx").on(t.companyId, t.mailboxId, t.position)],
);

/** A conversation: the messages of one thread (by subject and references, as the sync grouped them). */
export const mailboxThreads = sqliteTable(
  "mailbox_threads",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    mailboxId: text("mailbox_id").notNull(),
    subject: text("subject").notNull(),
    messageCount: integer("message_count").notNull(),
    lastMessageAt: text("last_message_at").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("mailbox_threads_company_mailbox_idx").on(t.companyId, t.mailboxId, t.lastMessageAt, t.id)],
);

export const mailboxMessages = sqliteTable(
  "mailbox_messages",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    mailboxId: text("mailbox_id").notNull(),
    /** Null in a forwarding mailbox (no folders). */
    folderId: text("folder_id"),
    /** Null in a forwarding mailbox (no threads). */
    threadId: text("thread_id"),
    fromAddress: text("from_address").notNull(),
    fromName: text("from_name"),
    to: text("to", { mode: "json" }).$type<string[]>().notNull(),
    cc: text("cc", { mode: "json" }).$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    snippet: text("snippet").notNull(),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html"),
    read: integer("read", { mode: "boolean" }).notNull(),
    attachmentCount: integer("attachment_count").notNull(),
    receivedAt: text("received_at").notNull(),
    /** The message's id at its source (the JMAP Email id; Postmark's inbound MessageID): a message seen twice is stored once. */
    remoteId: text("remote_id"),
  },
  (t) => [
    uniqueIndex("mailbox_messages_company_mailbox_remote_idx").on(t.companyId, t.mailboxId, t.remoteId),
    index("mailbox_messages_company_mailbox_idx").on(t.companyId, t.mailboxId, t.receivedAt, t.id),
    index("mailbox_messages_company_folder_idx").on(t.companyId, t.folderId, t.receivedAt, t.id),
    index("mailbox_messages_company_thread_idx").on(t.companyId, t.threadId, t.receivedAt),
  ],
);

/** Attachment metadata; the bytes are in R2 (ATTACHMENTS) under `objectKey`. */
export const mailboxAttachments = sqliteTable(
  "mailbox_attachments",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    mailboxId: text("mailbox_id").notNull(),
    messageId: text("message_id").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    objectKey: text("object_key").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("mailbox_attachments_company_message_idx").on(t.companyId, t.messageId, t.createdAt, t.id)],
);

export type MailboxRow = typeof mailboxes.$inferSelect;
export type MailboxFolderRow = typeof mailboxFolders.$inferSelect;
export type MailboxThreadRow = typeof mailboxThreads.$inferSelect;
export type MailboxMessageRow = typeof mailboxMessages.$inferSelect;
export type MailboxAttachmentRow = typeof mailboxAttachments.$inferSelect;
