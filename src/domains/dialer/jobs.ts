import { z } from "@hono/zod-openapi";
import { defineJob, type JobContext, type JobDefinition, type JobOutcome } from "../../work/jobs";
import { nextAsk, noProviderOutcome, pastDeadline, providerCannotSay } from "../../work/deadlines";
import { callbackUrl } from "../../core/callbacks";
import { scheduleDue } from "../../work/due";
import { gateway } from "../../integrations";
import { LOOKUP_SLACK_MS, sendOnce } from "../../work/intents";
import { openPassword } from "../sip-trunks";
import { callStatusCallback, endOf, providerTime } from "./callbacks";
import { callStatusChanged } from "./events";
import { findDialledCall, markRinging, recordProviderCall, trunkForDialling, type DialledCallRecord } from "./queries";
import { settlement } from "./settle";
import { clock } from "../../lib/clock";
import { escapeHtml } from "../../lib/html";

/** The voice service's address for one call: the configured wss:// template with the agent and the call. */
export const agentStreamUrl = (template: string, agentId: string, callId: string) =>
  template.replaceAll("{agent_id}", encodeURIComponent(agentId)).replaceAll("{call_id}", encodeURIComponent(callId));

/** Text in TwiML: hono's escaper (src/lib/html.ts) escapes the same five characters XML gives meaning to, with entities XML defines. */
export const escapeXml = escapeHtml;

/** Where the provider connects an answered call: the voice agent's media stream on the voice service. */
export const agentStreamTwiml = (streamUrl: string) =>
  `<Response><Connect><Stream url="${escapeXml(streamUrl)}"/></Connect></Response>`;

/** The extra time beyond twice the reserved talk time before a call nobody reported on is asked about: ringing, the provider's delays. */
const RECONCILE_MARGIN_SECONDS = 600;

/** When a call placed now is asked about if its callbacks never came: past any end it can have (it is cut at its reservation). */
export const reconcileAt = (reservedSeconds: number, now = clock.now()) =>
  new Date(now + (2 * reservedSeconds + RECONCILE_MARGIN_SECONDS) * 1000).toISOString();

/** How the call reaches the callee: straight from the provider's network, or through the SIP trunk its number routes through. */
async function route(job: Parameters<typeof placeCall.run>[0], row: DialledCallRecord) {
  if (!row.sipTrunkId) return { to: row.toNumber, from: row.fromNumber ?? undefined };
  const trunk = await trunkForDialling(job.db, row.companyId, row.sipTrunkId);
  if (!trunk) return undefined;
  const password = await openPassword(job.config.webhookSecretKey, row.companyId, trunk.id, trunk.passwordSealed);
  return {
    // Twilio dials a SIP URI like a number (To=sip:...), answering the trunk's challenge with SipAuth*.
    to: `sip:${row.toNumber}@${trunk.host}:${trunk.port};transport=${trunk.transport}`,
    from: trunk.callerId ?? row.fromNumber ?? undefined,
    sipAuth: { username: trunk.username, password },
  };
}

/**
 * Places a dialled call with the telephony provider. Accepted: the call rings (its provider id
 * kept). Refused for good (the number cannot be called) or out of retries: the call fails and its
 * whole reservation goes back to the wallet, in the batch that records it.
 */
export const placeCall = defineJob({
  kind: "dialer.place_call",
  // The dial request's id: the intent this job opens is listed under that request in the request log.
  payload: z.object({ callId: z.string(), requestId: z.string().optional() }),
  async run(job, { callId, requestId }) {
    const row = await findDialledCall(job.db, callId, job.companyId);
    // Already placed or ended (a late duplicate): nothing to do.
    if (row?.status !== "queued" || row.providerCallId !== null) return { status: "done" };
    const template = job.config.providers.voiceStreamUrl;
    if (!template)
      return { status: "failed", reason: "VOICE_STREAM_URL is not configured: no voice service can answer the call." };
    const routed = await route(job, row);
    if (!routed)
      return { status: "failed", reason: "The SIP trunk the caller number routed through no longer exists." };
    const telephony = gateway(job).telephony;
    // A run that died after Twilio placed the call leaves its intent in flight: the retry finds the
    // call by its numbers and time (Twilio's Calls list) and keeps it rather than calling again.
    const once = await sendOnce(
      job.db,
      {
        companyId: row.companyId,
        subject: `dialer.call:${row.id}`,
        provider: "twilio",
        kind: "call",
        resourceId: row.id,
        requestId,
      },
      {
        send: (intentId) =>
          telephony.dial({
            ...routed,
            twiml: agentStreamTwiml(agentStreamUrl(template, row.agentId, row.id)),
            statusCallback: callbackUrl(job.config.callbacks.baseUrl, "twilio", callStatusCallback.topic, {
              company: row.companyId,
              call: row.id,
              intent: intentId,
            }),
            statusCallbackEvents: ["initiated", "ringing", "answered", "completed"],
            timeLimitSeconds: row.reservedSeconds,
          }),
        providerId: (dialled) => dialled.sid,
        find: (earlier) =>
          telephony.findPlaced({
            to: routed.to,
            from: routed.from,
            since: Date.parse(earlier.attemptedAt) - LOOKUP_SLACK_MS,
          }),
      },
    );
    const placed = { sid: once.outcome === "sent" ? once.result.sid : once.providerId };
    const now = clock.iso();
    // A callback may have moved the call while the provider answered (its `ringing` often comes
    // first): then that callback emitted the change, and only the provider's id is kept here.
    const after = await findDialledCall(job.db, callId, job.companyId);
    if (after?.status !== "queued")
      return {
        status: "done",
        statements: after?.providerCallId === null ? [recordProviderCall(job.db, after, placed.sid, now)] : [],
      };
    return {
      status: "done",
      statements: markRinging(job.db, row, placed.sid, now),
      events: [
        callStatusChanged.of({
          id: row.id,
          status: "ringing",
          previous_status: "queued",
          result: null,
          changed_at: now,
        }),
      ],
    };
  },
  async exhausted(job, { callId }, reason) {
    const row = await findDialledCall(job.db, callId, job.companyId);
    if (row?.status !== "queued" || row.providerCallId !== null) return {};
    const settled = await settlement(job.db, row, { result: "failed", durationSeconds: 0, failureReason: reason });
    return { statements: settled.statements, events: settled.events };
  },
});

