import type { z } from "@hono/zod-openapi";
import { ApiError, invalidField } from "../../lib/errors";
import { ProviderError } from "../../integrations";
import { enqueueJob } from "../../work/jobs";
import type { Uses } from "../../core/action";
import type { Quote } from "../../core/operation";
import { parsePhone } from "../../lib/phone";
import { concurrencyQuota, debit, hiredAddons, insufficientFunds, major, walletBalance } from "../billing";
import { localDateOf } from "../../lib/period";
import { callSettingsOf } from "../calls";
import { destinations } from "../telephony";
import { callDialled } from "./events";
import { placeCall, reconcileAt, reconcileCall } from "./jobs";
import { scheduleDue } from "../../work/due";
import type { DialInput, DialledCall } from "./model";
import {
  agentForDialling,
  belowQuota,
  defaultCallerNumber,
  namedCallerNumber,
  callsInProgress,
  concurrencyExceeded,
  dialledCallInsertion,
  type DialledCallRecord,
} from "./queries";
import { askedSeconds, MAX_CALL_SECONDS, ratedCallColumns, rateOfNumber, reservation } from "./rating";
import { clock } from "../../lib/clock";

const callable = new Set(destinations.map((destination) => destination.country));

/** The simultaneous calls the company may have: its plan's and its add-ons'. */
/** The company's concurrent-call quota, the calls in progress, and what is left. */
export async function concurrencyOf({ db, caller }: Uses<"db" | "caller">) {
  const [quota, inProgress] = await Promise.all([quotaOf({ db, caller }), callsInProgress(db, caller.company.id)]);
  return { quota, in_progress: inProgress, available: Math.max(0, quota - inProgress) };
}

async function quotaOf({ db, caller }: Uses<"db" | "caller">): Promise<number> {
  return concurrencyQuota(
    caller.company.plan,
    (await hiredAddons(db, caller.company.id)).map((addon) => addon.addonType),
  );
}

/**
 * A dial checked and priced, before anything is written: every read POST /calls/dial makes and
 * every refusal it answers (400, 404, 409, 503), and what the call would reserve. Shared by the
 * dial and its quote, so that a quote says what the dial would do.
 */
async function planDial({ db, caller, config }: Uses<"db" | "caller" | "config">, input: z.output<typeof DialInput>) {
  const companyId = caller.company.id;

  const parsed = parsePhone(input.to, caller.company.defaultRegion, { findInText: true });
  if (!parsed) throw invalidField("body.to", "Not a valid phone number (E.164: +34612345678).");
  const to = parsed.e164;
  const country = parsed.country;
  const planMaximum = MAX_CALL_SECONDS[caller.company.plan];
  if (input.max_duration_seconds !== undefined && input.max_duration_seconds > planMaximum)
    throw invalidField(
      "body.max_duration_seconds",
      `The ${caller.company.plan} plan allows calls of at most ${planMaximum} seconds (${planMaximum / 60} min); got ${input.max_duration_seconds}.`,
    );
  if (!country || !callable.has(country))
    throw invalidField(
      "body.to",
      `${country ?? "This destination"} is not a callable destination (GET /rates/countries).`,
    );
  // Every read the checks need, at once; the checks then answer in their documented order.
  const [rate, agent, callerNumber, quota, inProgress, wallet, settings] = await Promise.all([
    rateOfNumber(db, caller.company, parsed),
    agentForDialling(db, companyId, input.agent_id),
    input.from_number_id === undefined
      ? defaultCallerNumber(db, companyId, input.agent_id)
      : namedCallerNumber(db, companyId, input.from_number_id),
    quotaOf({ db, caller }),
    callsInProgress(db, companyId),
    walletBalance(db, companyId),
    callSettingsOf(db, companyId, caller.company.defaultRegion),
  ]);
  if (!rate) throw invalidField("body.to", `The account has no rate for ${to} (GET /rates); it cannot be called.`);
  if (!agent) throw invalidField("body.agent_id", "No such voice agent in this account (GET /agents).");
  if (input.from_number_id !== undefined && !callerNumber)
    throw new ApiError("not_found", "No such number in this account (GET /numbers).");
  if (agent.publishedVersion === null) {
    throw new ApiError(
      "conflict",
      "The voice agent has no published version: it cannot talk yet. Publish one of its versions, then dial.",
      { agent_id: input.agent_id },
    );
  }

  // The provider must be able to place the call, and the voice service to answer it, before anything is reserved.
  const twilio = config.providers.twilio;
  // Without a number of the company, the call shows the platform's caller ID (TWILIO_FROM_NUMBER).
  const fromNumber = callerNumber?.e164 ?? twilio.from;
  if (!twilio.baseUrl || !twilio.accountSid || !twilio.authToken || !fromNumber) {
    throw new ProviderError("twilio", "not_configured", "Twilio is not configured for this account.");
  }
  if (!config.providers.voiceStreamUrl) {
    throw new ApiError(
      "integration_not_configured",
      "No voice service is configured to answer calls (VOICE_STREAM_URL).",
      { provider: "voice" },
    );
  }

  if (callerNumber?.sipTrunkStatus === "suspended") {
    throw new ApiError(
      "conflict",
      `The number ${callerNumber.e164} calls out through a SIP trunk that is suspended (its monthly renewal could not be paid); resume it with POST /sip-trunks/${callerNumber.sipTrunkId}/resume, then dial.`,
      { sip_trunk_id: callerNumber.sipTrunkId },
    );
  }
  if (inProgress >= quota) throw concurrencyExceeded(quota);
  if (wallet && wallet.currency !== rate.currency) {
    throw new ApiError(
      "conflict",
      `The rate for ${to} is in ${rate.currency}, but the wallet is in ${wallet.currency}.`,
    );
  }
  const held = reservation(rate, askedSeconds(caller.company.plan, input.max_duration_seconds));
  return { to, country, rate, held, quota, wallet, settings, callerNumber, fromNumber };
}

