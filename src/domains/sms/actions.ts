import { callbackUrl } from "../../core/callbacks";
import { messageStatusCallback } from "./callbacks";
import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { invalidField } from "../../lib/errors";
import { gateway, ProviderError, type PhoneLookup } from "../../integrations";
import { currencyExponent, toMajor } from "../../lib/money";
import { debit } from "../billing";
import {
  toSmsMessage,
  type lookupStatuses,
  type CheckSmsInput,
  type RecipientVerdict,
  type SendSmsInput,
  type SmsCheck,
} from "./model";
import { smsPrices } from "../price-book";
import { insertSmsMessage } from "./queries";
import { parsedNumber, readRecipient, verdictMessages } from "./recipients";
import { smsMessages, type SmsMessageRow } from "./schema";
import { reconcileSms } from "./jobs";
import { recordSmsReport, type SmsReport } from "./outcomes";
import { scheduleDue } from "../../work/due";
import { SEND_RECONCILE_AFTER_MS } from "../../work/sends";
import { PreconditionFailed } from "../../data/precondition";
import { companyRow } from "../../data/rows";
import { segmentSms } from "./segments";
import { clock } from "../../lib/clock";
import {
  adoptRecord,
  LOOKUP_SLACK_MS,
  providerSaidNo,
  requestSubject,
  sendOnce,
  type IntentTarget,
} from "../../work/intents";
import type { Database } from "../../data/client";
import type { SendSource } from "../../work/sends";
import type { WriteStatement } from "../../data/write-batch";

const majorOf = (currency: string) => {
  const exponent = currencyExponent(currency) ?? 2;
  return (minor: number) => toMajor(minor, exponent);
};

/** The company's currency: its price book charges in it. */
const companyCurrency = ({ caller }: Uses<"caller">) => caller.company.defaultCurrency ?? "EUR";

/**
 * Checks recipients without sending or charging: each one's E.164 form, country and verdict, and
 * the optional text's encoding, segments and price. 503 when SMS cannot be sent from this account
 * at all (the provider is not configured).
 */
export async function checkSms(
  { db, caller, config, requestId }: Uses<"db" | "caller" | "config" | "requestId">,
  input: z.output<typeof CheckSmsInput>,
): Promise<z.input<typeof SmsCheck>> {
  const sms = gateway({ config, requestId, caller }).sms;
  await sms.ready();
  const region = caller.company.defaultRegion;
  const numbers = [...new Set(input.numbers.flatMap((number) => parsedNumber(number, region) ?? []))];
  const lookup = await lookUpLines(sms, numbers);
  const recipients = input.numbers.map((number) => {
    const e164 = parsedNumber(number, region);
    return readRecipient(number, region, e164 === null ? undefined : lookup.answers.get(e164));
  });
  const rates = await smsPrices(
    db,
    caller.company,
    recipients.flatMap((recipient) =>
      recipient.verdict === "allowed" && recipient.country ? [recipient.country] : [],
    ),
  );
  const text = input.text === undefined ? null : segmentSms(input.text);
  const currency = companyCurrency({ caller });
  let totalMinor = 0;
  const checked = recipients.map((recipient) => {
    const rate = recipient.country ? rates.get(recipient.country) : undefined;
    const verdict: RecipientVerdict = recipient.verdict === "allowed" && !rate ? "no_rate" : recipient.verdict;
    const allowed = verdict === "allowed" && rate !== undefined;
    const major = majorOf(rate?.currency ?? currency);
    if (allowed && text) totalMinor += rate.amountMinor * text.segments;
    return {
      input: recipient.input,
      e164: recipient.e164,
      country: recipient.country,
      valid: recipient.verdict !== "invalid_number",
      allowed,
      verdict,
      price_per_segment: allowed ? major(rate.amountMinor) : null,
      price: allowed && text ? major(rate.amountMinor * text.segments) : null,
      line_type: recipient.lineType,
      reachable: recipient.reachable,
      source: recipient.source,
    };
  });
  return {
    text: text && { encoding: text.encoding, characters: text.characters, segments: text.segments },
    currency,
    recipients: checked,
    allowed: checked.filter((recipient) => recipient.allowed).length,
    total_price: text ? majorOf(currency)(totalMinor) : null,
    lookup: { status: lookup.status, detail: lookup.detail },
  };
}

/** Lookups in flight at once: a Worker keeps at most six connections open, and the check's other reads need none. */
const LOOKUP_CONCURRENCY = 5;

interface LineLookups {
  answers: Map<string, PhoneLookup>;
  status: (typeof lookupStatuses)[number];
  detail: string | null;
}

