import { z } from "@hono/zod-openapi";
import {
  defineEvent,
  defineResourceEvent,
  type EventDefinition,
  type EmittedEvent,
  type SequencedTable,
} from "../../data/events";
import { SendSourceSchema, type SendSource } from "../../work/sends";
import { eventSequenceField, timestamp, uuid } from "../../lib/schemas";
import { emailDeliveryStatuses, emailIdentities, emailStatuses } from "./schema";

/**
 * The data of every email.* event, whatever sent the mail: an API send (POST /email/send), a
 * campaign's attempt or a sequence step. `email_id` is the id of the email's own record (the API
 * email, the campaign attempt, the step's send); the ids of what sent it are set when they apply.
 */
export const EmailEventData = z
  .object({
    email_id: uuid().openapi({
      description:
        "The email's record: the API email (GET /email/history), a campaign attempt or a sequence step's send",
    }),
    source: SendSourceSchema,
    campaign_id: uuid().nullable().openapi({ description: "The campaign that sent it (source campaign)" }),
    sequence_id: uuid().nullable().openapi({ description: "The sequence whose step sent it (source sequence)" }),
    contact_id: uuid().nullable().openapi({ description: "The contact it went to, when it was sent to a contact" }),
    identity_id: uuid().nullable().openapi({ description: "The sending identity it went out from" }),
    to: z.string().openapi({ format: "email", example: "lucia.fernandez@example.com" }),
    subject: z.string().nullable(),
    status: z
      .enum(emailStatuses)
      .openapi({ description: "sending, sent (the provider accepted it) or failed (it was not sent)" }),
    delivery_status: z
      .enum(emailDeliveryStatuses)
      .nullable()
      .openapi({ description: "What the provider reported after accepting it; null until it reports" }),
    provider_message_id: z.string().nullable(),
    failure_reason: z.string().nullable(),
    bounce_reason: z.string().nullable().openapi({
      description:
        "On email.bounced and email.complained, the provider's name for the bounce (Postmark's bounce Type: HardBounce, SoftBounce, SpamComplaint...); an open set",
      example: null,
    }),
    suppressed: z.boolean().openapi({
      description:
        "Whether this event suppressed the address for marketing mail (a hard bounce or a complaint): its contact is tagged `unsubscribed`",
    }),
    occurred_at: timestamp(),
    previous_status: z
      .enum(emailStatuses)
      .describe(
        "The email's `status` before this event (a delivery event leaves `sent`; an email confirmed and delivered at once emits email.sent, then its delivery event)",
      ),
    previous_delivery_status: z
      .enum(emailDeliveryStatuses)
      .nullable()
      .describe("Its `delivery_status` before this event; null when the provider had reported nothing"),
    sequence: eventSequenceField(),
  })
  .openapi("EmailEventData", { description: "An email and what just happened to it, with what sent it." });

export const emailSent = defineResourceEvent("email.sent", "The email provider accepted an email.", EmailEventData);
export const emailDelivered = defineResourceEvent(
  "email.delivered",
  "The provider reported an email delivered to the recipient's server (Postmark's Delivery webhook).",
  EmailEventData,
);
export const emailBounced = defineResourceEvent(
  "email.bounced",
  "The provider reported an email bounced (Postmark's Bounce webhook). A hard bounce suppresses the address for marketing mail (`suppressed`).",
  EmailEventData,
);
export const emailComplained = defineResourceEvent(
  "email.complained",
  "The recipient marked an email as spam (Postmark's SpamComplaint webhook); the address is suppressed for marketing mail.",
  EmailEventData,
);
export const emailFailed = defineResourceEvent(
  "email.failed",
  "An email was not sent: the provider refused or failed it, or its send was interrupted and never confirmed. `failure_reason` says why.",
  EmailEventData,
);

/** What an email event says about one email; the ids of what sent it default to none. */
export interface EmailSend {
  id: string;
  /** The table of the email's record (the API email, a campaign attempt, a step's send): its sequence numbers the events. */
  table: SequencedTable;
  /** The status and delivery status the event leaves. */
  previousStatus: z.output<typeof EmailEventData>["previous_status"];
  previousDeliveryStatus?: z.output<typeof EmailEventData>["delivery_status"];
  source: SendSource;
  to: string;
  status: z.output<typeof EmailEventData>["status"];
  campaignId?: string | null;
  sequenceId?: string | null;
  contactId?: string | null;
  identityId?: string | null;
  subject?: string | null;
  deliveryStatus?: z.output<typeof EmailEventData>["delivery_status"];
  providerMessageId?: string | null;
  failureReason?: string | null;
  bounceReason?: string | null;
  suppressed?: boolean;
  occurredAt: string;
}

