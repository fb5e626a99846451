import { z } from "@hono/zod-openapi";
import { isUniqueViolation, runBatches } from "../../data/bulk";
import type { Database } from "../../data/client";
import { nowIso } from "../../data/schema";
import { ApiError, invalidField } from "../../lib/errors";
import { InputError } from "../../lib/input-error";
import { currencyExponent } from "../../lib/money";
import {
  CompanyParams,
  defineOperatorOperation,
  type OperatorContext,
  type OperatorOperation,
} from "../../core/operator";
import { addDays, instantRange, isTimeZone, localDateOf, nextDate, regionTimeZone } from "../../lib/period";
import { requirePhone } from "../../lib/phone";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { Booking, type BookingDecision, bookInCall, cancelInCall, findBooking } from "../calendar";
import { Recado, recadoCreated, recadoInsert, recadoOfCall, toRecado } from "../recados";
import { uuid } from "../../lib/schemas";
import { callRecorded } from "./events";
import { Call, CallLabel, type CallView, labelKey } from "./model";
import {
  agentAndNumberKnown,
  archiveCutoff,
  callBookingInsert,
  callBookingOf,
  bulkCallsOfDay,
  callSettingsOf,
  callSettingsUpsert,
  callSpan,
  companyDefaults,
  type CompanyNumbers,
  findCall,
  findReportedCall,
  labelDelete,
  labelInsert,
  labelsByKeys,
  listCallLabels,
  localDateRewrite,
  reportedCallStatements,
  toCall,
  toCallLabel,
  unknownAgent,
  unknownNumber,
} from "./queries";
import { callBookingOutcomes, callDirections, callResults, type CallRow, qualificationVerdicts } from "./schema";
import { clock } from "../../lib/clock";

/*
 * What the web panel and the voice service do with calls, as operator operations (/admin/v1): the
 * voice service's report of a call it handled, the label catalogue, the call settings. The API
 * reads them; only operators write them. bulkCalls stays a function: the benchmark's state-only tool.
 */

async function companyOf(db: Database, companyId: string) {
  const company = await companyDefaults(db, companyId);
  if (!company) throw new InputError("unknown_company", `No company ${companyId}.`);
  return company;
}

/** Every local date from `first` to `last` (both YYYY-MM-DD), in order. */
function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = nextDate(date)) dates.push(date);
  return dates;
}

/**
 * Sets the company's time zone (an IANA name, or "region" for its region's default) and its
 * retention in days. A new time zone rewrites the local date of each of the company's calls, one
 * local day per statement, so that periods and their totals are read in it from then on.
 */
export async function configureCalls(
  db: Database,
  companyId: string,
  input: { timeZone?: string; retentionDays?: string | number },
) {
  const company = await companyOf(db, companyId);
  const current = await callSettingsOf(db, companyId, company.region);
  let timeZone: string | null | undefined;
  if (input.timeZone === "region") timeZone = null;
  else if (input.timeZone !== undefined) {
    if (!isTimeZone(input.timeZone))
      throw new InputError(
        "invalid_argument",
        `time_zone must be an IANA time zone such as Europe/Madrid (or "region"); got "${input.timeZone}".`,
        "body.time_zone",
      );
    timeZone = input.timeZone;
  }
  const retentionDays = input.retentionDays === undefined ? current.retentionDays : Number(input.retentionDays);
  if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 3650)
    throw new InputError(
      "invalid_argument",
      "retention_days must be a whole number of days from 1 to 3650.",
      "body.retention_days",
    );
  const stored =
    timeZone === undefined ? (current.timeZone === regionTimeZone(company.region) ? null : current.timeZone) : timeZone;
  const zone = stored ?? regionTimeZone(company.region);

  const statements = [];
  if (zone !== current.timeZone) {
    const span = await callSpan(db, companyId);
    if (span) {
      for (const date of datesBetween(localDateOf(span.first, zone), localDateOf(span.last, zone))) {
        const range = instantRange({ startDate: date, endDate: date }, zone) as { from: string; until: string };
        statements.push(localDateRewrite(db, companyId, date, range));
      }
    }
  }
  await runBatches(db, [
    ...statements,
    callSettingsUpsert(db, companyId, { timeZone: stored, retentionDays }, nowIso()),
  ]);
  return {
    company_id: companyId,
    time_zone: zone,
    time_zone_set: stored !== null,
    retention_days: retentionDays,
    days_rewritten: statements.length,
  };
}