/**
 * Asks the provider's lookup (Twilio Lookup v2, line type intelligence) about each number, a few at
 * a time. Not configured: nothing is asked and every line is read offline. A failure (an error
 * answer, a timeout) stops the asking, since the next numbers would most likely fail the same way
 * and each would cost a timeout: the numbers already answered keep their answer, the rest are read
 * offline, and the check says so. Nothing else fails the check: the lookup only sharpens it.
 */
async function lookUpLines(sms: ReturnType<typeof gateway>["sms"], numbers: readonly string[]): Promise<LineLookups> {
  const answers = new Map<string, PhoneLookup>();
  let failure: ProviderError | undefined;
  const ask = async (number: string) => {
    try {
      answers.set(number, await sms.lookup(number));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      failure ??= error;
    }
  };
  const [first, ...rest] = numbers;
  // The first number alone: when the lookup is not configured (or down), no other number is tried.
  if (first !== undefined) await ask(first);
  const pending = [...rest];
  const worker = async () => {
    for (let number = pending.shift(); number !== undefined && failure === undefined; number = pending.shift())
      await ask(number);
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, pending.length) }, worker));
  const failed = failure as ProviderError | undefined;
  if (!failed) return { answers, status: "used", detail: null };
  if (failed.outcome === "not_configured")
    return {
      answers,
      status: "not_configured",
      detail: "The provider's number lookup is not configured, so every line was read from offline numbering data.",
    };
  return {
    answers,
    status: "failed",
    detail: `${failed.detail} The numbers it had not answered were read from offline numbering data.`,
  };
}

/**
 * Sends one SMS. The recipient, its price and the provider are checked first (400/503, nothing
 * charged or recorded); then the message is recorded as `sending` and its cost (segments x price)
 * debited in the same batch (409 conflict when the wallet does not cover it), with its intent and
 * its reconciliation; then it goes to the provider. Accepted: `sent` (sms.sent). The provider said
 * no: the message is marked `failed` and the cost refunded in one batch (sms.failed), and the
 * request answers 502 (nothing is retried). No answer read: the message stays `sending` and the
 * request answers 502; what the provider did is learnt by its callback, a retry of the request or
 * the reconciliation. A retry of a request (its Idempotency-Key) whose earlier attempt recorded the
 * message adopts that message and its charge, and Twilio is asked again only when it shows nothing
 * (src/work/intents.ts). Every outcome is a compare-and-set with the provider's callbacks.
 */
export async function sendSms(
  {
    db,
    caller,
    config,
    requestId,
    idempotencyKey,
    commit,
  }: Uses<"db" | "caller" | "config" | "requestId" | "idempotencyKey" | "commit">,
  input: z.output<typeof SendSmsInput>,
) {
  const recipient = await smsRecipient(db, caller.company, input.to);
  if ("refused" in recipient) throw invalidField("body.to", recipient.refused);
  const sms = gateway({ config, requestId, caller }).sms;
  await sms.ready();

  const companyId = caller.company.id;
  const fresh = crypto.randomUUID();
  const target = {
    companyId,
    subject: await requestSubject("sms.send", caller, idempotencyKey, fresh),
    provider: "twilio",
    kind: "sms",
    resourceId: fresh,
    requestId,
  } as const;
  const earlier = await adoptRecord(db, target, {
    read: (id) => companyRow(db, smsMessages, companyId, id),
    over: (message) => message.status === "failed",
  });
  const row =
    earlier.adopted ??
    (await (async () => {
      const sending = await smsSending(db, caller.company, {
        id: fresh,
        ...recipient,
        text: input.text,
        source: "api",
        open: earlier.open,
      });
      await commit(sending.statements, { resourceType: "sms_message", resourceId: fresh });
      return sending.row;
    })());
  const { id } = row;
  const audit = { resourceType: "sms_message", resourceId: id };
  const { report, failure } = await deliverSms({ db, config, requestId, caller }, row, target);
  const recorded = report && (await recordSmsReport(db, row, report));
  try {
    if (recorded) await commit(recorded.statements, audit, recorded.events);
  } catch (error) {
    // A status callback recorded the outcome first (it read the message too): the row says what happened.
    if (!(error instanceof PreconditionFailed)) throw error;
  }
  if (failure) throw failure;
  return smsMessageView((await companyRow(db, smsMessages, companyId, id))!);
}