/** Twilio's statuses of a call that has not ended. */
const liveStatuses = new Set(["queued", "initiated", "ringing", "in-progress"]);
/** How long to wait before asking again about a call the provider says is still live. */
const ASK_AGAIN_SECONDS = 300;
/** How long past the first ask (reconcileAt) the provider is asked again before the call is closed without its outcome. */
const CLOSE_AFTER_FIRST_ASK_SECONDS = 30 * 60;

/**
 * A dialled call's deadline (docs/deadlines.md): the latest it may stay queued, ringing or in
 * progress. It follows the call's own limit (its reservation, which is its max_duration_seconds):
 * the provider cuts it there, the first ask comes at twice that plus 10 minutes (reconcileAt), and
 * the provider is asked every 5 minutes for half an hour more.
 */
export const callDeadline = (row: { createdAt: string; reservedSeconds: number }) =>
  Date.parse(reconcileAt(row.reservedSeconds, Date.parse(row.createdAt))) + CLOSE_AFTER_FIRST_ASK_SECONDS * 1000;

/**
 * Due work scheduled with every dial: when a call's callbacks never came (a lost provider, a dead
 * Worker), asks the provider how the call went and settles it from the answer, asking again while
 * the provider says it is live or cannot answer. At the call's deadline (callDeadline), a provider
 * that still cannot say no longer holds it open: the call fails with no_provider_outcome and its
 * whole reservation goes back. A call already settled (by its callbacks, or the operator) is left
 * alone: settlement is a compare-and-set, and the provider is only ever asked about the call,
 * never to place it again.
 */
export const reconcileCall: JobDefinition<{ callId: string }> = defineJob({
  kind: "dialer.reconcile_call",
  payload: z.object({ callId: z.string() }),
  async run(job, { callId }): Promise<JobOutcome> {
    const row = await findDialledCall(job.db, callId, job.companyId);
    if (!row || !["queued", "ringing", "in_progress"].includes(row.status)) return { status: "done" };
    // Never placed: its placement job (retried, swept, exhausted) settles it.
    if (!row.providerCallId) return { status: "done" };
    const deadline = callDeadline(row);
    let state: Awaited<ReturnType<ReturnType<typeof gateway>["telephony"]["status"]>> | undefined;
    try {
      state = await gateway(job).telephony.status(row.providerCallId);
    } catch (error) {
      if (!providerCannotSay(error)) throw error;
    }
    if (!state || liveStatuses.has(state.status)) {
      if (pastDeadline(deadline)) return closeUnknown(job, row, state ? "still reports it live" : "cannot be asked");
      return {
        status: "done",
        statements: [
          scheduleDue(reconcileCall, row.companyId, nextAsk(ASK_AGAIN_SECONDS * 1000, deadline), { callId }),
        ],
      };
    }
    const end = endOf({
      CallStatus: state.status,
      CallDuration: state.durationSeconds === null ? undefined : String(state.durationSeconds),
    });
    if (!end) return { status: "failed", reason: `The provider answered an unknown call status (${state.status}).` };
    const settled = await settlement(job.db, row, { ...end, endedAt: providerTime(state.endTime) });
    return { status: "done", statements: settled.statements, events: settled.events };
  },
  // The last retry failed (the call read, the batch lost): close it as the deadline would.
  async exhausted(job, { callId }) {
    const row = await findDialledCall(job.db, callId, job.companyId);
    if (!row?.providerCallId || !["queued", "ringing", "in_progress"].includes(row.status)) return {};
    const { statements, events } = await closeUnknown(job, row, "could not be asked");
    return { statements, events };
  },
});

/** Ends a call whose provider cannot say how it went, at its deadline: failed, no_provider_outcome, the whole reservation back. */
async function closeUnknown(job: JobContext, row: DialledCallRecord, what: string) {
  const settled = await settlement(job.db, row, {
    result: "failed",
    durationSeconds: 0,
    failureReason: noProviderOutcome(
      `The provider ${what} by the call's deadline; the call is closed and its reservation given back.`,
    ),
  });
  return { status: "done" as const, statements: settled.statements, events: settled.events };
}
