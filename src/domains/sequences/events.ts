import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { int32, uuid } from "../../lib/schemas";
import { Sequence } from "./model";
import { stopReasons } from "./schema";

export const sequenceCreated = defineEvent("sequence.created", "A sequence was created.", Sequence);

export const sequenceUpdated = defineEvent(
  "sequence.updated",
  "A sequence was renamed or its steps replaced; `sequence` is the sequence after the change, `changed_fields` the fields the request sent.",
  z.object({
    sequence: Sequence,
    changed_fields: z
      .array(z.enum(["name", "steps"]))
      .max(2)
      .openapi({ description: "The fields the request sent" }),
  }),
);

export const sequenceArchived = defineEvent(
  "sequence.archived",
  "A sequence was archived (its enrollments are kept; it accepts no new ones).",
  Sequence,
);

export const sequenceContactsEnrolled = defineEvent(
  "sequence.contacts_enrolled",
  "Contacts were enrolled in a sequence (only those not already enrolled).",
  z.object({
    sequence_id: uuid(),
    enrolled: int32().openapi({ description: "Contacts enrolled by this write" }),
    list_id: uuid()
      .nullable()
      .openapi({ description: "The contact list enrolled, or null when contacts were named one by one" }),
  }),
);

export const sequenceEnrollmentStopped = defineEvent(
  "sequence.enrollment_stopped",
  "A contact enrolled in a sequence receives no more steps: it unsubscribed or has no email, the sequence was archived, or a step could not be sent (the account not enabled for spending, not enough balance, no verified sending identity, the provider refused), or its step could not be prepared by its deadline (`step_not_sent`, about 30 h after the step came due). Nothing of the step `position` was sent or charged, except for `send_failed`.",
  z.object({
    sequence_id: uuid(),
    contact_id: uuid(),
    position: int32({ min: 1 }).openapi({ description: "The step the contact was waiting for" }),
    reason: z.enum(stopReasons),
    detail: z.string().openapi({ description: "Why, in our words" }),
  }),
);

export const sequenceEvents: EventDefinition[] = [
  sequenceCreated,
  sequenceUpdated,
  sequenceArchived,
  sequenceContactsEnrolled,
  sequenceEnrollmentStopped,
];
