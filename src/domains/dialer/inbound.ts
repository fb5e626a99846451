import { z } from "@hono/zod-openapi";
import { eq, sql } from "drizzle-orm";
import { defineCallback } from "../../core/callbacks";
import { configOf } from "../../config";
import type { Database } from "../../data/client";
import { precondition } from "../../data/precondition";
import { ApiError } from "../../lib/errors";
import { rowOf } from "../../data/rows";
import { companies } from "../../data/schema";
import { databaseFor } from "../../data/tenancy";
import { clock } from "../../lib/clock";
import { localDateOf } from "../../lib/period";
import { parsePhone } from "../../lib/phone";
import { scheduleDue } from "../../work/due";
import { defineJob } from "../../work/jobs";
import { concurrencyQuota, debit, hiredAddons, major, walletBalance } from "../billing";
import { calls, callSettingsOf } from "../calls";
import { inboundTopics, phoneNumbers } from "../telephony";
import { applyCallStatusTo, CallStatusFields } from "./callbacks";
import { callReceived } from "./events";
import { agentStreamTwiml, agentStreamUrl, escapeXml, reconcileAt, reconcileCall } from "./jobs";
import { agentForDialling, callsInProgress, dialledCallInsertion, findDialledCall } from "./queries";
import { askedSeconds, ratedCallColumns, rateOfNumber, reservation, type Rate } from "./rating";
import { uint8ArrayToHex } from "uint8array-extras";
import { uuidFromHex } from "../../lib/uuid";

/**
 * Calls that arrive on a company's rented number (its VoiceUrl and StatusCallback, set when it was
 * rented: telephony's numberWebhooks). Twilio asks the VoiceUrl what to do, and waits for the
 * answer: the callback is verified, what it decides is read at once (the number's agent, the
 * voice service, the rate, the wallet, the simultaneous-call quota) and answered as TwiML, either
 * the agent's media stream (<Connect><Stream>, as a dialled call) or a polite message and a hang-up.
 * The decision is recorded with the callback, and its job writes the call (direction inbound): the
 * reservation from the wallet, the call in progress, its reconciliation, call.received; or the
 * call declined (failed, with the reason, nothing charged). The number's StatusCallback then
 * settles it as a dialled call is settled (applyCallStatusTo): its real cost at the company's rate
 * for the number's own country and line type, the rest refunded.
 */

/** Why an inbound call is not connected, in words for the call's record; null: it is. */
const InboundDecision = z.object({
  /** The call's id: the same for every request about one provider call (inboundCallId). */
  callId: z.string(),
  agentId: z.string().nullable(),
  declined: z.string().nullable(),
  /** The number's country, and the rate of its line (null when it has none). */
  country: z.string(),
  rate: z
    .object({
      pricePerMinuteMicros: z.number().int(),
      minimumSeconds: z.number().int(),
      billingIncrementSeconds: z.number().int(),
      currency: z.string(),
    })
    .nullable(),
  currency: z.string(),
});
type InboundDecision = z.output<typeof InboundDecision>;

/** Twilio's voice request for a call on a rented number; `decision` is ours, added when it is recorded. */
const InboundCallWebhook = z.object({
  query: z.object({ company: z.string().min(1), number: z.string().min(1) }),
  body: z.object({
    CallSid: z.string().min(1),
    From: z.string().min(1).max(200),
    To: z.string().min(1).max(200),
    CallStatus: z.string().optional(),
    Direction: z.string().optional(),
  }),
  decision: InboundDecision.optional(),
});
type InboundCallWebhook = z.output<typeof InboundCallWebhook>;

/**
 * The id of the call that a provider call on the company's number is: a UUID (version 8) of a hash
 * of both, so the voice request, its repeats and the status callbacks name the same call with no
 * lookup by the provider's id.
 */
export async function inboundCallId(companyId: string, callSid: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`inbound-call:${companyId}:${callSid}`),
  );
  return uuidFromHex(uint8ArrayToHex(new Uint8Array(digest, 0, 16)), 8);
}

const number = (db: Database, companyId: string, numberId: string) =>
  db
    .select({ e164: phoneNumbers.e164, agentId: phoneNumbers.agentId, status: phoneNumbers.status })
    .from(phoneNumbers)
    .where(rowOf(phoneNumbers, companyId, numberId))
    .get();

