import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { retryOnConflict } from "../../data/precondition";
import { nowIso } from "../../data/schema";
import { ApiError, invalidField, notFound } from "../../lib/errors";
import { currencyExponent, toMajor } from "../../lib/money";
import { membersByIds } from "../team";
import { callAssigned, callLabeled, callUnassigned, callUnlabeled } from "./events";
import type { CallView, ListCallsQuery, ListQualificationsQuery } from "./model";
import { datePeriod, instantRange } from "../../lib/period";
import {
  archiveCutoff,
  callSettingsOf,
  findCall,
  findLabel,
  inactiveMembers,
  labelAddition,
  labelNotCarried,
  labelRemoval,
  listCalls,
  listQualifications,
  membersRemoval,
  membersReplacement,
  periodTotals,
  toCall,
  type CallRecord,
  type CallSettings,
} from "./queries";

/**
 * What the calls operations do, between their declarations (routes.ts) and their SQL (queries.ts):
 * reads, the archive rule, and each write's batch with its audit entry and event.
 */

const audit = (callId: string) => ({ resourceType: "call", resourceId: callId });

interface ReadCall {
  row: CallRecord;
  view: CallView;
  settings: CallSettings;
}

async function readCall({ db, caller }: Uses<"db" | "caller">, callId: string): Promise<ReadCall> {
  const [settings, row] = await Promise.all([
    callSettingsOf(db, caller.company.id, caller.company.defaultRegion),
    findCall(db, caller.company.id, callId),
  ]);
  if (!row) throw notFound("call");
  return { row, view: toCall(row, archiveCutoff(settings)), settings };
}

/**
 * A call that may still change. An archived call (older than the retention) refuses every write:
 * 410 gone where the operation declares 410 (PUT member), else 409 conflict, which every write
 * declares; the catalogue's codes are the contract, so no operation answers a status it does not list.
 */
async function writableCall(
  { db, caller }: Uses<"db" | "caller">,
  callId: string,
  archivedAs: "gone" | "conflict" = "conflict",
): Promise<ReadCall> {
  const read = await readCall({ db, caller }, callId);
  if (read.view.archived) {
    throw new ApiError(
      archivedAs,
      `The call started at ${read.view.started_at}, more than the company's retention of ${read.settings.retentionDays} days ago: it is archived and can no longer change.`,
      { archived: true },
    );
  }
  return read;
}

export async function viewCall({ db, caller }: Uses<"db" | "caller">, callId: string): Promise<CallView> {
  return (await readCall({ db, caller }, callId)).view;
}

