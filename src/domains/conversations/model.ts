import { z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import type { ExampleRow } from "../../core/examples";
import { CursorPageQuery, cursorEnvelope } from "../../lib/pagination";
import { int32, resourceSequenceField, timestamp, uuid } from "../../lib/schemas";
import {
  connectionStatuses,
  conversationChannels,
  conversationModes,
  conversationStatuses,
  messageAuthors,
  messageDirections,
  messageStatuses,
  messages,
  messageTypes,
  type ConnectionRow,
  type ConversationRow,
  type MessageRow,
} from "./schema";
import { clock } from "../../lib/clock";

/** The longest text a WhatsApp text message may carry (Cloud API limit), and so a reply or note. */
export const MAX_MESSAGE_TEXT = 4096;
/** Characters of the last message shown in a conversation's preview. */
const PREVIEW_LENGTH = 120;
/** The customer-service window: free text may be sent for this long after the contact last wrote. */
export const SERVICE_WINDOW_HOURS = 24;
export const SERVICE_WINDOW_MS = SERVICE_WINDOW_HOURS * 60 * 60 * 1000;

/** The media types the WhatsApp Cloud API carries (images, stickers, audio, video, documents). */
const mediaMimeTypes = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "audio/aac",
  "audio/amr",
  "audio/mpeg",
  "audio/mp4",
  "audio/ogg",
  "video/mp4",
  "video/3gpp",
  "text/plain",
  "application/pdf",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
] as const;
type MediaMimeType = (typeof mediaMimeTypes)[number];
const isMediaMimeType = (value: string | null): value is MediaMimeType =>
  (mediaMimeTypes as readonly (string | null)[]).includes(value);

const e164 = (description: string) =>
  z.string().openapi({ description, pattern: "^\\+[1-9][0-9]{1,14}$", example: "+34612345678" });

export const Message = z
  .object({
    id: uuid(),
    conversation_id: uuid(),
    connection_id: uuid(),
    direction: z
      .enum(messageDirections)
      .openapi({ description: "inbound: the contact wrote it; outbound: sent to the contact (or a note of the team)" }),
    type: z.enum(messageTypes).openapi({ description: "`note`: an internal note, visible to the team and never sent" }),
    author: z.enum(messageAuthors).openapi({
      description: "contact, the automation (ai), the team (replies and notes) or an API client (POST /whatsapp/send)",
    }),
    contact_phone: e164("The contact's phone (E.164)"),
    text: z
      .string()
      .nullable()
      .openapi({ description: "The text (a caption for media); null for a template or media without caption" }),
    media: z
      .object({
        id: z.string().openapi({ description: "The provider's media id" }),
        mime_type: z
          .enum(mediaMimeTypes)
          .nullable()
          .openapi({ description: "One of the media types WhatsApp carries; null when not known" }),
      })
      .nullable()
      .openapi({ description: "The media reference of an image, audio, video or document message" }),
    template: z
      .object({ name: z.string(), language: z.string(), parameters: z.array(z.string()).max(20) })
      .nullable()
      .openapi({ description: "The template of a template message" }),
    status: z.enum(messageStatuses).nullable().openapi({
      description:
        "queued (waiting for the gateway), sent, delivered, read or failed; an inbound message is delivered until it is read; null for a note",
    }),
    provider_message_id: z
      .string()
      .nullable()
      .openapi({ description: "The WhatsApp message id (wamid.…) once the provider took it" }),
    error: z.string().nullable().openapi({ description: "Why the message failed" }),
    created_at: timestamp(),
    sent_at: timestamp().nullable(),
    delivered_at: timestamp().nullable(),
    read_at: timestamp().nullable(),
    failed_at: timestamp().nullable(),
    sequence: resourceSequenceField(),
  })
  .openapi("WhatsAppMessage", {
    description: "A message of a WhatsApp conversation: received, sent, queued to send, or an internal note.",
  });

export type MessageView = z.output<typeof Message>;

export function toMessage(row: MessageRow & { contactPhone: string }): MessageView {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    connection_id: row.connectionId,
    direction: row.direction,
    type: row.type,
    author: row.author,
    contact_phone: row.contactPhone,
    text: row.text,
    media: row.mediaId
      ? { id: row.mediaId, mime_type: isMediaMimeType(row.mediaMimeType) ? row.mediaMimeType : null }
      : null,
    template: row.templateName
      ? { name: row.templateName, language: row.templateLanguage ?? "", parameters: row.templateParameters ?? [] }
      : null,
    status: row.status,
    provider_message_id: row.providerMessageId,
    error: row.error,
    created_at: row.createdAt,
    sent_at: row.sentAt,
    delivered_at: row.deliveredAt,
    read_at: row.readAt,
    failed_at: row.failedAt,
    sequence: row.sequence,
  };
}