/**
 * `count` synthetic calls for the benchmark, spread evenly over the `days` local days before
 * today in the company's time zone (local dates and day totals right, like any other call).
 */
export async function bulkCalls(
  db: Database,
  companyId: string,
  input: { count: string; days?: string },
  now = clock.now(),
) {
  const count = Number(input.count);
  const days = input.days === undefined ? 30 : Number(input.days);
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000)
    throw new InputError("invalid_argument", "--count must be a whole number from 1 to 10,000,000.");
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new InputError("invalid_argument", "--days must be a whole number from 1 to 3650.");
  const company = await companyOf(db, companyId);
  const { timeZone } = await callSettingsOf(db, companyId, company.region);
  const currency = company.currency && currencyExponent(company.currency) !== undefined ? company.currency : "EUR";
  const today = localDateOf(now, timeZone);
  let left = count;
  for (let back = days; back >= 1; back--) {
    const date = addDays(today, -back);
    const onDay = Math.ceil(left / back);
    if (onDay === 0) continue;
    const range = instantRange({ startDate: date, endDate: date }, timeZone) as { from: string; until: string };
    await bulkCallsOfDay(db, companyId, date, range, onDay, currency, count - left);
    left -= onDay;
  }
  return { company_id: companyId, calls: count, days, time_zone: timeZone };
}

// ---------------------------------------------------------------------------------------------
// Operator operations

const instant = z.iso.datetime({ offset: true }).max(64).openapi({ example: "2026-04-26T09:30:00.000Z" });

const VoiceReportInput = z.object({
  external_id: z.string().trim().min(1).max(200).openapi({
    description:
      "The voice service's own id of the call: a repeated report with it records nothing and answers the first one",
  }),
  direction: z.enum(callDirections).default("inbound"),
  agent_id: z.string().min(1).max(100).openapi({ description: "The company's agent that handled the call" }),
  from: z
    .string()
    .min(1)
    .max(32)
    .openapi({ description: "The caller (E.164, or national in the company's region)", example: "+34612345678" }),
  to: z.string().min(1).max(32).openapi({
    description: "The number called; the company's own number on an inbound call (from is, on an outbound one)",
    example: "+34912345678",
  }),
  started_at: instant,
  answered_at: instant
    .optional()
    .openapi({ description: "When the agent answered; absent when nobody did (then duration_seconds is 0)" }),
  ended_at: instant,
  duration_seconds: z
    .number()
    .int()
    .min(0)
    .max(172_800)
    .openapi({ description: "Talk time: ended_at - answered_at, in whole seconds" }),
  result: z.enum(callResults),
  summary: z.string().trim().min(1).max(5_000).optional(),
  transcript: z.string().min(1).max(200_000).optional(),
  labels: z
    .array(labelKey)
    .max(20)
    .refine((keys) => new Set(keys).size === keys.length, "A label appears more than once.")
    .optional()
    .openapi({ description: "Keys of the company's label catalogue" }),
  recado: z
    .object({
      caller_name: z.string().trim().min(1).max(200),
      phone: z
        .string()
        .min(1)
        .max(32)
        .nullable()
        .optional()
        .openapi({ description: "The caller's number; null when withheld; absent: the call's caller" }),
      message: z.string().trim().min(1).max(5_000),
      taken_at: instant.optional().openapi({ description: "Default: ended_at" }),
    })
    .optional()
    .openapi({ description: "The message slip the agent took for the team (GET /recados)" }),
  qualification: z
    .object({
      verdict: z.enum(qualificationVerdicts),
      score: z.number().int().min(0).max(100),
      reason: z.string().trim().min(1).max(2_000).optional(),
      qualified_at: instant.optional().openapi({ description: "Default: ended_at" }),
    })
    .optional()
    .openapi({ description: "The qualification verdict of the call (GET /qualifications)" }),
  booking: z
    .object({
      title: z.string().trim().min(1).max(200),
      starts_at: instant,
      ends_at: instant.openapi({ description: "After starts_at, at most a day later" }),
      contact_id: uuid().optional().openapi({ description: "The company's contact it is with (GET /contacts)" }),
      notes: z.string().trim().min(1).max(2_000).optional(),
    })
    .optional()
    .openapi({
      description:
        "An appointment the agent booked in the call (GET /bookings). The calendar's rules apply, as GET /calendar/check reads them: " +
        "it must lie within one working interval of its start's date (the date's exception when it has one); otherwise " +
        "the call is recorded and the booking refused, with the reason in the answer's booking and in call.recorded",
    }),
  cancel_booking_id: uuid().optional().openapi({
    description:
      "A confirmed booking the caller called off in the call; refused, with the reason, when it is not the company's or not confirmed. Not with booking",
  }),
});