/** Where an SMS to `to` goes and what a segment costs there, or why it cannot be sent (the verdict's message). */
export async function smsRecipient(
  db: Database,
  company: Uses<"caller">["caller"]["company"],
  to: string,
): Promise<{ to: string; country: string; rate: { amountMinor: number; currency: string } } | { refused: string }> {
  const recipient = readRecipient(to, company.defaultRegion);
  if (recipient.verdict !== "allowed") return { refused: verdictMessages[recipient.verdict] };
  if (!recipient.e164 || !recipient.country) return { refused: verdictMessages.invalid_number };
  const rate = (await smsPrices(db, company, [recipient.country])).get(recipient.country);
  if (!rate) return { refused: verdictMessages.no_rate };
  return { to: recipient.e164, country: recipient.country, rate };
}

/**
 * Sends a message recorded `sending` through its intent (`target`), once: a retry whose earlier
 * attempt's answer was lost finds the message in Twilio's Messages list (number, body, time) and
 * adopts it instead of sending again. The report to record: `sent`, or `not_sent` when the provider
 * said no (or is not configured); none when no answer was read (the message stays sending, for the
 * callback, a retry or the reconciliation). `failure`: the error to answer, when there was one.
 */
export async function deliverSms(
  context: Parameters<typeof gateway>[0] & { db: Database },
  row: SmsMessageRow,
  target: IntentTarget,
  /** The sender (E.164), when not the account's default: a reply from the company's number. */
  from?: string,
): Promise<{ report?: SmsReport; failure?: unknown }> {
  const { db, config } = context;
  const sms = gateway(context).sms;
  const to = row.toNumber;
  try {
    const once = await sendOnce(db, target, {
      send: (intentId) =>
        sms.send({
          to,
          ...(from === undefined ? {} : { from }),
          body: row.body,
          statusCallback: callbackUrl(config.callbacks.baseUrl, "twilio", messageStatusCallback.topic, {
            company: row.companyId,
            message: row.id,
            intent: intentId,
          }),
        }),
      providerId: (sent) => sent.sid,
      find: (attempt) =>
        sms.findSent({
          to,
          ...(from === undefined ? {} : { from }),
          body: row.body,
          since: Date.parse(attempt.attemptedAt) - LOOKUP_SLACK_MS,
        }),
    });
    return {
      report: { status: "sent", sid: once.outcome === "sent" ? once.result.sid : once.providerId, at: clock.iso() },
    };
  } catch (error) {
    // Only a provider's no fails the message (and refunds it); an answer lost leaves it sending.
    if (!providerSaidNo(error)) return { failure: error };
    return {
      failure: error,
      report: {
        status: "not_sent",
        reason: error instanceof ProviderError ? error.detail : "The provider could not be reached.",
      },
    };
  }
}

/**
 * What records a message `sending` (from `source`): the row, its charge (409 conflict when the
 * wallet does not cover it), its reconciliation (so a send whose sender dies past this point is
 * never left sending) and `open`, the statements that make it its intent's record, for one batch.
 */
export async function smsSending(
  db: Database,
  company: Uses<"caller">["caller"]["company"],
  message: {
    id: string;
    to: string;
    country: string;
    text: string;
    rate: { amountMinor: number; currency: string };
    source: SendSource;
    open: WriteStatement[];
  },
): Promise<{ row: SmsMessageRow; statements: WriteStatement[] }> {
  const { id, rate } = message;
  const text = segmentSms(message.text);
  const costMinor = rate.amountMinor * text.segments;
  const companyId = company.id;
  const charge =
    costMinor > 0
      ? await debit(db, {
          companyId,
          amountMinor: costMinor,
          currency: rate.currency,
          kind: "charge",
          reference: { type: "sms", id },
          description: `SMS to ${message.country}, ${text.segments} segment(s)`,
          refuseAs: "conflict",
          usage: { kind: "sms_segment", quantity: text.segments },
        })
      : [];
  const row: SmsMessageRow = {
    id,
    companyId,
    toNumber: message.to,
    country: message.country,
    body: message.text,
    encoding: text.encoding,
    segments: text.segments,
    pricePerSegmentMinor: rate.amountMinor,
    costMinor,
    currency: rate.currency,
    status: "sending",
    providerMessageId: null,
    failureReason: null,
    refunded: false,
    createdAt: clock.iso(),
    sentAt: null,
    deliveryStatus: null,
    deliveryUpdatedAt: null,
    source: message.source,
    sequence: 0,
  };
  const reconcile = scheduleDue(
    reconcileSms,
    companyId,
    new Date(clock.now() + SEND_RECONCILE_AFTER_MS).toISOString(),
    { messageId: id, round: 1 },
  );
  return { row, statements: [...message.open, insertSmsMessage(db, row), ...charge, reconcile] };
}

export const smsMessageView = (row: SmsMessageRow) => toSmsMessage(row, majorOf(row.currency));
