import { z } from "@hono/zod-openapi";
import { defineCallback } from "../../core/callbacks";
import { companyRow, companyRowExists } from "../../data/rows";
import { defineJob } from "../../work/jobs";
import { recordEmailReport, type DeliveryReport } from "./outcomes";
import { emailMessages } from "./schema";

/**
 * Postmark's Delivery, Bounce and SpamComplaint webhooks (one URL for the server's webhook),
 * without their Metadata: the Metadata the send gave the email comes back and says whose mail it
 * is (an API email here; a campaign's attempt or a sequence step's send, whose domains declare
 * callbacks on the same URL that read their own Metadata). A bounce's `Type` says whether it is
 * hard (HardBounce, BadEmailAddress) and `Inactive` whether Postmark stopped sending to the
 * address; a complaint's Type is SpamComplaint.
 */
export const PostmarkDeliveryWebhook = z.object({
  RecordType: z.enum(["Delivery", "Bounce", "SpamComplaint"]),
  MessageID: z.string().min(1),
  /** Bounces and complaints have their own id; a delivery is one per message and recipient. */
  ID: z.union([z.number(), z.string()]).optional(),
  Type: z.string().max(100).optional(),
  Inactive: z.boolean().optional(),
  Recipient: z.string().optional(),
  Email: z.string().optional(),
});
type PostmarkDeliveryBody = z.output<typeof PostmarkDeliveryWebhook>;

const PostmarkWebhook = z.object({
  body: PostmarkDeliveryWebhook.extend({
    Metadata: z.object({ message_id: z.string().min(1), company_id: z.string().min(1) }),
  }),
});

/** The bounce types that say the address cannot receive mail at all (Postmark's bounce types). */
const hardBounceTypes = new Set(["HardBounce", "BadEmailAddress"]);

/** What a Postmark delivery webhook reports. */
export function postmarkReport(body: PostmarkDeliveryBody): DeliveryReport {
  const providerMessageId = body.MessageID;
  switch (body.RecordType) {
    case "Delivery":
      return { status: "delivered", providerMessageId };
    case "Bounce":
      return {
        status: "bounced",
        providerMessageId,
        bounceReason: body.Type ?? null,
        hard: hardBounceTypes.has(body.Type ?? "") || body.Inactive === true,
      };
    case "SpamComplaint":
      return { status: "complained", providerMessageId, bounceReason: body.Type ?? "SpamComplaint" };
  }
}

/**
 * Applies a Postmark webhook: the email's delivery status moves forward only, delivered, then
 * bounced, then complained (a complaint comes after a delivery; a repeat changes nothing), each
 * change with its event; a hard bounce or a complaint suppresses the address for marketing mail.
 */
const applyEmailEvent = defineJob({
  kind: "email.delivery_event",
  payload: PostmarkWebhook,
  async run(job, { body }) {
    const row = await companyRow(job.db, emailMessages, job.companyId, body.Metadata.message_id);
    const recorded = row ? await recordEmailReport(job.db, row, postmarkReport(body)) : undefined;
    return { status: "done", statements: recorded?.statements ?? [], events: recorded?.events ?? [] };
  },
});

/** The provider's own id of a delivery webhook: a repeat has the same. */
export const postmarkEventId = (body: PostmarkDeliveryBody) =>
  `${body.RecordType}:${body.ID ?? `${body.MessageID}:${body.Recipient ?? body.Email ?? ""}`}`;

/** POST /providers/postmark/email-events: the webhook URL configured on the Postmark server (Basic credentials). */
export const emailEventCallback = defineCallback({
  provider: "postmark",
  topic: "email-events",
  job: applyEmailEvent,
  eventId: ({ body }) => postmarkEventId(body),
  resourceOf: ({ body }) => body.Metadata.message_id,
  companyOf: async (db, { body }) =>
    (await companyRowExists(db, emailMessages, body.Metadata.company_id, body.Metadata.message_id))
      ? body.Metadata.company_id
      : undefined,
});
