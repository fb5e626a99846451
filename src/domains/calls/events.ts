import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { Call, MAX_CALL_MEMBERS } from "./model";
import { callBookingOutcomes } from "./schema";

const callId = z.string().uuid().openapi({ description: "The call" });
const at = z.string().openapi({ format: "date-time" });

export const callLabeled = defineEvent(
  "call.labeled",
  "A label of the company's catalogue was added to a call (adding a label the call already carries emits nothing).",
  z.object({ call_id: callId, label_key: z.string(), labeled_at: at }),
);

export const callUnlabeled = defineEvent(
  "call.unlabeled",
  "A label was removed from a call.",
  z.object({ call_id: callId, label_key: z.string(), unlabeled_at: at }),
);

export const callAssigned = defineEvent(
  "call.assigned",
  "The team members assigned to a call were replaced: member_ids are the new ones, previous_member_ids those they replaced.",
  z.object({
    call_id: callId,
    member_ids: z.array(z.string()).max(MAX_CALL_MEMBERS),
    previous_member_ids: z.array(z.string()).max(MAX_CALL_MEMBERS),
    assigned_at: at,
  }),
);

export const callUnassigned = defineEvent(
  "call.unassigned",
  "Every team member assigned to a call was removed (member_ids: the ones removed; removing when none were assigned emits nothing).",
  z.object({ call_id: callId, member_ids: z.array(z.string()).max(MAX_CALL_MEMBERS), unassigned_at: at }),
);

export const callRecorded = defineEvent(
  "call.recorded",
  "The voice service reported a call it handled (an inbound call, or an outbound one it handled), recorded with its result, times, summary, labels and qualification verdict: `call` is the call as GET /calls/{call_id} shows it. A repeated report of the same call emits nothing.",
  z.object({
    call: Call,
    recado_id: z
      .string()
      .uuid()
      .nullable()
      .openapi({ description: "The message slip the agent took during the call (recado.created), or null" }),
    booking: z
      .object({
        outcome: z.enum(callBookingOutcomes),
        booking_id: z.string().uuid().nullable(),
        reason: z.string().nullable().openapi({ description: "Why the calendar refused it; null otherwise" }),
      })
      .nullable()
      .openapi({
        description:
          "The appointment booked or called off in the call (GET /bookings), or refused by the calendar with the reason; null when the report carried none",
      }),
  }),
);

export const callEvents: EventDefinition[] = [callLabeled, callUnlabeled, callAssigned, callUnassigned, callRecorded];
