import { eq } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { companyRow } from "../../core/db/rows";
import { offsetList, type ListKeys } from "../../core/db/lists";
import { companies } from "../../core/db/schema";
import type { OffsetPage } from "../../core/pagination";
import { versionedUpdate } from "../../core/db/versioned";
import { alerts, type AlertRow } from "./schema";

/** Newest first; backed by alerts_company_created_idx. */
const alertKeys: ListKeys = { company: alerts.companyId, at: alerts.createdAt, id: alerts.id };

/** One page of the company's alerts as stored (their state is computed by state.ts). */
export function listAlertRows(db: Database, companyId: string, page: OffsetPage) {
  return offsetList(db.select().from(alerts).$dynamic(), alertKeys, companyId, page);
}

export async function findAlert(db: Database, companyId: string, id: string): Promise<AlertRow | undefined> {
  return companyRow(db, alerts, companyId, id);
}

/** The configuration an update writes. */
export type AlertChanges = Pick<AlertRow, "thresholdMinor" | "period" | "enabled" | "silencedUntil" | "dismissedAt" | "updatedAt">;

/**
 * A compare-and-set update of an alert read at `current.version`: a precondition that nobody
 * changed it since (else the batch aborts with a conflict), then the UPDATE bumping the version.
 */
export const updateAlertStatements = (db: Database, current: AlertRow, changes: AlertChanges) => versionedUpdate(db, alerts, current, changes, "alert");

export function insertAlerts(db: Database, rows: readonly AlertRow[]) {
  return db.insert(alerts).values([...rows]);
}

/** The company's default currency (null when it has none), or undefined when there is no such company. */
export async function companyCurrency(db: Database, companyId: string): Promise<{ currency: string | null } | undefined> {
  return db.select({ currency: companies.defaultCurrency }).from(companies).where(eq(companies.id, companyId)).get();
}
