import { z } from "@hono/zod-openapi";
import { and, inArray, isNull, or } from "drizzle-orm";
import { defineCallback } from "../../core/callbacks";
import { companyRowExists, rowOf } from "../../core/db/rows";
import { defineJob } from "../../core/jobs";
import { emailDeliveryStatuses, emailMessages, type EmailDeliveryStatus } from "./schema";
import { clock } from "../../core/clock";

const recordStatus = { Delivery: "delivered", Bounce: "bounced", SpamComplaint: "complained" } as const satisfies Record<string, EmailDeliveryStatus>;

/**
 * Postmark's Delivery, Bounce and SpamComplaint webhooks (one URL for the server's webhook). The
 * email's own id and company come back in the Metadata the send gave it.
 */
const PostmarkWebhook = z.object({
  body: z.object({
    RecordType: z.enum(["Delivery", "Bounce", "SpamComplaint"]),
    MessageID: z.string().min(1),
    /** Bounces and complaints have their own id; a delivery is one per message and recipient. */
    ID: z.union([z.number(), z.string()]).optional(),
    Recipient: z.string().optional(),
    Email: z.string().optional(),
    Metadata: z.object({ message_id: z.string().min(1), company_id: z.string().min(1) }),
  }),
});

/**
 * Applies a Postmark webhook: the email's delivery status moves forward only, delivered, then
 * bounced, then complained (a complaint comes after a delivery; a repeat changes nothing).
 */
const applyEmailEvent = defineJob({
  kind: "email.delivery_event",
  payload: PostmarkWebhook,
  async run(job, { body }) {
    const status = recordStatus[body.RecordType];
    const earlier = emailDeliveryStatuses.slice(0, emailDeliveryStatuses.indexOf(status));
    const at = clock.iso();
    return {
      status: "done",
      statements: [
        job.db
          .update(emailMessages)
          .set({ deliveryStatus: status, deliveryUpdatedAt: at })
          .where(
            rowOf(
              emailMessages,
              job.companyId,
              body.Metadata.message_id,
              and(or(isNull(emailMessages.deliveryStatus), earlier.length > 0 ? inArray(emailMessages.deliveryStatus, earlier) : undefined), or(isNull(emailMessages.providerMessageId), inArray(emailMessages.providerMessageId, [body.MessageID]))),
            ),
          ),
      ],
    };
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
