import { and, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import { chunkedInserts, IN_LIST_MAX, inChunks } from "../../data/bulk";
import {
  idPlaceholders,
  idValues,
  preparedPerCount,
  preparedStatement,
  preparedVariants,
  readRows,
  selectRow,
  selectRows,
  type Database,
} from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { companies } from "../../data/schema";
import { companyRows, offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { changedMeanwhile, precondition } from "../../data/precondition";
import { ApiError, invalidField } from "../../lib/errors";
import { currencyExponent, toMajor } from "../../lib/money";
import type { WriteStatement } from "../../core/operation";
import type { OffsetPage } from "../../lib/pagination";
import { agents } from "../agents";
import { allMembersActive } from "../team";
import type { CallView } from "./model";
import { regionTimeZone, type DatePeriod, type InstantRange } from "../../lib/period";
import { DEFAULT_RETENTION_DAYS } from "./schema";
import {
  callAssignments,
  callBookings,
  callDailyTotals,
  callLabelLinks,
  callLabels,
  callQualifications,
  callResults,
  calls,
  callSettings,
  type CallResult,
  type CallRow,
  type QualificationVerdict,
} from "./schema";
import { clock } from "../../lib/clock";

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Settings

export interface CallSettings {
  timeZone: string;
  retentionDays: number;
}

/** The company's settings row, prepared once per database: read by every period of calls, usage and stats. */
const settingsRow = preparedStatement((db) =>
  db
    .select()
    .from(callSettings)
    .where(ofCompany(callSettings, sql.placeholder("companyId")))
    .prepare(),
);

/** The company's time zone (its own, or its region's) and retention (365 days unless set). */
export async function callSettingsOf(db: Database, companyId: string, region: string): Promise<CallSettings> {
  const row = await selectRow(db, settingsRow(db), { companyId });
  return {
    timeZone: row?.timeZone ?? regionTimeZone(region),
    retentionDays: row?.retentionDays ?? DEFAULT_RETENTION_DAYS,
  };
}

/**
 * The time zone of each company (its settings', else its region's), for readers of many companies
 * at once (an agency's stats): one query per chunk of IN_LIST_MAX ids.
 */
export async function timeZonesOf(
  db: Database,
  companyRegions: readonly { id: string; region: string }[],
): Promise<Map<string, string>> {
  const zones = new Map(companyRegions.map((company) => [company.id, regionTimeZone(company.region)]));
  for (const chunk of inChunks(companyRegions, IN_LIST_MAX)) {
    const rows = await selectRows(db, settingsZonesOf(db, chunk.length), idValues(chunk.map((company) => company.id)));
    for (const row of rows) if (row.timeZone !== null) zones.set(row.companyId, row.timeZone);
  }
  return zones;
}
const settingsZonesOf = preparedPerCount((db, ids) =>
  db
    .select({ companyId: callSettings.companyId, timeZone: callSettings.timeZone })
    .from(callSettings)
    .where(inArray(callSettings.companyId, idPlaceholders(ids)))
    .prepare(),
);

/**
 * The zone the company's days are read in (its call settings', else its region's), from its id
 * alone: for writers without the caller at hand (the wallet dates usage records by it). Two reads
 * at once, as the company (control plane) and its settings (its store) may be in two databases.
 */
export async function companyTimeZone(db: Database, companyId: string): Promise<string> {
  const [settings, company] = await Promise.all([
    db.select({ timeZone: callSettings.timeZone }).from(callSettings).where(ofCompany(callSettings, companyId)).get(),
    db.select({ region: companies.defaultRegion }).from(companies).where(eq(companies.id, companyId)).get(),
  ]);
  return settings?.timeZone ?? regionTimeZone(company?.region ?? "");
}

/** Calls that started before this instant are archived (read-only). */
export const archiveCutoff = (settings: CallSettings, now = clock.now()) =>
  new Date(now - settings.retentionDays * DAY_MS).toISOString();

// ---------------------------------------------------------------------------------------------
// Label catalogue

const labelKeys: ListKeys = { company: callLabels.companyId, at: callLabels.createdAt, id: callLabels.id };

/** A catalogue label as the API and the panel answer it. */
export const toCallLabel = (
  row: Pick<typeof callLabels.$inferSelect, "id" | "key" | "name" | "description" | "color" | "createdAt">,
) => ({
  id: row.id,
  key: row.key,
  name: row.name,
  description: row.description,
  color: row.color,
  created_at: row.createdAt,
});

/** The label catalogue, newest first; backed by call_labels_company_created_idx. */
export function listCallLabels(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, labelPage(db), companyId, page, toCallLabel);
}

/** The label catalogue's page, prepared once per database. */
const labelPage = preparedStatement((db) =>
  offsetPageQuery(db.select().from(callLabels).$dynamic(), labelKeys).prepare(),
);

/** Adds a label to the catalogue; a key the catalogue holds fails call_labels_company_key_idx. */
export const labelInsert = (db: Database, row: typeof callLabels.$inferInsert) =>
  db.insert(callLabels).values(row).returning().get();

/** Removes a label from the catalogue and answers it (undefined: no such key). Calls that carry it keep its key. */
export const labelDelete = (db: Database, companyId: string, key: string) =>
  db
    .delete(callLabels)
    .where(ofCompany(callLabels, companyId, eq(callLabels.key, key)))
    .returning()
    .get();

export async function findLabel(db: Database, companyId: string, key: string) {
  return db
    .select()
    .from(callLabels)
    .where(ofCompany(callLabels, companyId, eq(callLabels.key, key)))
    .get();
}

// ---------------------------------------------------------------------------------------------
// Calls

/** Labels of the outer call as a JSON array of { key, name }, by key. */
const labelsJson = sql<string>`(SELECT json_group_array(json_object('key', k, 'name', n)) FROM (
  SELECT l.label_key AS k, coalesce(c.name, l.label_key) AS n FROM ${callLabelLinks} l
  LEFT JOIN ${callLabels} c ON c.company_id = l.company_id AND c.key = l.label_key
  WHERE l.company_id = "calls"."company_id" AND l.call_id = "calls"."id" ORDER BY l.label_key))`;

/** Assigned members of the outer call as a JSON array of { member_id, assigned_at }. */
const membersJson = sql<string>`(SELECT json_group_array(json_object('member_id', m, 'assigned_at', a)) FROM (
  SELECT member_id AS m, assigned_at AS a FROM ${callAssignments}
  WHERE company_id = "calls"."company_id" AND call_id = "calls"."id" ORDER BY assigned_at, member_id))`;

const callColumns = {
  id: calls.id,
  direction: calls.direction,
  fromNumber: calls.fromNumber,
  toNumber: calls.toNumber,
  agentId: calls.agentId,
  status: calls.status,
  result: calls.result,
  startedAt: calls.startedAt,
  endedAt: calls.endedAt,
  durationSeconds: calls.durationSeconds,
  costMinor: calls.costMinor,
  currency: calls.currency,
  summary: calls.summary,
  membersVersion: calls.membersVersion,
  sequence: calls.sequence,
  labels: labelsJson,
  members: membersJson,
  verdict: callQualifications.verdict,
  score: callQualifications.score,
  reason: callQualifications.reason,
  qualifiedAt: callQualifications.qualifiedAt,
};

const callQuery = (db: Database) =>
  db
    .select(callColumns)
    .from(calls)
    .leftJoin(
      callQualifications,
      and(eq(callQualifications.companyId, calls.companyId), eq(callQualifications.callId, calls.id)),
    )
    .$dynamic();

export type CallRecord = Awaited<ReturnType<typeof callQuery>>[number];

/** The API's view of a call; `cutoff`: calls that started before it are archived. */
export function toCall(row: CallRecord, cutoff: string): CallView {
  return {
    id: row.id,
    direction: row.direction,
    from: row.fromNumber,
    to: row.toNumber,
    agent_id: row.agentId,
    status: row.status,
    result: row.result,
    started_at: row.startedAt,
    ended_at: row.endedAt,
    // Talk time and cost are known once the call has ended (its result written).
    duration_seconds: row.result === null ? null : row.durationSeconds,
    cost: row.result === null ? null : toMajor(row.costMinor, currencyExponent(row.currency) ?? 2),
    currency: row.currency,
    labels: JSON.parse(row.labels) as CallView["labels"],
    members: JSON.parse(row.members) as CallView["members"],
    qualification:
      row.verdict === null || row.score === null || row.qualifiedAt === null
        ? null
        : { verdict: row.verdict, score: row.score, reason: row.reason, qualified_at: row.qualifiedAt },
    summary: row.summary,
    archived: row.startedAt < cutoff,
    sequence: row.sequence,
  };
}

const callKeys: ListKeys = { company: calls.companyId, at: calls.startedAt, id: calls.id };

/**
 * The page query prepared once per database for each kind of range (open, from an instant, until
 * one, both), read as raw rows: GET /calls built its SQL and decoded its rows on every request.
 */
const callPageStatements = [false, true].flatMap((from) =>
  [false, true].map((until) =>
    preparedStatement((db) =>
      companyRows(
        callQuery(db),
        callKeys,
        sql.placeholder("companyId"),
        and(
          from ? gte(calls.startedAt, sql.placeholder("from")) : undefined,
          until ? lt(calls.startedAt, sql.placeholder("until")) : undefined,
        ),
      )
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(),
    ),
  ),
);

/** A page row as drizzle would map it (every column is text, an integer or null: nothing to decode). */
const toCallRecord = (column: <K extends keyof CallRecord>(key: K) => CallRecord[K]): CallRecord => ({
  id: column("id"),
  direction: column("direction"),
  fromNumber: column("fromNumber"),
  toNumber: column("toNumber"),
  agentId: column("agentId"),
  status: column("status"),
  result: column("result"),
  startedAt: column("startedAt"),
  endedAt: column("endedAt"),
  durationSeconds: column("durationSeconds"),
  costMinor: column("costMinor"),
  currency: column("currency"),
  summary: column("summary"),
  membersVersion: column("membersVersion"),
  sequence: column("sequence"),
  labels: column("labels"),
  members: column("members"),
  verdict: column("verdict"),
  score: column("score"),
  reason: column("reason"),
  qualifiedAt: column("qualifiedAt"),
});

/** One page of the company's calls that started within `range`, newest first; walks calls_company_started_idx. */
export async function listCalls(db: Database, companyId: string, range: InstantRange, page: OffsetPage) {
  const statement = callPageStatements[Number(range.from !== undefined) * 2 + Number(range.until !== undefined)]!(db);
  const values = { companyId, from: range.from, until: range.until, limit: page.limit, offset: page.offset };
  const data = await readRows<CallRecord, CallRecord>(db, statement, callColumns, values, toCallRecord);
  return { data, limit: page.limit, offset: page.offset };
}

export function findCall(db: Database, companyId: string, callId: string): Promise<CallRecord | undefined> {
  return selectRow(db, callOf(db), { companyId, id: callId });
}

/** One call of the company, prepared once per database. */
const callOf = preparedStatement((db) =>
  callQuery(db)
    .where(rowOf(calls, sql.placeholder("companyId"), sql.placeholder("id")))
    .prepare(),
);

/** A call with a cost: what the demo seed charges to the wallet for it. */
export interface CostedCall {
  id: string;
  startedAt: string;
  endedAt: string | null;
  localDate: string;
  durationSeconds: number;
  costMinor: number;
  toNumber: string;
}

/** Every ended call of the company with a cost, oldest first (the demo seed charges each to the wallet). */
export function costedCalls(db: Database, companyId: string): Promise<CostedCall[]> {
  return db
    .select({
      id: calls.id,
      startedAt: calls.startedAt,
      endedAt: calls.endedAt,
      localDate: calls.localDate,
      durationSeconds: calls.durationSeconds,
      costMinor: calls.costMinor,
      toNumber: calls.toNumber,
    })
    .from(calls)
    .where(ofCompany(calls, companyId, sql`${calls.costMinor} > 0`))
    .orderBy(calls.startedAt, calls.id);
}

export interface PeriodTotals {
  count: number;
  durationSeconds: number;
  costMinor: number;
  byResult: Record<CallResult, number>;
}

const periodTotalsColumns = {
  result: callDailyTotals.result,
  calls: sql<number>`sum(${callDailyTotals.calls})`,
  duration: sql<number>`sum(${callDailyTotals.durationSeconds})`,
  cost: sql<number>`sum(${callDailyTotals.costMinor})`,
};
type PeriodTotalsRow = { result: CallResult; calls: number; duration: number; cost: number };

/**
 * The period totals' query prepared once per database for each kind of period (open, from a date,
 * until a date, both), read as raw rows: GET /calls built it and decoded its rows on every request.
 */
const periodTotalsStatements = [false, true].flatMap((from) =>
  [false, true].map((until) =>
    preparedStatement((db) =>
      db
        .select(periodTotalsColumns)
        .from(callDailyTotals)
        .where(
          ofCompany(
            callDailyTotals,
            sql.placeholder("companyId"),
            from ? gte(callDailyTotals.localDate, sql.placeholder("startDate")) : undefined,
            until ? lte(callDailyTotals.localDate, sql.placeholder("endDate")) : undefined,
          ),
        )
        .groupBy(callDailyTotals.result)
        .prepare(),
    ),
  ),
);

/**
 * Totals of every call of the company whose local date is within the period: one aggregate over
 * call_daily_totals (kept equal to the calls table by its triggers), which reads at most one row
 * per day, direction and result, so it costs the same at 1,000 or 100,000 calls.
 */
export async function periodTotals(db: Database, companyId: string, period: DatePeriod): Promise<PeriodTotals> {
  const statement =
    periodTotalsStatements[Number(period.startDate !== null) * 2 + Number(period.endDate !== null)]!(db);
  const rows = await readRows<PeriodTotalsRow, PeriodTotalsRow>(
    db,
    statement,
    periodTotalsColumns,
    { companyId, startDate: period.startDate, endDate: period.endDate },
    (column) => ({
      result: column("result"),
      calls: column("calls"),
      duration: column("duration"),
      cost: column("cost"),
    }),
  );
  const byResult = Object.fromEntries(callResults.map((result) => [result, 0])) as Record<CallResult, number>;
  const totals: PeriodTotals = { count: 0, durationSeconds: 0, costMinor: 0, byResult };
  for (const row of rows) {
    byResult[row.result] = row.calls;
    totals.count += row.calls;
    totals.durationSeconds += row.duration;
    totals.costMinor += row.cost;
  }
  return totals;
}

// ---------------------------------------------------------------------------------------------
// Writes: statements for one write's batch

const link = (companyId: string, callId: string, key: string) =>
  ofCompany(callLabelLinks, companyId, eq(callLabelLinks.callId, callId), eq(callLabelLinks.labelKey, key));

/** Adds a label: only if the call did not carry it when the batch runs (else the request re-reads). */
export function labelAddition(
  db: Database,
  companyId: string,
  callId: string,
  key: string,
  at: string,
): WriteStatement[] {
  return [
    precondition(db, sql`NOT EXISTS (SELECT 1 FROM ${callLabelLinks} WHERE ${link(companyId, callId, key)})`, () =>
      changedMeanwhile("call's labels"),
    ),
    db.insert(callLabelLinks).values({ companyId, callId, labelKey: key, labeledAt: at }).onConflictDoNothing(),
  ];
}

export const labelNotCarried = (key: string) => new ApiError("not_found", `The call does not carry the label ${key}.`);

/** Removes a label the call carries when the batch runs (else 404: a concurrent removal got there first). */
export function labelRemoval(db: Database, companyId: string, callId: string, key: string): WriteStatement[] {
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${callLabelLinks} WHERE ${link(companyId, callId, key)})`, () =>
      labelNotCarried(key),
    ),
    db.delete(callLabelLinks).where(link(companyId, callId, key)),
  ];
}

const sameMembersVersion = (db: Database, companyId: string, callId: string, version: number) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${calls} WHERE ${rowOf(calls, companyId, callId, eq(calls.membersVersion, version))})`,
    () => changedMeanwhile("call's assigned members"),
  );

