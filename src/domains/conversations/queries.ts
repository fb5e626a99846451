import { and, asc, eq, getTableColumns, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import { IN_LIST_MAX, inChunks, qualified } from "../../data/bulk";
import type { BatchItem } from "drizzle-orm/batch";
import { preparedStatement, preparedVariants, selectRow, selectRows, type Database } from "../../data/client";
import { companyRow, ofCompany, rowOf } from "../../data/rows";
import { cursorFirstPageQuery, cursorList, type ListKeys } from "../../data/lists";
import { precondition, type Precondition } from "../../data/precondition";
import { nowIso } from "../../data/schema";
import { ApiError } from "../../lib/errors";
import type { CursorPage } from "../../lib/pagination";
import { executeBatch } from "../../data/batch";
import { versionedUpdate } from "../../data/versioned";
import { contacts } from "../contacts";
import { phoneNumbers } from "../telephony";
import { preview, toConnection, toConversation, toMessage, SERVICE_WINDOW_MS } from "./model";
import {
  conversations,
  messages,
  whatsappConnections,
  whatsappWhitelist,
  type ConnectionRow,
  type ConversationChannel,
  type ConversationRow,
  type MessageAuthor,
  type MessageDirection,
  type MessageRow,
  type MessageStatus,
  type MessageType,
} from "./schema";
import { clock } from "../../lib/clock";

// ---------------------------------------------------------------------------------------------
// Connections

/** Every column but the sealed credentials: what the API may read of a connection. */
const { credentials: _sealed, ...publicConnectionColumns } = getTableColumns(whatsappConnections);

const connectionKeys: ListKeys = {
  company: whatsappConnections.companyId,
  at: whatsappConnections.seq,
  id: whatsappConnections.id,
};

/** The newest numbers (the list's first page), prepared once per database. */
const newestConnections = preparedStatement((db) =>
  cursorFirstPageQuery(
    db.select(publicConnectionColumns).from(whatsappConnections).$dynamic(),
    connectionKeys,
  ).prepare(),
);

export function listConnections(db: Database, companyId: string, page: CursorPage) {
  return cursorList(
    db.select(publicConnectionColumns).from(whatsappConnections).$dynamic(),
    connectionKeys,
    companyId,
    page,
    {
      list: "whatsapp-connections",
      firstPage: { db, statement: newestConnections(db) },
      position: (row) => ({ at: row.seq, id: row.id }),
      map: toConnection,
    },
  );
}

/**
 * The number the company sends from when a request names none: its first connected number (the
 * oldest). With its sealed credentials: only the gateway opens them.
 */
export function defaultConnection(db: Database, companyId: string): Promise<ConnectionRow | undefined> {
  return selectRow(db, firstConnected(db), { companyId });
}
/** The company's first connected number, prepared once per database. */
const firstConnected = preparedStatement((db) =>
  db
    .select()
    .from(whatsappConnections)
    .where(ofCompany(whatsappConnections, sql.placeholder("companyId"), eq(whatsappConnections.status, "connected")))
    .orderBy(asc(whatsappConnections.seq))
    .limit(1)
    .prepare(),
);

export async function connectionOf(
  db: Database,
  companyId: string,
  connectionId: string,
): Promise<ConnectionRow | undefined> {
  return companyRow(db, whatsappConnections, companyId, connectionId);
}

export type NewConnection = Omit<typeof whatsappConnections.$inferInsert, "seq">;
export const insertConnection = (db: Database, row: NewConnection) => db.insert(whatsappConnections).values(row);

// ---------------------------------------------------------------------------------------------
// Conversations

// Both sides named by table: drizzle leaves columns bare in a single-table select (the inbound
// message's lookup), where a bare company_id compared the whitelist with itself, so another
// company's whitelisted phone reserved this company's conversation for the bot.
const reservedForBot = sql<number>`EXISTS (SELECT 1 FROM ${whatsappWhitelist} WHERE ${qualified(whatsappWhitelist.companyId)} = ${qualified(conversations.companyId)} AND ${qualified(whatsappWhitelist.phone)} = ${qualified(conversations.contactPhone)})`;

const conversationColumns = {
  ...getTableColumns(conversations),
  // The WhatsApp number, or the company's rented number of an SMS conversation.
  connectionPhone: sql<string>`coalesce(${whatsappConnections.phoneNumber}, ${phoneNumbers.e164}, '')`,
  reserved: reservedForBot.mapWith(Boolean),
};

const conversationSelect = (db: Database) =>
  db
    .select(conversationColumns)
    .from(conversations)
    .leftJoin(
      whatsappConnections,
      and(
        eq(conversations.channel, "whatsapp"),
        eq(whatsappConnections.companyId, conversations.companyId),
        eq(whatsappConnections.id, conversations.connectionId),
      ),
    )
    .leftJoin(
      phoneNumbers,
      and(
        eq(conversations.channel, "sms"),
        eq(phoneNumbers.companyId, conversations.companyId),
        eq(phoneNumbers.id, conversations.connectionId),
      ),
    );

/** `seq` is the company's conversation sequence (unique): a status filter reads (company, status, seq). */
export const conversationKeys: ListKeys = {
  company: conversations.companyId,
  at: conversations.seq,
  id: conversations.id,
  uniqueAt: true,
};

export type ConversationRecord = ConversationRow & { connectionPhone: string; reserved: boolean };

/** The newest conversations (the list's first page), of any status or of one, prepared once per database. */
const newestConversations = preparedVariants((db, filters: { status: boolean }) =>
  cursorFirstPageQuery(
    conversationSelect(db).$dynamic(),
    conversationKeys,
    filters.status ? eq(conversations.status, sql.placeholder("status")) : undefined,
  ).prepare(),
);

export function listConversations(
  db: Database,
  companyId: string,
  filter: { status?: ConversationRow["status"] },
  page: CursorPage,
) {
  const now = clock.now();
  return cursorList(conversationSelect(db).$dynamic(), conversationKeys, companyId, page, {
    list: "conversations",
    where: filter.status ? eq(conversations.status, filter.status) : undefined,
    firstPage: {
      db,
      statement: newestConversations(db, { status: Boolean(filter.status) }),
      values: { status: filter.status },
    },
    position: (row) => ({ at: row.seq, id: row.id }),
    map: (row) => toConversation(row, now),
  });
}

export async function findConversation(
  db: Database,
  companyId: string,
  conversationId: string,
): Promise<ConversationRecord | undefined> {
  return selectRow(db, conversationById(db), { companyId, conversationId });
}
const conversationById = preparedStatement((db) =>
  conversationSelect(db)
    .where(rowOf(conversations, sql.placeholder("companyId"), sql.placeholder("conversationId")))
    .prepare(),
);

const conversationIs = (companyId: string, conversationId: string, condition: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${conversations} WHERE ${conversations.companyId} = ${companyId} AND ${conversations.id} = ${conversationId} AND ${condition})`;

const modeConflict = (mode: "ai" | "human") => () =>
  new ApiError(
    "conflict",
    mode === "ai"
      ? "The conversation is already with the automation (mode ai)."
      : "The conversation was already taken over (mode human).",
  );

/** Takeover as a compare-and-set: the conversation must still be with the automation when the batch runs. */
export function takeOver(
  db: Database,
  companyId: string,
  conversationId: string,
  by: { keyId: string; name: string },
  at: string,
): [Precondition, BatchItem<"sqlite">] {
  return [
    precondition(
      db,
      conversationIs(companyId, conversationId, sql`${conversations.mode} = 'ai'`),
      modeConflict("human"),
    ),
    db
      .update(conversations)
      .set({ mode: "human", takenOverByKeyId: by.keyId, takenOverByName: by.name, takenOverAt: at, updatedAt: at })
      .where(rowOf(conversations, companyId, conversationId)),
  ];
}

/** Resume as a compare-and-set: the conversation must still be with a human when the batch runs. */
export function resume(
  db: Database,
  companyId: string,
  conversationId: string,
  at: string,
): [Precondition, BatchItem<"sqlite">] {
  return [
    precondition(
      db,
      conversationIs(companyId, conversationId, sql`${conversations.mode} = 'human'`),
      modeConflict("ai"),
    ),
    db
      .update(conversations)
      .set({ mode: "ai", takenOverByKeyId: null, takenOverByName: null, takenOverAt: null, updatedAt: at })
      .where(rowOf(conversations, companyId, conversationId)),
  ];
}

/**
 * A text reply may go out only while a human has the conversation, it is open, and (WhatsApp,
 * `now` given) the contact's window is open; SMS has no such window (`now` null).
 */
export function replyAllowed(
  db: Database,
  companyId: string,
  conversationId: string,
  now: number | null,
): Precondition {
  const window =
    now === null
      ? sql``
      : sql` AND ${conversations.lastInboundAt} > ${new Date(now - SERVICE_WINDOW_MS).toISOString()}`;
  return precondition(
    db,
    conversationIs(
      companyId,
      conversationId,
      sql`${conversations.mode} = 'human' AND ${conversations.status} = 'open'${window}`,
    ),
    () =>
      new ApiError(
        "conflict",
        now === null
          ? "The conversation changed while the reply was being recorded: it must be open and taken over by a human."
          : "The conversation changed while the reply was being recorded: it must be open, taken over by a human, and within the contact's 24-hour window.",
      ),
  );
}

// ---------------------------------------------------------------------------------------------
// Messages

const messageColumns = { ...getTableColumns(messages), contactPhone: conversations.contactPhone };

const messageSelect = (db: Database) =>
  db
    .select(messageColumns)
    .from(messages)
    .innerJoin(
      conversations,
      and(eq(conversations.companyId, messages.companyId), eq(conversations.id, messages.conversationId)),
    );

/** `seq` is the company's message sequence (unique): a conversation's messages read (company, conversation, seq). */
export const messageKeys: ListKeys = { company: messages.companyId, at: messages.seq, id: messages.id, uniqueAt: true };

export type MessageRecord = MessageRow & { contactPhone: string };

/** A conversation's newest messages (the first page), prepared once per database. */
const firstMessages = preparedStatement((db) =>
  cursorFirstPageQuery(
    messageSelect(db).$dynamic(),
    messageKeys,
    eq(messages.conversationId, sql.placeholder("conversationId")),
  ).prepare(),
);

export function listMessages(db: Database, companyId: string, conversationId: string, page: CursorPage) {
  return cursorList(messageSelect(db).$dynamic(), messageKeys, companyId, page, {
    list: `messages:${conversationId}`,
    where: eq(messages.conversationId, conversationId),
    firstPage: { db, statement: firstMessages(db), values: { conversationId } },
    position: (row) => ({ at: row.seq, id: row.id }),
    map: toMessage,
  });
}

export async function findMessage(
  db: Database,
  companyId: string,
  messageId: string,
): Promise<MessageRecord | undefined> {
  return messageSelect(db)
    .where(rowOf(messages, companyId, messageId))
    .get();
}

/**
 * Messages after `afterSeq` in the order they were committed (the polling list), notes left out:
 * they are the team's, not WhatsApp messages. One row more than `limit` tells whether more follow.
 */
export function messagesAfter(
  db: Database,
  companyId: string,
  afterSeq: number,
  limit: number,
): Promise<MessageRecord[]> {
  return selectRows(db, messagesAfterSeq(db), { companyId, afterSeq, limit: limit + 1 });
}
/** The poll's page (messages after a position, oldest first), prepared once per database. */
const messagesAfterSeq = preparedStatement((db) =>
  messageSelect(db)
    .where(
      ofCompany(
        messages,
        sql.placeholder("companyId"),
        gt(messages.seq, sql.placeholder("afterSeq")),
        sql`${messages.type} <> 'note'`,
        eq(messages.channel, "whatsapp"),
      ),
    )
    .orderBy(asc(messages.seq))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

/** What a new message says; the conversation is found by its connection and the contact's phone. */
export interface NewMessage {
  id: string;
  companyId: string;
  connectionId: string;
  /** Default whatsapp. */
  channel?: ConversationChannel;
  contactPhone: string;
  direction: MessageDirection;
  type: MessageType;
  author: MessageAuthor;
  text?: string | null;
  media?: { id: string; mimeType: string | null; objectKey?: string | null } | null;
  template?: { name: string; language: string; parameters: string[] } | null;
  status: MessageStatus | null;
  providerMessageId?: string | null;
  error?: string | null;
  at: string;
}

/** The id of the conversation of a connection and phone, as SQL: known only inside the batch that may create it. */
export const conversationOf = (companyId: string, connectionId: string, phone: string) =>
  sql`(SELECT ${conversations.id} FROM ${conversations} WHERE ${conversations.companyId} = ${companyId} AND ${conversations.connectionId} = ${connectionId} AND ${conversations.contactPhone} = ${phone})`;

/**
 * The statements that record a message: its conversation (created when the contact has none on
 * this number, open, with the automation; reopened when closed), the message, and the
 * conversation's last message, window and unread count. Race-free in one batch: the conversation
 * is unique per connection and phone, and the message finds it by those.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: a message's effects on its conversation, written in one batch
export function recordMessage(
  db: Database,
  message: NewMessage,
  options: { contactName?: string | null } = {},
): BatchItem<"sqlite">[] {
  const { companyId, connectionId, contactPhone, at } = message;
  const inbound = message.direction === "inbound";
  const sent = message.status === "sent";
  const failed = message.status === "failed";
  const delivered = message.status === "delivered";
  const read = message.status === "read";
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(conversations)
      .values({
        id: crypto.randomUUID(),
        companyId,
        connectionId,
        channel: message.channel ?? "whatsapp",
        contactPhone,
        contactName: options.contactName ?? null,
        contactId: sql`(SELECT ${contacts.id} FROM ${contacts} WHERE ${contacts.companyId} = ${companyId} AND ${contacts.phone} = ${contactPhone})`,
        status: "open",
        mode: "ai",
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({
        target: [conversations.companyId, conversations.connectionId, conversations.contactPhone],
      }),
    db.insert(messages).values({
      id: message.id,
      companyId,
      conversationId: conversationOf(companyId, connectionId, contactPhone),
      connectionId,
      channel: message.channel ?? "whatsapp",
      direction: message.direction,
      type: message.type,
      author: message.author,
      text: message.text ?? null,
      mediaId: message.media?.id ?? null,
      mediaMimeType: message.media?.mimeType ?? null,
      mediaObjectKey: message.media?.objectKey ?? null,
      templateName: message.template?.name ?? null,
      templateLanguage: message.template?.language ?? null,
      templateParameters: message.template?.parameters ?? null,
      status: message.status,
      providerMessageId: message.providerMessageId ?? null,
      error: message.error ?? null,
      createdAt: at,
      sentAt: !inbound && (sent || delivered || read) ? at : null,
      deliveredAt: delivered || read ? at : null,
      readAt: read ? at : null,
      failedAt: failed ? at : null,
      updatedAt: at,
    }),
  ];
  if (message.type !== "note") {
    statements.push(
      db
        .update(conversations)
        .set({
          status: "open",
          lastMessageAt: at,
          lastMessagePreview: preview(
            message.text ?? (message.template ? `[template ${message.template.name}]` : `[${message.type}]`),
          ),
          updatedAt: at,
          ...(inbound
            ? {
                lastInboundAt: at,
                ...(delivered ? { unreadCount: sql`${conversations.unreadCount} + 1` } : {}),
                ...(options.contactName ? { contactName: options.contactName } : {}),
              }
            : {}),
        })
        .where(
          ofCompany(
            conversations,
            companyId,
            eq(conversations.connectionId, connectionId),
            eq(conversations.contactPhone, contactPhone),
          ),
        ),
    );
  }
  return statements;
}

/**
 * Records a message the contact sent (the provider's inbound webhook would call this; the seed and
 * the tests do). Returns who should answer it: the automation, an external bot (the phone is on
 * the whitelist: the message goes to webhooks only), or the team (a human has the conversation).
 */
export async function recordInboundMessage(
  db: Database,
  input: {
    companyId: string;
    connectionId: string;
    from: string;
    text?: string;
    media?: { id: string; mimeType: string | null };
    type?: MessageType;
    contactName?: string | null;
    providerMessageId?: string;
    at?: string;
  },
): Promise<{ messageId: string; conversationId: string; answeredBy: "ai" | "external_bot" | "team" }> {
  const id = crypto.randomUUID();
  await executeBatch(
    db,
    recordMessage(
      db,
      {
        id,
        companyId: input.companyId,
        connectionId: input.connectionId,
        contactPhone: input.from,
        direction: "inbound",
        type: input.type ?? (input.media ? "image" : "text"),
        author: "contact",
        text: input.text ?? null,
        media: input.media ?? null,
        status: "delivered",
        providerMessageId: input.providerMessageId ?? `wamid.${crypto.randomUUID().replace(/-/g, "")}`,
        at: input.at ?? nowIso(),
      },
      { contactName: input.contactName },
    ),
  );
  const conversation = await db
    .select({ id: conversations.id, mode: conversations.mode, reserved: reservedForBot.mapWith(Boolean) })
    .from(conversations)
    .where(
      ofCompany(
        conversations,
        input.companyId,
        eq(conversations.connectionId, input.connectionId),
        eq(conversations.contactPhone, input.from),
      ),
    )
    .get();
  if (!conversation) throw new Error("The inbound message's conversation was not recorded.");
  const answeredBy = conversation.reserved ? "external_bot" : conversation.mode === "human" ? "team" : "ai";
  return { messageId: id, conversationId: conversation.id, answeredBy };
}

/** The outcome of sending a queued message: sent with the provider's id, only if it is still queued. */
export const markSent = (db: Database, companyId: string, messageId: string, providerMessageId: string, at: string) =>
  db
    .update(messages)
    .set({ status: "sent", providerMessageId, sentAt: at, updatedAt: at })
    .where(rowOf(messages, companyId, messageId, eq(messages.status, "queued")));

export const markFailed = (db: Database, companyId: string, messageId: string, reason: string, at: string) =>
  db
    .update(messages)
    .set({ status: "failed", error: reason, failedAt: at, updatedAt: at })
    .where(rowOf(messages, companyId, messageId, eq(messages.status, "queued")));

/**
 * The outcome of sending a queued message, stated on the message as read (still queued): the
 * batch aborts (PreconditionFailed) when another writer recorded one first (a retry of the send,
 * the due work that settles it), so its event is emitted once.
 */
export function settleQueued(
  db: Database,
  message: Pick<MessageRow, "companyId" | "id">,
  outcome: { status: "sent"; providerMessageId: string; at: string } | { status: "failed"; reason: string; at: string },
): [Precondition, BatchItem<"sqlite">] {
  const queued = rowOf(messages, message.companyId, message.id, eq(messages.status, "queued"));
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${queued})`,
      () => new ApiError("conflict", "The message was settled by another attempt meanwhile; read it again."),
    ),
    outcome.status === "sent"
      ? markSent(db, message.companyId, message.id, outcome.providerMessageId, outcome.at)
      : markFailed(db, message.companyId, message.id, outcome.reason, outcome.at),
  ];
}

