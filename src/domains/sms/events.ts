import { z } from "@hono/zod-openapi";
import { defineResourceEvent, type EventDefinition } from "../../data/events";
import { eventSequenceField } from "../../lib/schemas";
import { SmsMessage } from "./model";
import { smsMessages, smsStatuses } from "./schema";

/** An sms.* event's data: the message as recorded, the status it left and the event's number. */
// A schema of its own (not an extension, which the document would write as allOf): the catalogue lists its members.
const SmsEventData = z
  .object({
    ...SmsMessage.shape,
    previous_status: z
      .enum(smsStatuses)
      .describe(
        "The message's `status` before this event (sms.delivered leaves `sent`; a message confirmed and delivered at once emits sms.sent, then sms.delivered)",
      ),
    sequence: eventSequenceField(),
  })
  .strict()
  .openapi("SmsEventData", {
    description:
      "An SMS as GET /sms/history shows it after the change, the status it left and the event's number among the message's events.",
  });

const ofMessage = ({ id }: { id: string }) => ({ table: smsMessages, id });

export const smsSent = defineResourceEvent(
  "sms.sent",
  "The provider accepted an SMS (`source` says what sent it). The message as recorded, with its cost.",
  SmsEventData,
  ofMessage,
);

export const smsDelivered = defineResourceEvent(
  "sms.delivered",
  "The carrier reported an SMS delivered (the provider's status callback, or the provider's answer when asked).",
  SmsEventData,
  ofMessage,
);

export const smsFailed = defineResourceEvent(
  "sms.failed",
  "An SMS was not sent or not delivered: the provider refused or failed it, the carrier reported it undelivered, or its send was interrupted and never confirmed. " +
    "Its cost was refunded in the same write (`refunded`); `failure_reason` says why. " +
    "A status callback that arrives after the message's final status (a late `sent`, a repeat) is recorded and changes nothing, so emits nothing.",
  SmsEventData,
  ofMessage,
);

export const smsEvents: EventDefinition[] = [smsSent, smsDelivered, smsFailed];