const ofCall = (companyId: string, callId: string) =>
  ofCompany(callAssignments, companyId, eq(callAssignments.callId, callId));

const bumpMembersVersion = (db: Database, companyId: string, callId: string, version: number) =>
  db
    .update(calls)
    .set({ membersVersion: version + 1 })
    .where(rowOf(calls, companyId, callId));

export const inactiveMembers = (ids: readonly string[]) =>
  new ApiError(
    "conflict",
    `Team member${ids.length > 1 ? "s" : ""} ${ids.join(", ")} ${ids.length > 1 ? "are" : "is"} not active; only active members can be assigned.`,
    {
      inactive_member_ids: ids,
    },
  );

/**
 * Replaces the call's members in one batch: the members are still active, and the assignment is
 * still the one read (its version), when the batch runs; otherwise nothing is written.
 */
export function membersReplacement(
  db: Database,
  companyId: string,
  callId: string,
  version: number,
  memberIds: readonly string[],
  at: string,
): WriteStatement[] {
  return [
    precondition(db, allMembersActive(companyId, memberIds), () => inactiveMembers(memberIds)),
    sameMembersVersion(db, companyId, callId, version),
    db.delete(callAssignments).where(ofCall(companyId, callId)),
    ...chunkedInserts(
      db,
      callAssignments,
      memberIds.map((memberId) => ({ companyId, callId, memberId, assignedAt: at })),
    ),
    bumpMembersVersion(db, companyId, callId, version),
  ];
}

