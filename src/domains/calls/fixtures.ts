import { chunkedInserts, runBatches } from "../../core/db/bulk";
import type { Database } from "../../core/db/client";
import { localDateOf } from "../../core/period";
import { callLabels, calls, callSettings, type CallRow } from "./schema";

/**
 * Rows for the calls tests (and the admin CLI's bulk calls): a call with defaults for what a test
 * does not care about; local_date is derived from started_at in `zone`, as every writer of calls must.
 */
export function callRow(companyId: string, zone: string, fields: Partial<CallRow> & { startedAt: string }): CallRow & { endedAt: string } {
  const durationSeconds = fields.durationSeconds ?? (fields.result === undefined || fields.result === "answered" ? 60 : 0);
  const endedAt = fields.endedAt ?? new Date(Date.parse(fields.startedAt) + durationSeconds * 1000).toISOString();
  return {
    id: crypto.randomUUID(),
    companyId,
    direction: "outbound",
    fromNumber: "+34910000000",
    toNumber: "+34612345678",
    agentId: null,
    status: "completed",
    result: "answered",
    durationSeconds,
    costMinor: 12,
    currency: "EUR",
    summary: null,
    membersVersion: 0,
    ...fields,
    endedAt,
    localDate: localDateOf(fields.startedAt, zone),
  };
}

export async function insertCalls(db: Database, rows: readonly CallRow[]): Promise<void> {
  await runBatches(db, chunkedInserts(db, calls, rows));
}

/** Labels of the company's catalogue, by key (name: the key capitalised). */
export async function insertLabels(db: Database, companyId: string, keys: readonly string[], createdAt = "2026-01-01T00:00:00.000Z"): Promise<void> {
  await db.insert(callLabels).values(
    keys.map((key, index) => ({
      id: crypto.randomUUID(),
      companyId,
      key,
      name: key[0]!.toUpperCase() + key.slice(1),
      description: null,
      color: "#123456",
      createdAt: new Date(Date.parse(createdAt) + index * 1000).toISOString(),
    })),
  );
}

export async function setCallSettings(db: Database, companyId: string, settings: { timeZone?: string | null; retentionDays?: number }): Promise<void> {
  const row = { companyId, timeZone: settings.timeZone ?? null, retentionDays: settings.retentionDays ?? 365, updatedAt: new Date().toISOString() };
  await db.insert(callSettings).values(row).onConflictDoUpdate({ target: callSettings.companyId, set: row });
}