export const Conversation = z
  .object({
    id: uuid(),
    channel: z.enum(conversationChannels).openapi({
      description:
        "whatsapp: a WhatsApp conversation of a connection; sms: SMS the contact sent to one of the company's rented numbers (an extension; inbound only, answer with POST /sms/send)",
    }),
    connection: z.object({
      id: uuid().openapi({ description: "The WhatsApp connection; for an SMS conversation, the company's number" }),
      phone_number: e164("The company's WhatsApp number, or its rented number of an SMS conversation"),
    }),
    contact: z.object({
      phone: e164("The contact's phone (E.164)"),
      name: z.string().nullable().openapi({ description: "The contact's WhatsApp profile name, when known" }),
      contact_id: uuid()
        .nullable()
        .openapi({ description: "The CRM contact with this phone, if there was one when the conversation began" }),
    }),
    status: z.enum(conversationStatuses),
    mode: z
      .enum(conversationModes)
      .openapi({ description: "ai: the automation answers; human: a person of the team took it over" }),
    taken_over_by: z
      .object({ key_id: z.string(), name: z.string() })
      .nullable()
      .openapi({ description: "The API key that took the conversation over (while mode is human)" }),
    taken_over_at: timestamp().nullable(),
    reserved_for_external_bot: z.boolean().openapi({
      description:
        "The phone is on the whitelist: its thread belongs to an external bot and the automation stays silent",
    }),
    window_open: z.boolean().openapi({
      description: `Whether the contact wrote in the last ${SERVICE_WINDOW_HOURS} hours, so free text may be sent`,
    }),
    last_message_at: timestamp().nullable(),
    last_message_preview: z
      .string()
      .nullable()
      .openapi({ description: `The last message's first ${PREVIEW_LENGTH} characters` }),
    unread_count: int32().openapi({ description: "Inbound messages not read yet" }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("Conversation", {
    description:
      "A conversation between one of the company's numbers and a contact: on WhatsApp, or by SMS to a rented number.",
  });

export type ConversationView = z.output<typeof Conversation>;

export function toConversation(
  row: ConversationRow & { connectionPhone: string; reserved: boolean },
  now = clock.now(),
): ConversationView {
  return {
    id: row.id,
    channel: row.channel,
    connection: { id: row.connectionId, phone_number: row.connectionPhone },
    contact: { phone: row.contactPhone, name: row.contactName, contact_id: row.contactId },
    status: row.status,
    mode: row.mode,
    taken_over_by:
      row.mode === "human" && row.takenOverByKeyId
        ? { key_id: row.takenOverByKeyId, name: row.takenOverByName ?? "" }
        : null,
    taken_over_at: row.mode === "human" ? row.takenOverAt : null,
    reserved_for_external_bot: row.reserved,
    window_open: windowOpen(row.lastInboundAt, now),
    last_message_at: row.lastMessageAt,
    last_message_preview: row.lastMessagePreview,
    unread_count: row.unreadCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** Whether the customer-service window is open: the contact wrote less than 24 hours ago. */
export const windowOpen = (lastInboundAt: string | null, now = clock.now()) =>
  lastInboundAt !== null && now - Date.parse(lastInboundAt) < SERVICE_WINDOW_MS;

export const preview = (text: string | null) =>
  text === null ? null : text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;

const Connection = z
  .object({
    id: uuid(),
    phone_number: e164("The number (E.164)"),
    display_name: z.string().openapi({ description: "The business name WhatsApp shows" }),
    status: z.enum(connectionStatuses).openapi({
      description:
        "connected; disconnected (by the operator); disabled (its provider token could not be refreshed before it expired: nothing is sent from it until it is connected again)",
    }),
    connected_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .openapi("WhatsAppConnection", {
    description:
      "One of the company's WhatsApp numbers. Its provider token is held by the service, sealed, and never shown.",
  });

export type ConnectionView = z.output<typeof Connection>;

export const toConnection = (
  row: Pick<ConnectionRow, "id" | "phoneNumber" | "displayName" | "status" | "connectedAt" | "createdAt">,
): ConnectionView => ({
  id: row.id,
  phone_number: row.phoneNumber,
  display_name: row.displayName,
  status: row.status,
  connected_at: row.connectedAt,
  created_at: row.createdAt,
});

// ---------------------------------------------------------------------------------------------
// Requests

export const ConversationPath = z.object({
  conversation_uuid: uuid().openapi({
    description: "Id of a conversation of the key's company (a UUID; anything else is 400)",
  }),
});

export const ListConversationsQuery = CursorPageQuery.extend({
  status: z.enum(conversationStatuses).optional().openapi({ description: "Only open or only closed conversations" }),
});

const replyTypes = ["text", "note"] as const;

export const ReplyInput = z
  .object({
    type: z.enum(replyTypes).default("text").openapi({
      description: "text: sent to the contact (202, queued); note: an internal note of the team, never sent (200)",
    }),
    text: z.string().trim().min(1).max(MAX_MESSAGE_TEXT),
  })
  .openapi("ConversationReplyInput", { description: "A reply to the contact, or an internal note." });

// ---------------------------------------------------------------------------------------------
// Pages and examples

export const ConversationPage = cursorEnvelope(
  Conversation,
  "ConversationPage",
  "A page of conversations, newest first",
);
export const MessagePage = cursorEnvelope(
  Message,
  "WhatsAppMessagePage",
  "A page of a conversation's messages, newest first",
);
export const ConnectionPage = cursorEnvelope(
  Connection,
  "WhatsAppConnectionPage",
  "A page of the company's WhatsApp numbers, newest first",
);

const ids = {
  conversation: "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
  connection: "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
  /** Also the message the typing indicator's example names (whatsapp). */
  message: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
  contact: "3f2e1d0c-9b8a-4765-8432-10fedcba9876",
};

/**
 * A company's row for the examples' message: its newest inbound WhatsApp message (the typing
 * indicator answers one within the contact's service window).
 */
export const messageExampleRows: readonly ExampleRow[] = [
  {
    id: ids.message,
    table: messages,
    where: and(eq(messages.channel, "whatsapp"), eq(messages.direction, "inbound")),
    order: [desc(messages.seq)],
  },
];

export const messageExample: z.input<typeof Message> = {
  id: ids.message,
  conversation_id: ids.conversation,
  connection_id: ids.connection,
  direction: "outbound",
  type: "text",
  author: "team",
  contact_phone: "+34612345678",
  text: "Buenos días, le confirmo la visita del jueves a las 10:00.",
  media: null,
  template: null,
  status: "queued",
  provider_message_id: null,
  error: null,
  created_at: "2026-03-02T09:15:00.000Z",
  sent_at: null,
  delivered_at: null,
  read_at: null,
  failed_at: null,
  sequence: 0,
};

export const noteExample: z.input<typeof Message> = {
  ...messageExample,
  type: "note",
  text: "Cliente prefiere que le llamen por la tarde.",
  status: null,
};

export const conversationExample: z.input<typeof Conversation> = {
  id: ids.conversation,
  channel: "whatsapp",
  connection: { id: ids.connection, phone_number: "+34910000000" },
  contact: { phone: "+34612345678", name: "Lucía García", contact_id: ids.contact },
  status: "open",
  mode: "human",
  taken_over_by: { key_id: "key_0123456789abcdef0123456789abcdef", name: "Support desk" },
  taken_over_at: "2026-03-02T09:10:00.000Z",
  reserved_for_external_bot: false,
  window_open: true,
  last_message_at: "2026-03-02T09:08:00.000Z",
  last_message_preview: "¿Pueden venir el jueves por la mañana?",
  unread_count: 1,
  created_at: "2026-03-01T18:00:00.000Z",
  updated_at: "2026-03-02T09:10:00.000Z",
};

const connectionExample: z.input<typeof Connection> = {
  id: ids.connection,
  phone_number: "+34910000000",
  display_name: "Reformas Demo",
  status: "connected",
  connected_at: "2026-01-10T10:00:00.000Z",
  created_at: "2026-01-10T10:00:00.000Z",
};

const lastPage = { has_more: false, next_cursor: null };
export const conversationPageExample: z.input<typeof ConversationPage> = {
  data: [conversationExample],
  page: lastPage,
};
export const messagePageExample: z.input<typeof MessagePage> = { data: [messageExample], page: lastPage };
export const connectionPageExample: z.input<typeof ConnectionPage> = { data: [connectionExample], page: lastPage };
export const replyExample: z.input<typeof ReplyInput> = {
  type: "text",
  text: "Buenos días, le confirmo la visita del jueves a las 10:00.",
};