/** Removes every member of the call, if the assignment is still the one read. */
export function membersRemoval(db: Database, companyId: string, callId: string, version: number): WriteStatement[] {
  return [
    sameMembersVersion(db, companyId, callId, version),
    db.delete(callAssignments).where(ofCall(companyId, callId)),
    bumpMembersVersion(db, companyId, callId, version),
  ];
}

// ---------------------------------------------------------------------------------------------
// Qualifications

const qualificationKeys: ListKeys = {
  company: callQualifications.companyId,
  at: callQualifications.qualifiedAt,
  id: callQualifications.id,
};

/** Verdicts newest first; backed by call_qualifications_company_qualified_idx (or its verdict variant). */
export function listQualifications(
  db: Database,
  companyId: string,
  filter: { range: InstantRange; verdict?: QualificationVerdict },
  page: OffsetPage,
) {
  const { verdict } = filter;
  const { from, until } = filter.range;
  const statement = qualificationPage(db, {
    verdict: verdict !== undefined,
    from: from !== undefined,
    until: until !== undefined,
  });
  return preparedOffsetList(
    db,
    statement,
    companyId,
    page,
    (row) => ({
      id: row.id,
      call_id: row.callId,
      verdict: row.verdict,
      score: row.score,
      reason: row.reason,
      qualified_at: row.qualifiedAt,
    }),
    { verdict, from, until },
  );
}

