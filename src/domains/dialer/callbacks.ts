import { z } from "@hono/zod-openapi";
import { defineCallback } from "../../core/callbacks";
import { defineJob, type JobContext, type JobOutcome } from "../../work/jobs";
import { callStatusChanged } from "./events";
import { activeCallStatuses } from "../calls";
import { advanceCall, findDialledCall, recordProviderCall, type DialledCallRecord } from "./queries";
import { settlement, type CallEnd } from "./settle";
import { clock } from "../../lib/clock";

/** Twilio's call statuses (https://www.twilio.com/docs/voice/api/call-resource#call-status-values) and "initiated" of StatusCallbackEvent. */
const twilioCallStatuses = [
  "queued",
  "initiated",
  "ringing",
  "in-progress",
  "completed",
  "busy",
  "failed",
  "no-answer",
  "canceled",
] as const;

/** A provider's time (RFC 2822, ISO 8601) as ISO 8601; undefined when absent or not a time. */
export function providerTime(text: string | null | undefined): string | undefined {
  const ms = text ? Date.parse(text) : Number.NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** How each final status of Twilio ends the call. `completed` means it was answered (Twilio's other endings say why not). */
export function endOf(callback: { CallStatus: string; CallDuration?: string }): CallEnd | undefined {
  switch (callback.CallStatus) {
    case "completed":
      return { result: "answered", durationSeconds: Number(callback.CallDuration ?? "0") };
    case "busy":
      return { result: "busy", durationSeconds: 0 };
    case "no-answer":
      return { result: "no_answer", durationSeconds: 0 };
    case "canceled":
      return { result: "cancelled", durationSeconds: 0 };
    case "failed":
      return { result: "failed", durationSeconds: 0, failureReason: "The provider could not connect the call." };
    default:
      return undefined;
  }
}

/** A status callback's fields, as Twilio posts them (a dialled call's StatusCallback, or a rented number's). */
export const CallStatusFields = z.object({
  CallSid: z.string().min(1),
  CallStatus: z.enum(twilioCallStatuses),
  /** Seconds of the call, on its final callback. */
  CallDuration: z.string().regex(/^\d+$/).optional(),
  /** When the status changed at Twilio (RFC 2822). */
  Timestamp: z.string().optional(),
});

/** The topic's URL query names the call (we gave it; Twilio signs it with the rest); the body is Twilio's status callback. */
const CallStatusCallback = z.object({
  query: z.object({ company: z.string().min(1), call: z.string().min(1) }),
  body: CallStatusFields,
});

/**
 * Applies one of Twilio's status callbacks to a call the platform carries (dialled or inbound):
 * ringing and answered move it forward, a final status settles it (its real cost, the rest of the
 * reservation refunded, call.settled) in the job's batch. Out of order or repeated, the state only moves forward.
 */
export async function applyCallStatusTo(
  job: JobContext,
  row: DialledCallRecord | undefined,
  body: z.output<typeof CallStatusFields>,
): Promise<JobOutcome> {
  // Gone, or a callback of another call than the one placed for it: nothing to apply.
  if (!row || (row.providerCallId !== null && row.providerCallId !== body.CallSid)) return { status: "done" };
  if (!(activeCallStatuses as readonly string[]).includes(row.status)) return { status: "done" };
  const at = providerTime(body.Timestamp) ?? clock.iso();
  // The first callback names the provider's call even when the placement's own answer was lost.
  const named = row.providerCallId === null ? [recordProviderCall(job.db, row, body.CallSid, clock.iso())] : [];
  const advance = (to: "ringing" | "in_progress", from: readonly ("queued" | "ringing")[]): JobOutcome =>
    (from as readonly string[]).includes(row.status)
      ? {
          status: "done",
          statements: [...named, ...advanceCall(job.db, row, to, from, at)],
          events: [
            callStatusChanged.of({
              id: row.id,
              status: to,
              previous_status: row.status,
              result: null,
              changed_at: at,
            }),
          ],
        }
      : { status: "done", statements: named };
  if (body.CallStatus === "ringing") return advance("ringing", ["queued"]);
  if (body.CallStatus === "in-progress") return advance("in_progress", ["queued", "ringing"]);
  const end = endOf(body);
  if (!end) return { status: "done", statements: named };
  const settled = await settlement(job.db, row, { ...end, endedAt: at });
  return { status: "done", statements: [...named, ...settled.statements], events: settled.events };
}

/** Applies one of Twilio's status callbacks to a dialled call (applyCallStatusTo). */
const applyCallStatus = defineJob({
  kind: "dialer.call_status",
  payload: CallStatusCallback,
  run: async (job, { query, body }) =>
    applyCallStatusTo(job, await findDialledCall(job.db, query.call, job.companyId), body),
});

/** POST /providers/twilio/call-status?company=&call=: the StatusCallback of every dialled call. */
export const callStatusCallback = defineCallback({
  provider: "twilio",
  topic: "call-status",
  job: applyCallStatus,
  // One callback per status of a call: Twilio retries one with the same sid and status.
  eventId: ({ body }) => `${body.CallSid}:${body.CallStatus}`,
  companyOf: async (db, { query }) =>
    (await findDialledCall(db, query.call, query.company)) ? query.company : undefined,
  // The call its dial's intent is for: the request log links the status callbacks to the dial.
  resourceOf: ({ query }) => query.call,
});
