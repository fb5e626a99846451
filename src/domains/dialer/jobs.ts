import { z } from "@hono/zod-openapi";
import { defineJob } from "../../core/jobs";
import { callbackUrl } from "../../core/callbacks";
import { gateway } from "../../core/gateway";
import { callStatusCallback } from "./callbacks";
import { findDialledCall, markRinging } from "./queries";
import { settlement } from "./settle";
import { clock } from "../../core/clock";

/** Where the provider connects an answered call: the voice agent's media stream on the platform's voice service. */
const agentStreamTwiml = (agentId: string, callId: string) =>
  `<Response><Connect><Stream url="wss://voice.platform.invalid/agents/${agentId}/calls/${callId}"/></Connect></Response>`;

/**
 * Places a dialled call with the telephony provider. Accepted: the call rings (its provider id
 * kept). Refused for good (the number cannot be called) or out of retries: the call fails and its
 * whole reservation goes back to the wallet, in the batch that records it.
 */
export const placeCall = defineJob({
  kind: "dialer.place_call",
  payload: z.object({ callId: z.string() }),
  async run(job, { callId }) {
    const row = await findDialledCall(job.db, callId, job.companyId);
    // Already placed or ended (a late duplicate): nothing to do.
    if (row?.status !== "queued") return { status: "done" };
    const placed = await gateway(job).telephony.dial({
      to: row.toNumber,
      from: row.fromNumber,
      twiml: agentStreamTwiml(row.agentId, row.id),
      statusCallback: callbackUrl(job.config.callbacks.baseUrl, "twilio", callStatusCallback.topic, { company: row.companyId, call: row.id }),
      statusCallbackEvents: ["initiated", "ringing", "answered", "completed"],
    });
    return { status: "done", statements: markRinging(job.db, row, placed.sid, clock.iso()) };
  },
  async exhausted(job, { callId }, reason) {
    const row = await findDialledCall(job.db, callId, job.companyId);
    if (row?.status !== "queued") return {};
    const settled = await settlement(job.db, row, { result: "failed", durationSeconds: 0, failureReason: reason });
    return { statements: settled.statements, events: [settled.event] };
  },
});