/** The verdicts' page query of each set of filters, prepared once per database. */
const qualificationPage = preparedVariants((db, filters: { verdict: boolean; from: boolean; until: boolean }) => {
  const q = callQualifications;
  return offsetPageQuery(
    db.select().from(q).$dynamic(),
    qualificationKeys,
    and(
      filters.verdict ? eq(q.verdict, sql.placeholder("verdict")) : undefined,
      filters.from ? gte(q.qualifiedAt, sql.placeholder("from")) : undefined,
      filters.until ? lt(q.qualifiedAt, sql.placeholder("until")) : undefined,
    ),
  ).prepare();
});

// ---------------------------------------------------------------------------------------------
// The panel (admin CLI): settings, local dates, bulk calls

/** The company's region and currency (core table companies), or undefined for an unknown id. */
export async function companyDefaults(db: Database, companyId: string) {
  return db
    .select({ region: companies.defaultRegion, currency: companies.defaultCurrency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
}

export function callSettingsUpsert(
  db: Database,
  companyId: string,
  settings: { timeZone: string | null; retentionDays: number },
  at: string,
) {
  const row = { companyId, ...settings, updatedAt: at };
  return db.insert(callSettings).values(row).onConflictDoUpdate({ target: callSettings.companyId, set: row });
}

/** The first and last start of the company's calls, or undefined without calls. */
export async function callSpan(db: Database, companyId: string): Promise<{ first: string; last: string } | undefined> {
  const row = await db
    .select({ first: sql<string | null>`min(${calls.startedAt})`, last: sql<string | null>`max(${calls.startedAt})` })
    .from(calls)
    .where(ofCompany(calls, companyId))
    .get();
  return row?.first && row.last ? { first: row.first, last: row.last } : undefined;
}

/** Sets the local date of the company's calls that started within [from, until) (the day's instants in the new zone); the triggers move their totals. */
export const localDateRewrite = (db: Database, companyId: string, date: string, range: Required<InstantRange>) =>
  db
    .update(calls)
    .set({ localDate: date })
    .where(
      ofCompany(
        calls,
        companyId,
        gte(calls.startedAt, range.from),
        lt(calls.startedAt, range.until),
        sql`${calls.localDate} <> ${date}`,
      ),
    );

/**
 * `count` synthetic calls on one local day, spread evenly over its instants [from, until), in one
 * INSERT ... SELECT (the benchmark's 100,000 calls take seconds): results, directions, durations
 * and costs cycle so that every result occurs.
 */
export const bulkCallsOfDay = (
  db: Database,
  companyId: string,
  date: string,
  range: Required<InstantRange>,
  count: number,
  currency: string,
  seq: number,
) => {
  const seconds = (Date.parse(range.until) - Date.parse(range.from)) / 1000;
  return db.run(sql`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
    INSERT INTO ${calls} (id, company_id, direction, from_number, to_number, agent_id, result, started_at, ended_at, local_date,
      duration_seconds, cost_minor, currency, summary, members_version)
    SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' ||
             substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
           ${companyId},
           CASE (i + ${seq}) % 5 WHEN 0 THEN 'inbound' ELSE 'outbound' END,
           '+3491' || printf('%07d', (i + ${seq}) % 10000000), '+346' || printf('%08d', (i * 7919 + ${seq}) % 100000000), NULL,
           CASE (i + ${seq}) % 10 WHEN 0 THEN 'no_answer' WHEN 1 THEN 'busy' WHEN 2 THEN 'voicemail' WHEN 3 THEN 'failed' WHEN 4 THEN 'cancelled' ELSE 'answered' END,
           strftime('%Y-%m-%dT%H:%M:%fZ', ${range.from}, '+' || (i * ${seconds} / ${count}) || ' seconds'),
           strftime('%Y-%m-%dT%H:%M:%fZ', ${range.from}, '+' || (i * ${seconds} / ${count} + 30 + (i % 200)) || ' seconds'),
           ${date},
           CASE WHEN (i + ${seq}) % 10 >= 5 THEN 30 + (i % 200) WHEN (i + ${seq}) % 10 = 2 THEN 20 ELSE 0 END,
           CASE WHEN (i + ${seq}) % 10 >= 5 THEN 12 * ((30 + (i % 200) + 59) / 60) WHEN (i + ${seq}) % 10 = 2 THEN 12 ELSE 0 END,
           ${currency}, NULL, 0
    FROM n`);
};

// ---------------------------------------------------------------------------------------------
// The voice service's report (operator API)

/** The call a voice report recorded, by the voice service's id of it; backed by calls_company_external_idx. */
export async function findReportedCall(
  db: Database,
  companyId: string,
  externalId: string,
): Promise<CallRecord | undefined> {
  return callQuery(db)
    .where(ofCompany(calls, companyId, eq(calls.externalId, externalId)))
    .get();
}

const agentExists = (companyId: string, agentId: string) =>
  sql`EXISTS (SELECT 1 FROM ${agents} WHERE ${rowOf(agents, companyId, agentId)})`;

export const unknownAgent = (agentId: string) => new ApiError("not_found", `The company has no agent ${agentId}.`);
export const unknownNumber = (e164: string) => new ApiError("not_found", `The company has no phone number ${e164}.`);

/**
 * The company's phone numbers, as the telephony domain holds them: handed to the calls domain where
 * the domains are listed (src/domains/loaders.ts), so that calls does not import telephony (which
 * imports SIP trunks, which import billing, which reads calls).
 */
export interface CompanyNumbers {
  /** The company holds the number, as SQL for a batch precondition. */
  held(companyId: string, e164: string): SQL;
  has(db: Database, companyId: string, e164: string): Promise<boolean>;
}

/** Whether the agent and the number are the company's (an id of another company is as unknown as one of none). */
export async function agentAndNumberKnown(
  db: Database,
  numbers: CompanyNumbers,
  companyId: string,
  agentId: string,
  e164: string,
): Promise<{ agent: boolean; number: boolean }> {
  const [agent, number] = await Promise.all([
    db
      .select({ id: agents.id })
      .from(agents)
      .where(rowOf(agents, companyId, agentId))
      .get(),
    numbers.has(db, companyId, e164),
  ]);
  return { agent: agent !== undefined, number };
}

/** The catalogue's labels among `keys`, with their names. */
export async function labelsByKeys(db: Database, companyId: string, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ key: callLabels.key, name: callLabels.name })
    .from(callLabels)
    .where(ofCompany(callLabels, companyId, inArray(callLabels.key, [...keys])))
    .all();
}

