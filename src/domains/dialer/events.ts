import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { int32 } from "../../lib/schemas";
import { callResults, callStatuses } from "../calls";

const amount = z.number().openapi({ description: "In major units of currency" });

export const callDialled = defineEvent(
  "call.dialled",
  "An outbound call was launched through POST /calls/dial: its reservation was taken from the wallet and it was queued for the provider.",
  z.object({
    id: z.string().uuid().openapi({ description: "The call's id" }),
    to: z.string().openapi({ description: "E.164" }),
    agent_id: z.string().uuid(),
    reserved: amount,
    currency: z.string(),
    dialled_at: z.string().openapi({ format: "date-time" }),
  }),
);

export const callSettled = defineEvent(
  "call.settled",
  "A dialled call ended (or could not be placed) and its reservation was settled against its real cost.",
  z.object({
    id: z.string().uuid().openapi({ description: "The call's id" }),
    status: z.enum(["completed", "failed"]),
    result: z.enum(["answered", "no_answer", "busy", "failed", "voicemail", "cancelled"]),
    duration_seconds: int32().openapi({ description: "Talk time" }),
    cost: amount,
    refunded: amount,
    currency: z.string(),
    ended_at: z.string().openapi({ format: "date-time" }),
  }),
);

export const callStatusChanged = defineEvent(
  "call.status_changed",
  "A dialled call moved on, as its telephony provider reported (queued, ringing, in_progress, then completed or failed): once per change, in order.",
  z.object({
    id: z.string().uuid().openapi({ description: "The call's id" }),
    status: z.enum(callStatuses),
    previous_status: z.enum(callStatuses),
    result: z
      .enum(callResults)
      .nullable()
      .openapi({ description: "How it ended (answered, no_answer, busy, failed, cancelled); null until it ends" }),
    changed_at: z.string().openapi({ format: "date-time" }),
  }),
);

export const dialerEvents: EventDefinition[] = [callDialled, callStatusChanged, callSettled];