type VoiceReport = z.output<typeof VoiceReportInput>;

/** Longest appointment a call may book. */
const MAX_BOOKING_MS = 24 * 60 * 60 * 1000;

const VoiceReportBooking = z
  .object({
    outcome: z.enum(callBookingOutcomes).openapi({
      description: "booked: made (confirmed); cancelled: called off; refused: the calendar refused it (see reason)",
    }),
    reason: z.string().nullable().openapi({ description: "Why the calendar refused it; null otherwise" }),
    booking: Booking.nullable().openapi({
      description: "The booking made or called off, as it is now; null when refused",
    }),
  })
  .openapi("VoiceReportBooking", { description: "What the calendar made of the booking reported with the call." });

const VoiceReportResult = z.object({ call: Call, recado: Recado.nullable(), booking: VoiceReportBooking.nullable() });

/** The reported booking's times, in order and at most a day apart (400 otherwise). */
function checkBooking(report: VoiceReport) {
  if (report.booking && report.cancel_booking_id !== undefined)
    throw invalidField("body.cancel_booking_id", "A report books an appointment or cancels one, not both.");
  const booking = report.booking;
  if (!booking) return undefined;
  const startsAt = iso(booking.starts_at);
  const endsAt = iso(booking.ends_at);
  if (endsAt <= startsAt) throw invalidField("body.booking.ends_at", "ends_at must be after starts_at.");
  if (Date.parse(endsAt) - Date.parse(startsAt) > MAX_BOOKING_MS)
    throw invalidField("body.booking.ends_at", "An appointment lasts at most a day.");
  return {
    title: booking.title,
    startsAt,
    endsAt,
    contactId: booking.contact_id ?? null,
    notes: booking.notes ?? null,
  };
}

const iso = (text: string) => new Date(text).toISOString();

/** The report's times in order, and its talk time equal to ended_at - answered_at (to the second). */
function checkTimes(report: VoiceReport): { startedAt: string; answeredAt: string | null; endedAt: string } {
  const startedAt = iso(report.started_at);
  const endedAt = iso(report.ended_at);
  const answeredAt = report.answered_at === undefined ? null : iso(report.answered_at);
  if (endedAt < startedAt) throw invalidField("body.ended_at", "ended_at is before started_at.");
  if (answeredAt === null) {
    if (report.result === "answered") throw invalidField("body.answered_at", "An answered call needs answered_at.");
    if (report.duration_seconds !== 0)
      throw invalidField(
        "body.duration_seconds",
        "A call nobody answered has no talk time: duration_seconds must be 0 without answered_at.",
      );
  } else {
    if (answeredAt < startedAt || answeredAt > endedAt)
      throw invalidField("body.answered_at", "answered_at must be between started_at and ended_at.");
    const talk = (Date.parse(endedAt) - Date.parse(answeredAt)) / 1000;
    if (Math.abs(talk - report.duration_seconds) >= 1) {
      throw invalidField(
        "body.duration_seconds",
        `duration_seconds must equal ended_at - answered_at (${Math.floor(talk)} seconds); got ${report.duration_seconds}.`,
      );
    }
  }
  return { startedAt, answeredAt, endedAt };
}

/** What the calendar made of the call's booking, with the booking as it is now. */
async function bookingAnswer(db: Database, companyId: string, callId: string) {
  const outcome = await callBookingOf(db, companyId, callId);
  if (!outcome) return null;
  const booking = outcome.bookingId === null ? undefined : await findBooking(db, companyId, outcome.bookingId);
  return { outcome: outcome.outcome, reason: outcome.reason, booking: booking ?? null };
}

