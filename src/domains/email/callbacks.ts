import { z } from "@hono/zod-openapi";
import { defineCallback } from "../../core/callbacks";
import { companyRow, companyRowExists } from "../../core/db/rows";
import { defineJob } from "../../core/jobs";
import { recordEmailReport, type EmailReport } from "./outcomes";
import { emailMessages } from "./schema";

/**
 * Postmark's Delivery, Bounce and SpamComplaint webhooks (one URL for the server's webhook). The
 * email's own id and company come back in the Metadata the send gave it. A bounce's `Type` says
 * whether it is hard (HardBounce, BadEmailAddress) and `Inactive` whether Postmark stopped
 * sending to the address; a complaint's Type is SpamComplaint.
 */
const PostmarkWebhook = z.object({
  body: z.object({
    RecordType: z.enum(["Delivery", "Bounce", "SpamComplaint"]),
    MessageID: z.string().min(1),
    /** Bounces and complaints have their own id; a delivery is one per message and recipient. */
    ID: z.union([z.number(), z.string()]).optional(),
    Type: z.string().max(100).optional(),
    Inactive: z.boolean().optional(),
    Recipient: z.string().optional(),
    Email: z.string().optional(),
    Metadata: z.object({ message_id: z.string().min(1), company_id: z.string().min(1) }),
  }),
});

/** The bounce types that say the address cannot receive mail at all (Postmark's bounce types). */
const hardBounceTypes = new Set(["HardBounce", "BadEmailAddress"]);

function reportOf(body: z.output<typeof PostmarkWebhook>["body"]): EmailReport {
  const providerMessageId = body.MessageID;
  switch (body.RecordType) {
    case "Delivery":
      return { status: "delivered", providerMessageId };
    case "Bounce":
      return { status: "bounced", providerMessageId, bounceReason: body.Type ?? null, hard: hardBounceTypes.has(body.Type ?? "") || body.Inactive === true };
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
    const recorded = row ? await recordEmailReport(job.db, row, reportOf(body)) : undefined;
    return { status: "done", statements: recorded?.statements ?? [], events: recorded?.events ?? [] };
  },
});

/** POST /providers/postmark/email-events: the webhook URL configured on the Postmark server (Basic credentials). */
export const emailEventCallback = defineCallback({
  provider: "postmark",
  topic: "email-events",
  job: applyEmailEvent,
  eventId: ({ body }) => `${body.RecordType}:${body.ID ?? `${body.MessageID}:${body.Recipient ?? body.Email ?? ""}`}`,
  companyOf: async (db, { body }) => ((await companyRowExists(db, emailMessages, body.Metadata.company_id, body.Metadata.message_id)) ? body.Metadata.company_id : undefined),
});