/** An email.* event of `definition` about `send`: what campaigns and sequences emit for their mail too. */
export function emailEvent(
  definition: EventDefinition<typeof EmailEventData, Omit<z.input<typeof EmailEventData>, "sequence">>,
  send: EmailSend,
): EmittedEvent {
  return definition.of(
    {
      email_id: send.id,
      source: send.source,
      campaign_id: send.campaignId ?? null,
      sequence_id: send.sequenceId ?? null,
      contact_id: send.contactId ?? null,
      identity_id: send.identityId ?? null,
      to: send.to,
      subject: send.subject ?? null,
      status: send.status,
      delivery_status: send.deliveryStatus ?? null,
      provider_message_id: send.providerMessageId ?? null,
      failure_reason: send.failureReason ?? null,
      bounce_reason: send.bounceReason ?? null,
      suppressed: send.suppressed ?? false,
      occurred_at: send.occurredAt,
      previous_status: send.previousStatus,
      previous_delivery_status: send.previousDeliveryStatus ?? null,
    },
    undefined,
    { table: send.table, id: send.id },
  );
}

export const identityStatuses = ["pending", "verified", "failed"] as const;

/** The data of email_identity.* events: the sending identity after the change and the status it left. */
const EmailIdentityEventData = z
  .object({
    identity_id: uuid(),
    email: z.string().openapi({ format: "email" }),
    status: z.enum(identityStatuses),
    previous_status: z.enum(identityStatuses).describe("The identity's status before this event"),
    verified_at: timestamp().nullable(),
    failure_reason: z.string().nullable().openapi({ description: "Why it is `failed`; null otherwise" }),
    checked_at: timestamp().nullable().openapi({ description: "When the provider was last asked about it" }),
    sequence: eventSequenceField(),
  })
  .strict()
  .openapi("EmailIdentityEventData", {
    description: "A sending identity after a change of status, the status it left and the event's number.",
  });

const ofIdentity = ({ identity_id }: { identity_id: string }) => ({ table: emailIdentities, id: identity_id });

export const emailIdentityVerified = defineResourceEvent(
  "email_identity.verified",
  "The email provider confirmed a sending identity (its domain's DKIM record was found, or its address confirmed the provider's email): the company's email now goes out from it. " +
    "Found by the identity's own checks (due work, backing off from a minute to a day) or by the operator's check; emitted once.",
  EmailIdentityEventData,
  ofIdentity,
);

export const emailIdentityFailed = defineResourceEvent(
  "email_identity.failed",
  "A sending identity was still not confirmed by the provider at its deadline (7 days after it was added): it is `failed` with `failure_reason` and is checked no more. " +
    "The operator's check may still verify it later (email_identity.verified).",
  EmailIdentityEventData,
  ofIdentity,
);

/**
 * The last event about an identity: it is gone. Its `sequence` is the identity's next, drawn by the
 * removal itself (the row goes in the same batch, behind a compare-and-set on its last number).
 */
export const emailIdentityRemoved = defineEvent(
  "email_identity.removed",
  "The operator removed a sending identity (at the email provider too): the company's email no longer goes out from it, and it is checked no more. " +
    "Its last event; `previous_status` is the status it had.",
  z
    .object({
      identity_id: uuid(),
      email: z.string().openapi({ format: "email" }),
      previous_status: z.enum(identityStatuses).describe("The identity's status when it was removed"),
      removed_at: timestamp(),
      sequence: eventSequenceField(),
    })
    .strict()
    .openapi("EmailIdentityRemovedData", {
      description: "A sending identity removed, the status it had and the event's number.",
    }),
);

export const emailEvents: EventDefinition[] = [
  emailSent,
  emailDelivered,
  emailBounced,
  emailComplained,
  emailFailed,
  emailIdentityVerified,
  emailIdentityFailed,
  emailIdentityRemoved,
];
