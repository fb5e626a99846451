import { z } from "@hono/zod-openapi";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { defineCallback } from "../../core/callbacks";
import { ofCompany } from "../../data/rows";
import type { EmittedEvent } from "../../data/events";
import { ProviderError } from "../../integrations";
import { mediaTypeOf } from "../../lib/media-type";
import { defineJob, type JobContext, type JobRecord } from "../../work/jobs";
import type { WriteStatement } from "../../data/write-batch";
import { connectionGateway } from "./connections";
import { whatsappMessageReceived } from "./events";
import { toMessage } from "./model";
import { conversationOf, recordMessage } from "./queries";
import {
  conversations,
  messages,
  whatsappConnections,
  whatsappWhitelist,
  type ConnectionRow,
  type MessageType,
} from "./schema";

/**
 * Inbound customer messages over Meta's webhook (the `messages` field, the same URL as the
 * statuses in callbacks.ts): each lands in its conversation (created for a new number), in the
 * order D1 commits it, so the polling cursor (the messages' seq) moves past it; the conversation's
 * mode is left as it is (a human who took it over keeps it) and the event says who answers.
 * Media is fetched from the Graph API by its id and kept in R2 (ATTACHMENTS); the row references it.
 */

const MediaObject = z.object({
  id: z.string().min(1),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

const MetaInboundMessage = z.object({
  /** The contact's WhatsApp id: the phone's digits, without "+". */
  from: z.string().regex(/^\d{6,15}$/),
  /** wamid.… */
  id: z.string().min(1).max(200),
  /** Unix seconds, as a string. */
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().min(1),
  text: z.object({ body: z.string() }).optional(),
  image: MediaObject.optional(),
  sticker: MediaObject.optional(),
  audio: MediaObject.optional(),
  video: MediaObject.optional(),
  document: MediaObject.optional(),
  button: z.object({ text: z.string() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string() }).optional(),
      list_reply: z.object({ title: z.string() }).optional(),
    })
    .optional(),
  location: z.object({ latitude: z.number(), longitude: z.number(), name: z.string().optional() }).optional(),
});

const MetaInboundWebhookBody = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z
    .array(
      z.object({
        changes: z.array(
          z.object({
            value: z.object({
              metadata: z.object({ phone_number_id: z.string().min(1) }),
              contacts: z
                .array(
                  z.object({
                    wa_id: z.string().optional(),
                    profile: z.object({ name: z.string().optional() }).optional(),
                  }),
                )
                .optional(),
              messages: z.array(MetaInboundMessage).optional(),
            }),
          }),
        ),
      }),
    )
    .min(1),
});

type MetaInboundWebhookBody = z.infer<typeof MetaInboundWebhookBody>;

const MetaInboundWebhook = z.object({
  body: MetaInboundWebhookBody.refine((body) => inboundOf(body).length > 0, "no messages"),
});

/** Reactions change no conversation; every other kind is recorded (an unknown one by its name). */
const IGNORED_TYPES = new Set(["reaction", "system", "ephemeral"]);

function inboundOf(body: MetaInboundWebhookBody) {
  return body.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.messages ?? [])
        .filter((message) => !IGNORED_TYPES.has(message.type))
        .map((message) => ({
          ...message,
          phoneNumberId: change.value.metadata.phone_number_id,
          contactName:
            change.value.contacts?.find((contact) => contact.wa_id === message.from)?.profile?.name ??
            change.value.contacts?.[0]?.profile?.name ??
            null,
        })),
    ),
  );
}

type Inbound = ReturnType<typeof inboundOf>[number];

/** What the message says, as a row of ours: its type, text (a caption for media) and media id. */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: one case per WhatsApp message type
function contentOf(message: Inbound): {
  type: MessageType;
  text: string | null;
  media: { id: string; mimeType: string | null } | null;
} {
  const media = (type: MessageType, object: z.infer<typeof MediaObject>) => ({
    type,
    text: object.caption ?? (type === "document" ? (object.filename ?? null) : null),
    media: { id: object.id, mimeType: object.mime_type === undefined ? null : mediaTypeOf(object.mime_type).type },
  });
  if (message.type === "text" && message.text) return { type: "text", text: message.text.body, media: null };
  if (message.type === "image" && message.image) return media("image", message.image);
  if (message.type === "sticker" && message.sticker) return media("image", message.sticker);
  if (message.type === "audio" && message.audio) return media("audio", message.audio);
  if (message.type === "video" && message.video) return media("video", message.video);
  if (message.type === "document" && message.document) return media("document", message.document);
  if (message.type === "button" && message.button) return { type: "text", text: message.button.text, media: null };
  const choice = message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title;
  if (message.type === "interactive" && choice) return { type: "text", text: choice, media: null };
  if (message.type === "location" && message.location) {
    const { latitude, longitude, name } = message.location;
    return { type: "text", text: `[location] ${name ? `${name} ` : ""}${latitude},${longitude}`, media: null };
  }
  return { type: "text", text: `[${message.type}]`, media: null };
}

/** Where a message's media lives in R2: named by the provider's media id, so a retried job writes the same object. */
const whatsappMediaObjectKey = (companyId: string, connectionId: string, mediaId: string) =>
  `whatsapp/${companyId}/${connectionId}/${mediaId}`;

async function connectionsOf(job: JobContext, phoneNumberIds: string[]): Promise<Map<string, ConnectionRow>> {
  const rows = await job.db
    .select()
    .from(whatsappConnections)
    .where(ofCompany(whatsappConnections, job.companyId, inArray(whatsappConnections.phoneNumberId, phoneNumberIds)))
    .orderBy(asc(whatsappConnections.seq));
  const byNumber = new Map<string, ConnectionRow>();
  // A connected number wins over an earlier, disconnected one with the same id.
  for (const row of rows)
    if (!byNumber.has(row.phoneNumberId) || row.status === "connected") byNumber.set(row.phoneNumberId, row);
  return byNumber;
}