/**
 * POST /calls/dial. One batch: the quota still not reached (compare-and-set), the reservation taken
 * from the wallet (402 when the balance does not cover it, also when another charge got there
 * first), the call queued in the calls table with its dialling details, the job that hands it
 * to the provider (transactional outbox), and the due item that asks the provider about it if its
 * callbacks never come.
 */
export async function dial(
  { db, caller, config, requestId, commit }: Uses<"db" | "caller" | "config" | "requestId" | "commit">,
  input: z.output<typeof DialInput>,
): Promise<z.input<typeof DialledCall>> {
  const companyId = caller.company.id;
  const { to, country, rate, held, quota, wallet, settings, callerNumber, fromNumber } = await planDial(
    { db, caller, config },
    input,
  );
  // The whole talk time asked for is reserved: say so when the wallet cannot hold it (debit would refuse it too).
  const balanceMinor = wallet?.balanceMinor ?? 0;
  if (held.amountMinor > balanceMinor) {
    const refused = insufficientFunds({ currency: rate.currency, amountMinor: held.amountMinor, balanceMinor });
    throw new ApiError(
      "insufficient_funds",
      `${refused.detail} A call of up to ${held.seconds} s to ${to} reserves that much; top up, or ask for a shorter max_duration_seconds.`,
      refused.extra,
    );
  }
  const id = crypto.randomUUID();
  const now = clock.iso();
  const call: DialledCallRecord = {
    id,
    companyId,
    agentId: input.agent_id,
    toNumber: to,
    fromNumber,
    status: "queued",
    startedAt: now,
    country,
    ...ratedCallColumns(rate, held),
    providerCallId: null,
    sipTrunkId: callerNumber?.sipTrunkId ?? null,
    failureReason: null,
    answeredAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const reserve =
    held.amountMinor > 0
      ? await debit(db, {
          companyId,
          amountMinor: held.amountMinor,
          currency: rate.currency,
          kind: "charge",
          reference: { type: "call", id },
          description: `Call to ${to}: reservation of ${held.seconds / 60} min`,
          usage: { kind: "call", quantity: held.seconds },
        })
      : [];
  await commit(
    [
      belowQuota(db, companyId, quota),
      ...reserve,
      ...dialledCallInsertion(db, call, localDateOf(now, settings.timeZone)),
      enqueueJob(placeCall, companyId, { callId: id, requestId }),
      scheduleDue(reconcileCall, companyId, reconcileAt(held.seconds), { callId: id }),
    ],
    { resourceType: "call", resourceId: id },
    [
      callDialled.of({
        id,
        to,
        agent_id: input.agent_id,
        reserved: major(held.amountMinor, rate.currency),
        currency: rate.currency,
        dialled_at: now,
        previous_status: null,
      }),
    ],
  );
  return toDialledCall(call);
}

/** What a dial would reserve and whom it would call, for a preview before the call is confirmed (the MCP server's quote). */
export async function quoteDial(
  { db, caller, config }: Uses<"db" | "caller" | "config">,
  input: z.output<typeof DialInput>,
): Promise<Quote> {
  const { to, country, rate, held, wallet } = await planDial({ db, caller, config }, input);
  const amount = major(held.amountMinor, rate.currency);
  const perMinute = `${rate.pricePerMinuteMicros / 1_000_000} ${rate.currency}`;
  const covered = held.amountMinor === 0 || (wallet !== undefined && wallet.balanceMinor >= held.amountMinor);
  return {
    charge: {
      amount,
      currency: rate.currency,
      description: `A reservation of ${held.seconds / 60} min at ${perMinute} a minute (${country}), taken from the wallet now and settled against the call's real cost when it ends (the rest refunded).`,
    },
    sends: [
      { channel: "call", to: [to], count: 1, what: `An outbound call answered by the voice agent ${input.agent_id}.` },
    ],
    ...(wallet ? { balance: { amount: major(wallet.balanceMinor, wallet.currency), currency: wallet.currency } } : {}),
    notes: covered
      ? []
      : [
          `The wallet's balance does not cover the reservation of ${amount} ${rate.currency}: the call would be refused (402 insufficient_funds).`,
        ],
  };
}

const toDialledCall = (row: DialledCallRecord): z.input<typeof DialledCall> => ({
  id: row.id,
  status: row.status,
  direction: "outbound",
  to: row.toNumber,
  from: row.fromNumber,
  agent_id: row.agentId,
  country: row.country,
  rate: {
    price_per_minute: row.ratePerMinuteMicros / 1_000_000,
    minimum_seconds: row.minimumSeconds,
    billing_increment_seconds: row.billingIncrementSeconds,
  },
  reserved: major(row.reservedMinor, row.currency),
  reserved_seconds: row.reservedSeconds,
  currency: row.currency,
  created_at: row.createdAt,
});
