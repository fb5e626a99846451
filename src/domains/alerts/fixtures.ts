import { db } from "../../../test/helpers";
import { alerts, type AlertRow } from "./schema";

/** Test fixture (imported by the alerts tests only): an alert with an exact id and configuration. */
export async function alertWith(companyId: string, overrides: Partial<AlertRow> & { id: string }): Promise<AlertRow> {
  const row: AlertRow = {
    companyId,
    kind: "spend",
    period: "month",
    thresholdMinor: 10_000,
    currency: "EUR",
    enabled: true,
    silencedUntil: null,
    dismissedAt: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    version: 0,
    ...overrides,
  };
  await db.insert(alerts).values(row);
  return row;
}