/**
 * The statements and events that record the webhook's new messages. `storeMedia`: fetch each
 * media file and keep it in R2 first (a provider failure is thrown, and the job retried); without
 * it (the retries ran out) the messages are recorded with their media id only.
 */
async function recordInbound(job: JobContext, body: MetaInboundWebhookBody, storeMedia: boolean): Promise<JobRecord> {
  const inbound = inboundOf(body);
  const connections = await connectionsOf(job, [...new Set(inbound.map((message) => message.phoneNumberId))]);
  // A message seen before (the same wamid in another delivery of the webhook) is not recorded again.
  const known = new Set(
    (
      await job.db
        .select({ id: messages.providerMessageId })
        .from(messages)
        .where(
          ofCompany(
            messages,
            job.companyId,
            eq(messages.direction, "inbound"),
            inArray(
              messages.providerMessageId,
              inbound.map((message) => message.id),
            ),
          ),
        )
    ).map((row) => row.id),
  );
  const statements: WriteStatement[] = [];
  const events: EmittedEvent[] = [];
  for (const message of inbound) {
    const connection = connections.get(message.phoneNumberId);
    if (!connection || known.has(message.id)) continue;
    known.add(message.id);
    const contactPhone = `+${message.from}`;
    const content = contentOf(message);
    let objectKey: string | null = null;
    if (content.media && storeMedia) {
      const file = await connectionGateway(job, connection).whatsapp.downloadMedia(content.media.id);
      objectKey = whatsappMediaObjectKey(job.companyId, connection.id, content.media.id);
      const mimeType = content.media.mimeType ?? file.mimeType ?? "application/octet-stream";
      await job.env.ATTACHMENTS.put(objectKey, file.bytes, { httpMetadata: { contentType: mimeType } });
    }
    const at = new Date(Number(message.timestamp) * 1000).toISOString();
    const id = crypto.randomUUID();
    const record = {
      id,
      companyId: job.companyId,
      connectionId: connection.id,
      contactPhone,
      direction: "inbound" as const,
      type: content.type,
      author: "contact" as const,
      text: content.text,
      media: content.media ? { ...content.media, objectKey } : null,
      status: "delivered" as const,
      providerMessageId: message.id,
      at,
    };
    statements.push(...recordMessage(job.db, record, { contactName: message.contactName }));
    const view = toMessage({
      seq: 0,
      id,
      companyId: job.companyId,
      // Only known inside the batch when the conversation is new: the fill below sets it.
      conversationId: "00000000-0000-4000-8000-000000000000",
      connectionId: connection.id,
      channel: "whatsapp",
      contactPhone,
      direction: "inbound",
      type: content.type,
      author: "contact",
      text: content.text,
      mediaId: content.media?.id ?? null,
      mediaMimeType: content.media?.mimeType ?? null,
      mediaObjectKey: objectKey,
      templateName: null,
      templateLanguage: null,
      templateParameters: null,
      status: "delivered",
      providerMessageId: message.id,
      error: null,
      createdAt: at,
      sentAt: null,
      deliveredAt: at,
      readAt: null,
      failedAt: null,
      updatedAt: at,
      sequence: 0,
    });
    events.push(
      whatsappMessageReceived.of(
        { ...view, answered_by: "ai", previous_status: null },
        {
          conversation_id: conversationOf(job.companyId, connection.id, contactPhone),
          // Who answers, as the conversation is when the message is recorded (a takeover in between counts).
          answered_by: sql`(SELECT CASE
            WHEN EXISTS (SELECT 1 FROM ${whatsappWhitelist} WHERE ${whatsappWhitelist.companyId} = ${job.companyId} AND ${whatsappWhitelist.phone} = ${contactPhone}) THEN 'external_bot'
            WHEN (SELECT ${conversations.mode} FROM ${conversations} WHERE ${and(eq(conversations.companyId, job.companyId), eq(conversations.connectionId, connection.id), eq(conversations.contactPhone, contactPhone))}) = 'human' THEN 'team'
            ELSE 'ai' END)`,
        },
      ),
    );
  }
  return { statements, events };
}

/** Applies Meta's inbound-message webhooks; media first to R2, so a recorded message never names a missing object. */
const applyInboundMessages = defineJob({
  kind: "conversations.inbound_messages",
  payload: MetaInboundWebhook,
  async run(job, { body }) {
    try {
      return { status: "done", ...(await recordInbound(job, body, true)) };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return { status: "retry", reason: error.detail };
    }
  },
  // The media could not be fetched on any attempt: the messages still land, with their media id only.
  exhausted: (job, { body }) => recordInbound(job, body, false),
});

/** POST /providers/whatsapp/messages (shared with the statuses): a webhook carrying `messages`. */
export const inboundMessageCallback = defineCallback({
  provider: "whatsapp",
  topic: "messages",
  job: applyInboundMessages,
  eventId: ({ body }) =>
    `inbound:${inboundOf(body)
      .map((message) => message.id)
      .join(",")}`,
  // The company whose number (phone_number_id) received it; a connected number first.
  companyOf: async (db, { body }) => {
    const [first] = inboundOf(body);
    if (!first) return undefined;
    const connection = await db
      .select({ companyId: whatsappConnections.companyId })
      .from(whatsappConnections)
      .where(eq(whatsappConnections.phoneNumberId, first.phoneNumberId))
      .orderBy(sql`${whatsappConnections.status} = 'connected' DESC`, asc(whatsappConnections.seq))
      .limit(1)
      .get();
    return connection?.companyId;
  },
});
