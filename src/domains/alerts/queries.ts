import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { offsetList, type ListKeys } from "../../core/db/lists";
import { changedMeanwhile, precondition } from "../../core/db/precondition";
import { companies } from "../../core/db/schema";
import type { OffsetPage } from "../../core/pagination";
import { alerts, type AlertRow } from "./schema";

/** Newest first; backed by alerts_company_created_idx. */
const alertKeys: ListKeys = { company: alerts.companyId, at: alerts.createdAt, id: alerts.id };

/** One page of the company's alerts as stored (their state is computed by state.ts). */
export function listAlertRows(db: Database, companyId: string, page: OffsetPage) {
  return offsetList(db.select().from(alerts).$dynamic(), alertKeys, companyId, page);
}

export async function findAlert(db: Database, companyId: string, id: string): Promise<AlertRow | undefined> {
  return db.select().from(alerts).where(and(eq(alerts.companyId, companyId), eq(alerts.id, id))).get();
}

/** The configuration an update writes. */
export type AlertChanges = Pick<AlertRow, "thresholdMinor" | "period" | "enabled" | "silencedUntil" | "dismissedAt" | "updatedAt">;

/**
 * A compare-and-set update of an alert read at `current.version`: a precondition that nobody
 * changed it since (else the batch aborts with a conflict), then the UPDATE bumping the version.
 */
export function updateAlertStatements(db: Database, current: AlertRow, changes: AlertChanges) {
  const same = and(eq(alerts.companyId, current.companyId), eq(alerts.id, current.id), eq(alerts.version, current.version));
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${alerts} WHERE ${same})`, () => changedMeanwhile("alert")),
    db
      .update(alerts)
      .set({ ...changes, version: current.version + 1 })
      .where(and(eq(alerts.companyId, current.companyId), eq(alerts.id, current.id))),
  ];
}

export function insertAlerts(db: Database, rows: readonly AlertRow[]) {
  return db.insert(alerts).values([...rows]);
}

/** The company's default currency (null when it has none), or undefined when there is no such company. */
export async function companyCurrency(db: Database, companyId: string): Promise<{ currency: string | null } | undefined> {
  return db.select({ currency: companies.defaultCurrency }).from(companies).where(eq(companies.id, companyId)).get();
}
