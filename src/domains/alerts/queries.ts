import { and, asc, eq, lte, sql } from "drizzle-orm";
import { preparedStatement, type Database } from "../../data/client";
import { companyRow } from "../../data/rows";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { companies } from "../../data/schema";
import type { OffsetPage } from "../../lib/pagination";
import { versionedUpdate } from "../../data/versioned";
import { changedMeanwhile, precondition } from "../../data/precondition";
import type { WriteStatement } from "../../data/write-batch";
import { alerts, type AlertNotification, type AlertRow } from "./schema";

/** Newest first; backed by alerts_company_created_idx. */
const alertKeys: ListKeys = { company: alerts.companyId, at: alerts.createdAt, id: alerts.id };

/** One page of the company's alerts as stored (their state is computed by state.ts). */
export function listAlertRows(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, alertPage(db), companyId, page, (row) => row);
}
const alertPage = preparedStatement((db) => offsetPageQuery(db.select().from(alerts).$dynamic(), alertKeys).prepare());

export async function findAlert(db: Database, companyId: string, id: string): Promise<AlertRow | undefined> {
  return companyRow(db, alerts, companyId, id);
}

/** The configuration an update writes. */
export type AlertChanges = Pick<
  AlertRow,
  "thresholdMinor" | "period" | "enabled" | "silencedUntil" | "dismissedAt" | "updatedAt"
>;

/**
 * A compare-and-set update of an alert read at `current.version`: a precondition that nobody
 * changed it since (else the batch aborts with a conflict), then the UPDATE bumping the version.
 */
export const updateAlertStatements = (db: Database, current: AlertRow, changes: AlertChanges) =>
  versionedUpdate(db, alerts, current, changes, "alert");

export function insertAlerts(db: Database, rows: readonly (typeof alerts.$inferInsert)[]) {
  return db.insert(alerts).values([...rows]);
}

/** The company's default currency (null when it has none), or undefined when there is no such company. */
export async function companyCurrency(
  db: Database,
  companyId: string,
): Promise<{ currency: string | null } | undefined> {
  return db.select({ currency: companies.defaultCurrency }).from(companies).where(eq(companies.id, companyId)).get();
}

// ---------------------------------------------------------------------------------------------
// Evaluation (the Cron Trigger's sweep and the alerts.evaluate job)

/** Alerts evaluated per company per run: far more than a company configures. */
const ALERTS_PER_EVALUATION = 500;

/** Every alert of the company, through alerts_company_created_idx. */
export function companyAlertRows(db: Database, companyId: string): Promise<AlertRow[]> {
  return db
    .select()
    .from(alerts)
    .where(eq(alerts.companyId, companyId))
    .orderBy(asc(alerts.createdAt), asc(alerts.id))
    .limit(ALERTS_PER_EVALUATION);
}

/** The companies with an alert due for evaluation at `now`, most overdue first, through alerts_next_check_idx. */
export async function companiesDueForCheck(db: Database, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ companyId: alerts.companyId })
    .from(alerts)
    .where(lte(alerts.nextCheckAt, now))
    .orderBy(asc(alerts.nextCheckAt))
    .limit(limit);
  return [...new Set(rows.map((row) => row.companyId))];
}

/**
 * Takes the company's due check: only while one of its alerts is still due (a tick that got there
 * first makes the batch fail), every alert of the company checked next at `next`.
 */
export function claimCheck(db: Database, companyId: string, now: string, next: string): WriteStatement[] {
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${alerts} WHERE ${and(eq(alerts.companyId, companyId), lte(alerts.nextCheckAt, now))})`,
      () => changedMeanwhile("alert check"),
    ),
    db.update(alerts).set({ nextCheckAt: next }).where(eq(alerts.companyId, companyId)),
  ];
}

/**
 * Flips the alert's notification state, compare-and-set on the state read: an evaluation that
 * flipped it first makes this batch fail, with the event it carries (so a crossing notifies once).
 */
export function notificationFlip(db: Database, row: AlertRow, to: AlertNotification): WriteStatement[] {
  const as = and(eq(alerts.id, row.id), eq(alerts.companyId, row.companyId), eq(alerts.notification, row.notification));
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${alerts} WHERE ${as})`, () => changedMeanwhile("alert")),
    db.update(alerts).set({ notification: to }).where(as),
  ];
}