/** A page of calls of the period and the totals of the whole period (GET /calls). */
export async function callPage({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof ListCallsQuery>) {
  const { company } = caller;
  const period = datePeriod(query);
  const settingsRead = callSettingsOf(db, company.id, company.defaultRegion);
  // Dates are read in the company's time zone; an open period needs none, so its reads start together.
  const bounded = period.startDate !== null || period.endDate !== null;
  const range = bounded ? instantRange(period, (await settingsRead).timeZone) : {};
  const [settings, page, totals] = await Promise.all([
    settingsRead,
    listCalls(db, company.id, range, query),
    periodTotals(db, company.id, period),
  ]);
  const cutoff = archiveCutoff(settings);
  // A company's calls are charged in its billing currency.
  const currency = company.defaultCurrency ?? "EUR";
  return {
    data: page.data.map((row) => toCall(row, cutoff)),
    limit: page.limit,
    offset: page.offset,
    aggregates: {
      start_date: period.startDate,
      end_date: period.endDate,
      time_zone: settings.timeZone,
      count: totals.count,
      total_duration_seconds: totals.durationSeconds,
      total_cost: toMajor(totals.costMinor, currencyExponent(currency) ?? 2),
      currency,
      by_result: totals.byResult,
    },
  };
}

/** Verdicts of the period (GET /qualifications). */
export async function qualificationPage(
  { db, caller }: Uses<"db" | "caller">,
  query: z.output<typeof ListQualificationsQuery>,
) {
  const period = datePeriod(query);
  const bounded = period.startDate !== null || period.endDate !== null;
  const range = bounded
    ? instantRange(period, (await callSettingsOf(db, caller.company.id, caller.company.defaultRegion)).timeZone)
    : {};
  return listQualifications(db, caller.company.id, { range, verdict: query.verdict }, query);
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Adds a label of the catalogue. A label the call already carries changes nothing (added: false,
 * no audit entry, no event); two concurrent adds of the same label store it once and report one add.
 */
export async function addLabel(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { callId, key }: { callId: string; key: string },
): Promise<{ added: boolean; call: CallView }> {
  const companyId = caller.company.id;
  return retryOnConflict(async () => {
    const [{ view }, label] = await Promise.all([writableCall({ db, caller }, callId), findLabel(db, companyId, key)]);
    if (!label)
      throw invalidField(
        "body.label_key",
        `The company's label catalogue has no label ${key} (GET /call-labels lists it).`,
      );
    if (view.labels.some((carried) => carried.key === key)) return { added: false, call: view };
    const at = nowIso();
    await commit(labelAddition(db, companyId, callId, key, at), audit(callId), [
      callLabeled.of({ call_id: callId, label_key: key, labeled_at: at }),
    ]);
    return { added: true, call: { ...view, labels: [...view.labels, { key, name: label.name }].sort(byKey) } };
  });
}

/** Removes a label the call carries; one it does not carry is 404. */
export async function removeLabel(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { callId, key }: { callId: string; key: string },
): Promise<CallView> {
  const { view } = await writableCall({ db, caller }, callId);
  if (!view.labels.some((carried) => carried.key === key)) throw labelNotCarried(key);
  const at = nowIso();
  await commit(labelRemoval(db, caller.company.id, callId, key), audit(callId), [
    callUnlabeled.of({ call_id: callId, label_key: key, unlabeled_at: at }),
  ]);
  return { ...view, labels: view.labels.filter((carried) => carried.key !== key) };
}

/**
 * Replaces the call's members. Each must be a member of the company's team (else 400) and active
 * (else 409). The batch checks both the members and the assignment it replaces; when another
 * write changed the assignment meanwhile, this one is applied again over it.
 */
export async function assignMembers(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { callId, memberIds }: { callId: string; memberIds: readonly string[] },
): Promise<CallView> {
  const companyId = caller.company.id;
  return retryOnConflict(async () => {
    const [{ row, view }, members] = await Promise.all([
      writableCall({ db, caller }, callId, "gone"),
      membersByIds(db, companyId, memberIds),
    ]);
    const status = new Map(members.map((member) => [member.id, member.status]));
    const unknown = memberIds.findIndex((id) => !status.has(id));
    if (unknown >= 0)
      throw invalidField(
        `body.member_ids.${unknown}`,
        `No team member of this company has the id ${memberIds[unknown]} (GET /members lists them).`,
      );
    const inactive = memberIds.filter((id) => status.get(id) !== "active");
    if (inactive.length > 0) throw inactiveMembers(inactive);
    const at = nowIso();
    await commit(membersReplacement(db, companyId, callId, row.membersVersion, memberIds, at), audit(callId), [
      callAssigned.of({
        call_id: callId,
        member_ids: [...memberIds],
        previous_member_ids: view.members.map((member) => member.member_id),
        assigned_at: at,
      }),
    ]);
    const assigned = [...memberIds].sort().map((memberId) => ({ member_id: memberId, assigned_at: at }));
    return { ...view, members: assigned };
  });
}

/** Removes every member of the call; with none assigned it answers the call and writes nothing. */
export async function unassignMembers(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  callId: string,
): Promise<CallView> {
  return retryOnConflict(async () => {
    const { row, view } = await writableCall({ db, caller }, callId);
    if (view.members.length === 0) return view;
    await commit(membersRemoval(db, caller.company.id, callId, row.membersVersion), audit(callId), [
      callUnassigned.of({
        call_id: callId,
        member_ids: view.members.map((member) => member.member_id),
        unassigned_at: nowIso(),
      }),
    ]);
    return { ...view, members: [] };
  });
}
