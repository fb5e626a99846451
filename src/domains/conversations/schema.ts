import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companySequence, resourceSequence } from "../../data/sequences";

/** `disabled`: the service could not refresh the number's token before it expired (`disabled_reason` says why); a reconnect restores it. */
export const connectionStatuses = ["connected", "disconnected", "disabled"] as const;
export const conversationStatuses = ["open", "closed"] as const;
/** Who answers the contact: the platform's automation (ai) or a person of the team (human, after a takeover). */
export const conversationModes = ["ai", "human"] as const;
export const messageDirections = ["inbound", "outbound"] as const;
/**
 * How a conversation's messages travel: WhatsApp (its connection a WhatsApp number) or SMS (its
 * connection the company's rented number, telephony's phone_numbers; inbound messages only).
 */
export const conversationChannels = ["whatsapp", "sms"] as const;
export type ConversationChannel = (typeof conversationChannels)[number];
/** `note`: an internal note of the team, stored in the conversation and never sent. */
export const messageTypes = ["text", "template", "note", "image", "audio", "video", "document"] as const;
export const messageStatuses = ["queued", "sent", "delivered", "read", "failed"] as const;
/** Who wrote a message: the contact, the automation, the team (replies and notes) or an API client (POST /whatsapp/send). */
export const messageAuthors = ["contact", "ai", "team", "api"] as const;

export type MessageDirection = (typeof messageDirections)[number];
export type MessageType = (typeof messageTypes)[number];
export type MessageStatus = (typeof messageStatuses)[number];
export type MessageAuthor = (typeof messageAuthors)[number];

/**
 * A company's WhatsApp numbers (WhatsApp Business Cloud API phone numbers). The provider token,
 * with the phone number id and business account id it goes with, is sealed per connection
 * (`credentials`: sealProviderSettings, AES-256-GCM under a key derived from WEBHOOK_SECRET_KEY,
 * bound to the company): no query of the API selects it but the one that builds the gateway.
 */