/**
 * Marks an inbound message read, with every earlier inbound message of its conversation (as
 * WhatsApp does), and sets the conversation's unread count from what is left.
 */
export function markReadUpTo(
  db: Database,
  message: Pick<MessageRow, "companyId" | "conversationId" | "seq">,
  at: string,
): BatchItem<"sqlite">[] {
  const { companyId, conversationId } = message;
  return [
    db
      .update(messages)
      .set({ status: "read", readAt: at, updatedAt: at })
      .where(
        and(
          ofCompany(messages, companyId),
          eq(messages.conversationId, conversationId),
          eq(messages.direction, "inbound"),
          eq(messages.status, "delivered"),
          lte(messages.seq, message.seq),
        ),
      ),
    db
      .update(conversations)
      .set({
        unreadCount: sql`(SELECT count(*) FROM ${messages} WHERE ${messages.companyId} = ${companyId} AND ${messages.conversationId} = ${conversationId} AND ${messages.direction} = 'inbound' AND ${messages.status} = 'delivered')`,
        updatedAt: at,
      })
      .where(rowOf(conversations, companyId, conversationId)),
  ];
}

/** Re-reads a message after a write, for the answer. */
export async function messageView(db: Database, companyId: string, messageId: string) {
  const row = await findMessage(db, companyId, messageId);
  if (!row) throw new Error(`Message ${messageId} was not found after it was written.`);
  return toMessage(row);
}