/** What a call on the number gets, read now: connected to the number's agent, or declined and why. */
async function decide(
  db: Database,
  voiceStreamUrl: string | undefined,
  companyId: string,
  payload: InboundCallWebhook,
): Promise<InboundDecision> {
  const [company, line, wallet, inProgress, addons] = await Promise.all([
    db
      .select({ id: companies.id, plan: companies.plan, defaultCurrency: companies.defaultCurrency })
      .from(companies)
      .where(eq(companies.id, companyId))
      .get(),
    number(db, companyId, payload.query.number),
    walletBalance(db, companyId),
    callsInProgress(db, companyId),
    hiredAddons(db, companyId),
  ]);
  const callId = await inboundCallId(companyId, payload.body.CallSid);
  const phone = line ? parsePhone(line.e164) : undefined;
  const [agent, rate] = await Promise.all([
    line?.agentId ? agentForDialling(db, companyId, line.agentId) : undefined,
    company && phone ? rateOfNumber(db, company, phone) : undefined,
  ]);
  const currency = wallet?.currency ?? rate?.currency ?? company?.defaultCurrency ?? "EUR";
  const minimum = rate ? reservation(rate, rate.minimumSeconds).amountMinor : 0;
  const e164 = line?.e164 ?? "";
  // The first check that fails says why; each reads only what the ones before it made sure of.
  const checks: [failed: () => boolean, reason: string][] = [
    [() => !company, "The company is gone."],
    [() => line?.status !== "active", "The number is not in service."],
    [() => !line?.agentId || !agent, "No voice agent answers this number."],
    [() => agent?.publishedVersion === null, "The number's voice agent has no published version."],
    [() => !voiceStreamUrl, "No voice service is configured to answer calls (VOICE_STREAM_URL)."],
    [() => !rate, `The account has no rate for calls on ${e164}.`],
    [() => rate?.currency !== currency, `The rate for ${e164} is not in the wallet's currency (${currency}).`],
    [() => (wallet?.balanceMinor ?? 0) < minimum, "The account's balance does not cover a call."],
    [
      () =>
        inProgress >=
        concurrencyQuota(
          company?.plan ?? "PAYG",
          addons.map((addon) => addon.addonType),
        ),
      "The account's simultaneous-call quota is reached.",
    ],
  ];
  const declined = checks.find(([failed]) => failed())?.[1] ?? null;
  return {
    callId,
    agentId: line?.agentId ?? null,
    declined,
    country: phone?.country ?? "",
    rate: rate
      ? {
          pricePerMinuteMicros: rate.pricePerMinuteMicros,
          minimumSeconds: rate.minimumSeconds,
          billingIncrementSeconds: rate.billingIncrementSeconds,
          currency: rate.currency,
        }
      : null,
    currency,
  };
}

/** What a declined call hears before the hang-up. */
const DECLINED_TWIML = `<Response><Say>${escapeXml("Sorry, this number cannot take your call right now. Goodbye.")}</Say><Hangup/></Response>`;

/**
 * The reservation a connected call takes: the default talk time (capped by the plan), or less when
 * the balance holds less (whole billing steps), so the wallet is never overdrawn; the call's cost
 * is capped at it.
 */
function heldFor(rate: Rate, talkSeconds: number, balanceMinor: number) {
  let held = reservation(rate, talkSeconds);
  while (held.amountMinor > balanceMinor && held.seconds > rate.minimumSeconds)
    held = reservation(rate, held.seconds - Math.max(1, rate.billingIncrementSeconds));
  return held.amountMinor > balanceMinor ? { seconds: 0, amountMinor: 0 } : held;
}

