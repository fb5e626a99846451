import { z } from "@hono/zod-openapi";
import { defineResourceEvent, type EventDefinition } from "../../data/events";
import { eventSequenceField, int32 } from "../../lib/schemas";
import { callResults, calls, callStatuses } from "../calls";

const amount = z.number().openapi({ description: "In major units of currency" });
/** Each event about a dialled call draws the call's next sequence number (GET /calls/{call_id} shows the last). */
const ofCall = ({ id }: { id: string }) => ({ table: calls, id });
const previousStatus = (description: string) => z.enum(callStatuses).describe(description);

export const callDialled = defineResourceEvent(
  "call.dialled",
  "An outbound call was launched through POST /calls/dial: its reservation was taken from the wallet and it was queued for the provider.",
  z.object({
    id: z.string().uuid().openapi({ description: "The call's id" }),
    to: z.string().openapi({ description: "E.164" }),
    agent_id: z.string().uuid(),
    reserved: amount,
    currency: z.string(),
    dialled_at: z.string().openapi({ format: "date-time" }),
    previous_status: z.null().describe("The state the call leaves: none, it begins here"),
    sequence: eventSequenceField(),
  }),
  ofCall,
);

export const callSettled = defineResourceEvent(
  "call.settled",
  "A dialled or inbound call ended (or could not be placed) and its reservation was settled against its real cost.",
  z.object({
    id: z.string().uuid().openapi({ description: "The call's id" }),
    status: z.enum(["completed", "failed"]),
    result: z.enum(["answered", "no_answer", "busy", "failed", "voicemail", "cancelled"]),
    duration_seconds: int32().openapi({ description: "Talk time" }),
    cost: amount,
    refunded: amount,
    currency: z.string(),
    ended_at: z.string().openapi({ format: "date-time" }),
    previous_status: previousStatus(
      "The state the call left when it ended (queued, ringing or in_progress); the same as its call.status_changed",
    ),
    sequence: eventSequenceField(),
  }),
  ofCall,
);

export const callStatusChanged = defineResourceEvent(
  "call.status_changed",
  "A dialled or inbound call moved on, as its telephony provider reported (queued, ringing, in_progress, then completed or failed): once per change, numbered by `sequence`. " +
    "A provider callback that would move the call back (a late `ringing` after it ended) or repeats one is recorded and changes nothing, so emits nothing.",
  z.object({
    id: z.string().uuid().openapi({ description: "The call's id" }),
    status: z.enum(callStatuses),
    previous_status: previousStatus("The state the call left"),
    result: z
      .enum(callResults)
      .nullable()
      .openapi({ description: "How it ended (answered, no_answer, busy, failed, cancelled); null until it ends" }),
    changed_at: z.string().openapi({ format: "date-time" }),
    sequence: eventSequenceField(),
  }),
  ofCall,
);

export const callReceived = defineResourceEvent(
  "call.received",
  "A call arrived on one of the company's rented numbers: connected to the number's voice agent (in_progress, its reservation taken from the wallet and settled when it ends, as a dialled call's) " +
    "or declined with a message and a hang-up (failed, `declined_reason` says why: no agent, no balance, the quota reached...; nothing charged).",
  z.object({
    id: z.string().uuid().openapi({ description: "The call's id (GET /calls/{call_id}, direction inbound)" }),
    number_id: z.string().openapi({ description: "The company's number that was called" }),
    from: z.string().openapi({ description: "The caller, as the provider gives it (E.164 when known)" }),
    to: z.string().openapi({ description: "The company's number (E.164)" }),
    agent_id: z.string().nullable().openapi({ description: "The voice agent the number is assigned to" }),
    status: z.enum(["in_progress", "failed"]),
    declined_reason: z.string().nullable().openapi({ description: "Why the call was not connected; null when it was" }),
    reserved: amount,
    currency: z.string(),
    received_at: z.string().openapi({ format: "date-time" }),
    previous_status: z.null().describe("The state the call leaves: none, it begins here"),
    sequence: eventSequenceField(),
  }),
  ofCall,
);

export const dialerEvents: EventDefinition[] = [callDialled, callReceived, callStatusChanged, callSettled];