export const whatsappConnections = sqliteTable(
  "whatsapp_connections",
  {
    /** Position in the list's order, the company's own sequence (see `companySequence`). */
    seq: companySequence(),
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** E.164. */
    phoneNumber: text("phone_number").notNull(),
    displayName: text("display_name").notNull(),
    /** The Cloud API's ids of the number and of its WhatsApp Business Account (not secrets). */
    phoneNumberId: text("phone_number_id").notNull(),
    businessAccountId: text("business_account_id").notNull(),
    status: text("status", { enum: connectionStatuses }).notNull(),
    /** v1.<iv>.<ciphertext>: the sealed { accessToken, phoneNumberId, businessAccountId }. */
    credentials: text("credentials").notNull(),
    /** When the sealed token expires (ISO); null: it does not (a system user's token set to never expire). */
    tokenExpiresAt: text("token_expires_at"),
    /** When the service last exchanged the token for a fresh one (null: never, it is the connected one). */
    tokenRefreshedAt: text("token_refreshed_at"),
    /** Why the connection was disabled (status disabled): the token could not be refreshed. */
    disabledReason: text("disabled_reason"),
    disabledAt: text("disabled_at"),
    /** Bumped by every change of the connection (reconnect, refresh, disable, disconnect): the compare-and-set of each. */
    version: integer("version").notNull().default(1),
    connectedAt: text("connected_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("whatsapp_connections_company_phone_idx").on(t.companyId, t.phoneNumber),
    uniqueIndex("whatsapp_connections_company_seq_idx").on(t.companyId, t.seq),
    // Meta's status webhooks name the number (phone_number_id), not the company.
    index("whatsapp_connections_phone_number_id_idx").on(t.phoneNumberId, t.companyId),
  ],
);

/**
 * One thread per connection and contact phone. `seq` orders the list (newest conversation first)
 * and never changes, so cursor pages neither miss nor repeat a conversation while others arrive.
 */
export const conversations = sqliteTable(
  "conversations",
  {
    seq: companySequence(),
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** The WhatsApp connection, or for an SMS conversation the company's number (phone_numbers). */
    connectionId: text("connection_id").notNull(),
    channel: text("channel", { enum: conversationChannels }).notNull().default("whatsapp"),
    /** E.164. */
    contactPhone: text("contact_phone").notNull(),
    /** The name the contact shows on WhatsApp (profile name), when known. */
    contactName: text("contact_name"),
    /** The CRM contact with this phone (contacts domain) when there was one at creation. */
    contactId: text("contact_id"),
    status: text("status", { enum: conversationStatuses }).notNull(),
    mode: text("mode", { enum: conversationModes }).notNull(),
    /** The API key (id and name) that took the conversation over, while mode is human. */
    takenOverByKeyId: text("taken_over_by_key_id"),
    takenOverByName: text("taken_over_by_name"),
    takenOverAt: text("taken_over_at"),
    lastMessageAt: text("last_message_at"),
    lastMessagePreview: text("last_message_preview"),
    /** When the contact last wrote: the customer-service window is open for 24 h after it. */
    lastInboundAt: text("last_inbound_at"),
    unreadCount: integer("unread_count").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("conversations_company_connection_phone_idx").on(t.companyId, t.connectionId, t.contactPhone),
    uniqueIndex("conversations_company_seq_idx").on(t.companyId, t.seq),
    index("conversations_company_status_seq_idx").on(t.companyId, t.status, t.seq),
    index("conversations_company_phone_idx").on(t.companyId, t.contactPhone, t.lastInboundAt),
  ],
);

/**
 * Messages of the conversations. `seq` is the company's message sequence, drawn inside the
 * inserting statement (`companySequence`), and D1 runs one write transaction at a time, so a
 * message with a higher seq always commits after every lower one. That makes `seq` the polling
 * cursor of GET /whatsapp/messages: reading `seq > since` in seq order never misses or repeats a
 * message, whereas a timestamp can tie or be written out of order.
 */
export const messages = sqliteTable(
  "whatsapp_messages",
  {
    seq: companySequence(),
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    conversationId: text("conversation_id").notNull(),
    connectionId: text("connection_id").notNull(),
    /** Its conversation's channel: the WhatsApp poll (GET /whatsapp/messages) reads only WhatsApp's. */
    channel: text("channel", { enum: conversationChannels }).notNull().default("whatsapp"),
    direction: text("direction", { enum: messageDirections }).notNull(),
    type: text("type", { enum: messageTypes }).notNull(),
    author: text("author", { enum: messageAuthors }).notNull(),
    text: text("text"),
    /** Media reference (the Cloud API's media id), its MIME type. */
    mediaId: text("media_id"),
    mediaMimeType: text("media_mime_type"),
    /** Where an inbound message's media bytes are kept (ATTACHMENTS bucket); null until stored, or for outbound media. */
    mediaObjectKey: text("media_object_key"),
    templateName: text("template_name"),
    templateLanguage: text("template_language"),
    templateParameters: text("template_parameters", { mode: "json" }).$type<string[]>(),
    /** null for a note, which is never sent. */
    status: text("status", { enum: messageStatuses }),
    /** The provider's message id (wamid.…). */
    providerMessageId: text("provider_message_id"),
    /** Why a message failed, in our words (never the provider's answer). */
    error: text("error"),
    createdAt: text("created_at").notNull(),
    sentAt: text("sent_at"),
    deliveredAt: text("delivered_at"),
    readAt: text("read_at"),
    failedAt: text("failed_at"),
    updatedAt: text("updated_at").notNull(),
    /** The number of the last event about the message (src/data/sequences.ts); `seq` is its place in the company's list. */
    sequence: resourceSequence(),
  },
  (t) => [
    uniqueIndex("whatsapp_messages_company_seq_idx").on(t.companyId, t.seq),
    index("whatsapp_messages_company_conversation_seq_idx").on(t.companyId, t.conversationId, t.seq),
    // A status webhook finds its message by the provider's id (wamid.…), within the companies of the number.
    index("whatsapp_messages_company_provider_id_idx").on(t.companyId, t.providerMessageId),
  ],
);

/** Phones whose thread is reserved for an external bot: their inbound messages go to webhooks only. */
export const whatsappWhitelist = sqliteTable(
  "whatsapp_whitelist",
  {
    companyId: text("company_id").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.phone] })],
);

export type ConnectionRow = typeof whatsappConnections.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