/** The recorded call, its slip and its booking, read back: the same answer for the first report and every repetition. */
async function reportAnswer(db: Database, companyId: string, region: string, callId: string) {
  const [settings, row, slip, booking] = await Promise.all([
    callSettingsOf(db, companyId, region),
    findCall(db, companyId, callId),
    recadoOfCall(db, companyId, callId),
    bookingAnswer(db, companyId, callId),
  ]);
  if (!row) throw new Error(`The reported call ${callId} is not there after its batch.`);
  return { call: toCall(row, archiveCutoff(settings)), recado: slip ? toRecado(slip) : null, booking };
}

/**
 * Records the voice service's report of a call in one batch: the call, its labels, its verdict and
 * its message slip, with call.recorded (and recado.created). Idempotent by external_id: the
 * unique index decides between concurrent reports, and the loser answers what the winner wrote.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: the voice service's report: each optional part recorded in the one batch of the call
async function recordVoiceReport(
  db: Database,
  numbers: CompanyNumbers,
  commit: OperatorContext<unknown, unknown, unknown>["commit"],
  companyId: string,
  report: VoiceReport,
): Promise<{ created: boolean; callId: string; body: z.input<typeof VoiceReportResult> }> {
  const company = await companyOf(db, companyId);
  const replay = await findReportedCall(db, companyId, report.external_id);
  if (replay)
    return { created: false, callId: replay.id, body: await reportAnswer(db, companyId, company.region, replay.id) };

  const times = checkTimes(report);
  const appointment = checkBooking(report);
  const from = requirePhone(report.from, company.region, "body.from");
  const to = requirePhone(report.to, company.region, "body.to");
  const companyNumber = report.direction === "inbound" ? to : from;
  const slipPhone =
    report.recado?.phone === undefined
      ? from
      : report.recado.phone === null
        ? null
        : requirePhone(report.recado.phone, company.region, "body.recado.phone");
  const labelKeys = [...(report.labels ?? [])].sort();
  const [known, settings, labels] = await Promise.all([
    agentAndNumberKnown(db, numbers, companyId, report.agent_id, companyNumber),
    callSettingsOf(db, companyId, company.region),
    labelsByKeys(db, companyId, labelKeys),
  ]);
  if (!known.agent) throw unknownAgent(report.agent_id);
  if (!known.number) throw unknownNumber(companyNumber);
  const names = new Map(labels.map((label) => [label.key, label.name]));
  const missing = (report.labels ?? []).findIndex((key) => !names.has(key));
  if (missing >= 0)
    throw invalidField(
      `body.labels.${missing}`,
      `The company's label catalogue has no label ${report.labels?.[missing]}.`,
    );

  // Calls are charged in the company's billing currency; the voice service's minutes are not charged here.
  const currency = company.currency && currencyExponent(company.currency) !== undefined ? company.currency : "EUR";
  const callId = crypto.randomUUID();
  const row: CallRow & { agentId: string } = {
    id: callId,
    companyId,
    direction: report.direction,
    fromNumber: from,
    toNumber: to,
    agentId: report.agent_id,
    status: report.result === "failed" ? "failed" : "completed",
    result: report.result,
    startedAt: times.startedAt,
    endedAt: times.endedAt,
    localDate: localDateOf(times.startedAt, settings.timeZone),
    durationSeconds: report.duration_seconds,
    costMinor: 0,
    currency,
    summary: report.summary ?? null,
    transcript: report.transcript ?? null,
    externalId: report.external_id,
    membersVersion: 0,
    sequence: 0,
  };
  const verdict = report.qualification;
  const qualification = verdict
    ? {
        id: crypto.randomUUID(),
        companyId,
        callId,
        verdict: verdict.verdict,
        score: verdict.score,
        reason: verdict.reason ?? null,
        qualifiedAt: iso(verdict.qualified_at ?? report.ended_at),
      }
    : undefined;
  const slip = report.recado
    ? {
        id: crypto.randomUUID(),
        companyId,
        callerName: report.recado.caller_name,
        phone: slipPhone,
        message: report.recado.message,
        callId,
        takenAt: iso(report.recado.taken_at ?? report.ended_at),
        read: false,
      }
    : undefined;

  const view: CallView = {
    ...toCall(
      { ...row, labels: "[]", members: "[]", verdict: null, score: null, reason: null, qualifiedAt: null },
      archiveCutoff(settings),
    ),
    labels: labelKeys.map((key) => ({ key, name: names.get(key) ?? key })),
    qualification: qualification
      ? {
          verdict: qualification.verdict,
          score: qualification.score,
          reason: qualification.reason,
          qualified_at: qualification.qualifiedAt,
        }
      : null,
  };
  // The calendar's rules decide on the booking; a refused one is recorded with its reason, never dropped.
  const decision: BookingDecision | undefined = appointment
    ? await bookInCall(db, companyId, callId, report.agent_id, appointment, nowIso())
    : report.cancel_booking_id === undefined
      ? undefined
      : await cancelInCall(db, companyId, report.cancel_booking_id);
  const events = [
    callRecorded.of({
      call: view,
      recado_id: slip?.id ?? null,
      booking: decision ? { outcome: decision.outcome, booking_id: decision.bookingId, reason: decision.reason } : null,
    }),
    ...(slip ? [recadoCreated.of(toRecado(slip))] : []),
  ];
  try {
    await commit(
      companyId,
      [
        ...reportedCallStatements(db, numbers, row, companyNumber, labelKeys, qualification),
        ...(slip ? [recadoInsert(db, slip)] : []),
        ...(decision
          ? [
              ...decision.statements,
              callBookingInsert(db, {
                companyId,
                callId,
                outcome: decision.outcome,
                bookingId: decision.bookingId,
                reason: decision.reason,
              }),
            ]
          : []),
      ],
      events,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent report of the same call committed first: answer what it recorded.
    const winner = await findReportedCall(db, companyId, report.external_id);
    if (!winner) throw error;
    return { created: false, callId: winner.id, body: await reportAnswer(db, companyId, company.region, winner.id) };
  }
  return { created: true, callId, body: await reportAnswer(db, companyId, company.region, callId) };
}

const recordVoiceReportOperation = (numbers: CompanyNumbers) =>
  defineOperatorOperation({
    operationId: "recordVoiceReport",
    method: "post",
    path: "/admin/v1/companies/{company_id}/voice-reports",
    summary: "Record the voice service's report of a call",
    description:
      "The call an agent of the company handled (inbound, or outbound handled by the voice service), with its labels, " +
      "qualification verdict and the message slip the agent took, recorded in one batch with call.recorded and recado.created; " +
      "they show in GET /calls, /calls/{call_id}, /qualifications and /recados. 201 the first time; a repeated report " +
      "(same external_id) records nothing and answers 200 with what the first recorded. A booking the agent made (or a cancellation) " +
      "is applied to the calendar in the same batch: booked when it lies within working hours (GET /bookings, the dashboard), " +
      "else recorded as refused with the reason (the answer's booking, call.recorded). ended_at - answered_at must equal " +
      "duration_seconds (400 otherwise); an agent or number (to on an inbound call, from on an outbound one) that is not the company's is 404.",
    tag: "Calls",
    request: { params: CompanyParams, body: VoiceReportInput },
    responses: {
      201: { description: "The recorded call and its message slip", schema: VoiceReportResult },
      200: { description: "A repeated report: what the first one recorded", schema: VoiceReportResult },
    },
    codes: [409],
    handler: async ({ db, commit, params, body }) => {
      const recorded = await recordVoiceReport(db, numbers, commit, params.company_id, body);
      if (!recorded.created) return { status: 200, body: recorded.body };
      return {
        status: 201,
        body: recorded.body,
        audit: { companyId: params.company_id, resourceType: "call", resourceId: recorded.callId },
      };
    },
  });

const LabelParams = CompanyParams.extend({ key: labelKey });

const createCallLabel = defineOperatorOperation({
  operationId: "createCallLabel",
  method: "post",
  path: "/admin/v1/companies/{company_id}/call-labels",
  summary: "Add a label to a company's call label catalogue",
  description:
    "Calls may then carry it (POST /calls/{call_id}/labels, a voice report's labels). A key the catalogue holds is 409.",
  tag: "Calls",
  request: {
    params: CompanyParams,
    body: z.object({
      key: labelKey,
      name: z.string().trim().min(1).max(100),
      description: z.string().trim().min(1).max(500).optional(),
      color: z
        .string()
        .max(7)
        .regex(/^#[0-9a-fA-F]{6}$/, "A colour is #rrggbb.")
        .optional()
        .openapi({ description: "#rrggbb, for the panel; default #607d8b" }),
    }),
  },
  responses: { 201: { description: "The label", schema: CallLabel } },
  codes: [409],
  handler: async ({ db, params, body }) => {
    await companyOf(db, params.company_id);
    try {
      const row = await labelInsert(db, {
        id: crypto.randomUUID(),
        companyId: params.company_id,
        key: body.key,
        name: body.name,
        description: body.description ?? null,
        color: (body.color ?? "#607d8b").toLowerCase(),
        createdAt: nowIso(),
      });
      return {
        status: 201,
        body: toCallLabel(row),
        audit: { companyId: params.company_id, resourceType: "call_label", resourceId: body.key },
      };
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError("conflict", `The company's catalogue already has a label ${body.key}.`);
      throw error;
    }
  },
});

const listCallLabelsOperation = defineOperatorOperation({
  operationId: "listCompanyCallLabels",
  method: "get",
  path: "/admin/v1/companies/{company_id}/call-labels",
  summary: "A company's call label catalogue",
  tag: "Calls",
  request: { params: CompanyParams, query: OffsetPageQuery },
  responses: {
    200: {
      description: "A page of labels, newest first",
      schema: offsetEnvelope(CallLabel, "OperatorCallLabelPage", "A page of a company's call labels"),
    },
  },
  codes: [],
  handler: async ({ db, params, query }) => {
    await companyOf(db, params.company_id);
    return { status: 200, body: await listCallLabels(db, params.company_id, query) };
  },
});

const deleteCallLabel = defineOperatorOperation({
  operationId: "deleteCallLabel",
  method: "delete",
  path: "/admin/v1/companies/{company_id}/call-labels/{key}",
  summary: "Remove a label from a company's catalogue",
  description:
    "No call can be given it from then on; calls that carry it keep it (listed by its key). An unknown key is 404.",
  tag: "Calls",
  request: { params: LabelParams },
  responses: { 200: { description: "The label removed", schema: CallLabel } },
  codes: [],
  handler: async ({ db, params }) => {
    await companyOf(db, params.company_id);
    const row = await labelDelete(db, params.company_id, params.key);
    if (!row) throw new ApiError("not_found", `The company's catalogue has no label ${params.key}.`);
    return {
      status: 200,
      body: toCallLabel(row),
      audit: { companyId: params.company_id, resourceType: "call_label", resourceId: params.key },
    };
  },
});

const putCallSettings = defineOperatorOperation({
  operationId: "putCallSettings",
  method: "put",
  path: "/admin/v1/companies/{company_id}/call-settings",
  summary: "Set a company's call time zone and retention",
  description:
    'time_zone: an IANA name, or "region" for the default of the company\'s region; a new one moves every call to its local date in it, ' +
    "totals included. retention_days: calls older than this are archived (read-only). What is left out stays as it is.",
  tag: "Calls",
  request: {
    params: CompanyParams,
    body: z.object({
      time_zone: z.string().min(1).max(64).optional().openapi({ example: "Europe/Madrid" }),
      retention_days: z.number().int().min(1).max(3650).optional(),
    }),
  },
  responses: {
    200: {
      description: "The settings in force",
      schema: z.object({
        company_id: z.string(),
        time_zone: z.string(),
        time_zone_set: z.boolean(),
        retention_days: z.number().int(),
        days_rewritten: z.number().int(),
      }),
    },
  },
  codes: [],
  handler: async ({ db, params, body }) => {
    const settings = await configureCalls(db, params.company_id, {
      timeZone: body.time_zone,
      retentionDays: body.retention_days,
    });
    return {
      status: 200,
      body: settings,
      audit: { companyId: params.company_id, resourceType: "call_settings", resourceId: params.company_id },
    };
  },
});

/** The calls domain's operator operations, over the company's numbers as telephony holds them. */
export const callOperatorOperations = (numbers: CompanyNumbers): readonly OperatorOperation[] => [
  recordVoiceReportOperation(numbers),
  createCallLabel,
  listCallLabelsOperation,
  deleteCallLabel,
  putCallSettings,
];