export type QualificationRow = typeof callQualifications.$inferInsert;

/**
 * A reported call with its labels and verdict, written only if its agent, its number and its
 * labels are still the company's when the batch runs. A second report with the same external id
 * fails the batch on calls_company_external_idx: nothing of it is written.
 */
export function reportedCallStatements(
  db: Database,
  numbers: CompanyNumbers,
  row: CallRow & { agentId: string },
  companyNumber: string,
  labelKeys: readonly string[],
  qualification: QualificationRow | undefined,
): WriteStatement[] {
  const { companyId } = row;
  const labelsHeld = sql`(SELECT count(*) FROM ${callLabels} WHERE ${ofCompany(callLabels, companyId, inArray(callLabels.key, [...labelKeys]))}) = ${labelKeys.length}`;
  return [
    precondition(db, agentExists(companyId, row.agentId), () => unknownAgent(row.agentId)),
    precondition(db, numbers.held(companyId, companyNumber), () => unknownNumber(companyNumber)),
    ...(labelKeys.length > 0
      ? [
          precondition(db, labelsHeld, () =>
            invalidField("body.labels", "A label was removed from the company's catalogue meanwhile."),
          ),
        ]
      : []),
    db.insert(calls).values(row),
    ...chunkedInserts(
      db,
      callLabelLinks,
      labelKeys.map((labelKey) => ({ companyId, callId: row.id, labelKey, labeledAt: row.endedAt ?? row.startedAt })),
    ),
    ...(qualification ? [db.insert(callQualifications).values(qualification)] : []),
  ];
}

/** The booking (or its refusal) reported with a call; undefined when the report carried none. */
export async function callBookingOf(db: Database, companyId: string, callId: string) {
  return db
    .select()
    .from(callBookings)
    .where(ofCompany(callBookings, companyId, eq(callBookings.callId, callId)))
    .get();
}

/** Records what became of the booking reported with a call, in the call's batch. */
export const callBookingInsert = (db: Database, row: typeof callBookings.$inferInsert) =>
  db.insert(callBookings).values(row);