/** Records the call the voice request answered: connected (reserved, in progress) or declined (failed, free). */
const recordInboundCall = defineJob({
  kind: "dialer.inbound_call",
  payload: InboundCallWebhook,
  async run(job, { query, body, decision }) {
    if (!decision) return { status: "failed", reason: "The call's decision was not recorded with it." };
    // Recorded already (a rerun after its batch committed): nothing more.
    if (await findDialledCall(job.db, decision.callId, job.companyId)) return { status: "done" };
    const company = await job.db
      .select({ plan: companies.plan, region: companies.defaultRegion })
      .from(companies)
      .where(eq(companies.id, job.companyId))
      .get();
    if (!company) return { status: "done" };
    const now = clock.iso();
    const settings = await callSettingsOf(job.db, job.companyId, company.region);
    const localDate = localDateOf(now, settings.timeZone);
    const wallet = await walletBalance(job.db, job.companyId);
    const rate = decision.rate;
    const held =
      decision.declined === null && rate
        ? heldFor(rate, askedSeconds(company.plan, undefined), wallet?.balanceMinor ?? 0)
        : { seconds: 0, amountMinor: 0 };
    const record = {
      id: decision.callId,
      companyId: job.companyId,
      agentId: decision.agentId,
      fromNumber: body.From,
      toNumber: body.To,
      status: decision.declined === null ? ("in_progress" as const) : ("failed" as const),
      startedAt: now,
      country: decision.country,
      ...ratedCallColumns(
        rate ?? { pricePerMinuteMicros: 0, minimumSeconds: 0, billingIncrementSeconds: 0, currency: decision.currency },
        held,
      ),
      providerCallId: body.CallSid,
      sipTrunkId: null,
      failureReason: decision.declined,
      answeredAt: decision.declined === null ? now : null,
      createdAt: now,
      updatedAt: now,
    };
    const reserve =
      held.amountMinor > 0
        ? await debit(job.db, {
            companyId: job.companyId,
            amountMinor: held.amountMinor,
            currency: record.currency,
            kind: "charge",
            reference: { type: "call", id: record.id },
            description: `Call from ${body.From}: reservation of ${held.seconds / 60} min`,
            usage: { kind: "call", quantity: held.seconds },
          })
        : [];
    const ended =
      decision.declined === null ? { result: null, endedAt: null } : { result: "failed" as const, endedAt: now };
    return {
      status: "done",
      statements: [
        // Written once, whoever else writes it meanwhile (a rerun then finds it).
        precondition(
          job.db,
          sql`NOT EXISTS (SELECT 1 FROM ${calls} WHERE ${calls.companyId} = ${job.companyId} AND ${calls.id} = ${record.id})`,
          () => new ApiError("conflict", "The call was recorded meanwhile."),
        ),
        ...reserve,
        ...dialledCallInsertion(job.db, record, localDate, "inbound", ended),
        ...(decision.declined === null
          ? [scheduleDue(reconcileCall, job.companyId, reconcileAt(held.seconds), { callId: record.id })]
          : []),
      ],
      events: [
        callReceived.of({
          id: record.id,
          number_id: query.number,
          from: body.From,
          to: body.To,
          agent_id: decision.agentId,
          status: record.status,
          declined_reason: decision.declined,
          reserved: major(held.amountMinor, record.currency),
          currency: record.currency,
          received_at: now,
          previous_status: null,
        }),
      ],
    };
  },
});

/** POST /providers/twilio/inbound-call?company=&number=: the rented number's VoiceUrl, answered with TwiML. */
export const inboundCallCallback = defineCallback({
  provider: "twilio",
  topic: inboundTopics.call,
  job: recordInboundCall,
  // One voice request per call (a repeat is answered alike and recorded once).
  eventId: ({ body }) => `inbound-call:${body.CallSid}`,
  companyOf: async (db, { query }) => ((await number(db, query.company, query.number)) ? query.company : undefined),
  stage: async (env, companyId, _eventId, payload) => ({
    ...payload,
    decision: await decide(databaseFor(env, companyId), configOf(env).providers.voiceStreamUrl, companyId, payload),
  }),
  answer: (config, payload) => {
    const decision = payload?.decision;
    const template = config.providers.voiceStreamUrl;
    const twiml =
      decision && decision.declined === null && decision.agentId && template
        ? agentStreamTwiml(agentStreamUrl(template, decision.agentId, decision.callId))
        : DECLINED_TWIML;
    return { contentType: "text/xml", body: `<?xml version="1.0" encoding="UTF-8"?>${twiml}` };
  },
});

/** A rented number's StatusCallback: the inbound call's final status (and any progress Twilio reports). */
const InboundCallStatus = z.object({
  query: z.object({ company: z.string().min(1), number: z.string().min(1) }),
  body: CallStatusFields,
});

/** How many times a status that comes before its call's record is written waits for it (the voice request's job). */
const STATUS_WAITS = 5;

const applyInboundCallStatus = defineJob({
  kind: "dialer.inbound_call_status",
  payload: InboundCallStatus,
  async run(job, { body }) {
    const row = await findDialledCall(job.db, await inboundCallId(job.companyId, body.CallSid), job.companyId);
    // The voice request's job has not written the call yet: wait for it (the job queue orders nothing).
    if (!row && job.attempt < STATUS_WAITS) return { status: "retry", reason: "The call is not recorded yet." };
    return applyCallStatusTo(job, row, body);
  },
});

/** POST /providers/twilio/inbound-call-status?company=&number=: the StatusCallback of a rented number. */
export const inboundCallStatusCallback = defineCallback({
  provider: "twilio",
  topic: inboundTopics.callStatus,
  job: applyInboundCallStatus,
  eventId: ({ body }) => `inbound-call:${body.CallSid}:${body.CallStatus}`,
  // The number, or the call when the number was released since.
  companyOf: async (db, { query, body }) =>
    (await number(db, query.company, query.number)) ||
    (await findDialledCall(db, await inboundCallId(query.company, body.CallSid), query.company))
      ? query.company
      : undefined,
});