// ---------------------------------------------------------------------------------------------
// Whitelist

/** When the phone's thread was reserved for an external bot, or undefined. */
export async function whitelistEntry(db: Database, companyId: string, phone: string) {
  return db
    .select({ createdAt: whatsappWhitelist.createdAt })
    .from(whatsappWhitelist)
    .where(ofCompany(whatsappWhitelist, companyId, eq(whatsappWhitelist.phone, phone)))
    .get();
}

/** Idempotent: a phone already on the list keeps its first time (RETURNING gives a row only when inserted). */
export const addToWhitelist = (db: Database, companyId: string, phone: string, at: string) =>
  db
    .insert(whatsappWhitelist)
    .values({ companyId, phone, createdAt: at })
    .onConflictDoNothing()
    .returning({ createdAt: whatsappWhitelist.createdAt });

export const removeFromWhitelist = (db: Database, companyId: string, phone: string) =>
  db
    .delete(whatsappWhitelist)
    .where(ofCompany(whatsappWhitelist, companyId, eq(whatsappWhitelist.phone, phone)))
    .returning({ phone: whatsappWhitelist.phone });

/**
 * Of `phones`, those on the whitelist, and when each contact last wrote to the connection (the
 * customer-service window is per business number). IN lists stay within D1's bound parameters.
 */
export async function phoneStates(db: Database, companyId: string, connectionId: string, phones: readonly string[]) {
  const reserved = new Set<string>();
  const lastInbound = new Map<string, string>();
  for (const chunk of inChunks([...new Set(phones)], IN_LIST_MAX)) {
    const [onList, inbound] = await Promise.all([
      db
        .select({ phone: whatsappWhitelist.phone })
        .from(whatsappWhitelist)
        .where(ofCompany(whatsappWhitelist, companyId, inArray(whatsappWhitelist.phone, chunk))),
      db
        .select({ phone: conversations.contactPhone, lastInboundAt: conversations.lastInboundAt })
        .from(conversations)
        .where(
          ofCompany(
            conversations,
            companyId,
            eq(conversations.connectionId, connectionId),
            inArray(conversations.contactPhone, chunk),
          ),
        ),
    ]);
    for (const row of onList) reserved.add(row.phone);
    for (const row of inbound) if (row.lastInboundAt) lastInbound.set(row.phone, row.lastInboundAt);
  }
  return { reserved, lastInbound };
}

/** The company's outbound messages the provider knows by these ids (wamid.…); backed by whatsapp_messages_company_provider_id_idx. */
export async function outboundByProviderIds(
  db: Database,
  companyId: string,
  providerMessageIds: readonly string[],
): Promise<MessageRecord[]> {
  if (providerMessageIds.length === 0) return [];
  return messageSelect(db).where(
    ofCompany(
      messages,
      companyId,
      inArray(messages.providerMessageId, [...providerMessageIds]),
      eq(messages.direction, "outbound"),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Connections' tokens and lifecycle (tokens.ts, panel.ts): each change a compare-and-set on the version

const connectionChanged = () =>
  new ApiError("conflict", "The WhatsApp connection changed meanwhile (reconnected, refreshed or disconnected).");

/** The company's connection of a number (E.164), whatever its status: a reconnect reuses it. */
export function connectionByPhone(
  db: Database,
  companyId: string,
  phoneNumber: string,
): Promise<ConnectionRow | undefined> {
  return db
    .select()
    .from(whatsappConnections)
    .where(ofCompany(whatsappConnections, companyId, eq(whatsappConnections.phoneNumber, phoneNumber)))
    .get();
}

/** A fresh token sealed over the old one (which is then stored nowhere), if the connection is still at the version read. */
export const refreshedConnection = (
  db: Database,
  connection: ConnectionRow,
  changes: { credentials: string; tokenExpiresAt: string | null; tokenRefreshedAt: string },
) => versionedUpdate(db, whatsappConnections, connection, changes, connectionChanged);

/** The connection disabled with its reason, if still at the version read. */
export const disableConnection = (db: Database, connection: ConnectionRow, reason: string, at: string) =>
  versionedUpdate(
    db,
    whatsappConnections,
    connection,
    { status: "disabled", disabledReason: reason, disabledAt: at, connectedAt: null },
    connectionChanged,
  );

/** A disconnected or disabled number connected again with new credentials, if still at the version read. */
export const reconnectConnection = (
  db: Database,
  connection: ConnectionRow,
  changes: Pick<
    ConnectionRow,
    "displayName" | "phoneNumberId" | "businessAccountId" | "credentials" | "tokenExpiresAt" | "connectedAt"
  >,
) =>
  versionedUpdate(
    db,
    whatsappConnections,
    connection,
    { ...changes, status: "connected", tokenRefreshedAt: null, disabledReason: null, disabledAt: null },
    connectionChanged,
  );

/** A connection's number no longer sends (the operator disconnected it); the version bump makes a pending refresh stale. */
export function disconnect(db: Database, companyId: string, connectionId: string) {
  return db
    .update(whatsappConnections)
    .set({ status: "disconnected", connectedAt: null, version: sql`${whatsappConnections.version} + 1` })
    .where(rowOf(whatsappConnections, companyId, connectionId))
    .returning();
}

/**
 * Why the company cannot send from WhatsApp when it has no connected number: a disabled number's
 * reason (its token could not be refreshed), or that it has none.
 */
export async function noConnectionReason(db: Database, companyId: string): Promise<string> {
  const disabled = await db
    .select({ phoneNumber: whatsappConnections.phoneNumber, reason: whatsappConnections.disabledReason })
    .from(whatsappConnections)
    .where(ofCompany(whatsappConnections, companyId, eq(whatsappConnections.status, "disabled")))
    .orderBy(asc(whatsappConnections.seq))
    .limit(1)
    .get();
  return disabled
    ? unusableReason({ status: "disabled", phoneNumber: disabled.phoneNumber, disabledReason: disabled.reason })
    : "The company has no connected WhatsApp number.";
}

/** Why a number that is not connected cannot send, in words for a problem. */
export function unusableReason(connection: Pick<ConnectionRow, "status" | "phoneNumber" | "disabledReason">): string {
  if (connection.status === "disabled") {
    const why = connection.disabledReason ?? "Its token could not be refreshed.";
    return `The WhatsApp number ${connection.phoneNumber} is disabled: ${why.charAt(0).toLowerCase()}${why.slice(1)} The operator must connect it again with a new token.`;
  }
  return `The WhatsApp number ${connection.phoneNumber} is no longer connected.`;
}
