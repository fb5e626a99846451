import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * low_balance: the wallet balance fell below the threshold.
 * spend: the spend of the current period (day, week or month, calendar periods in UTC) reached the threshold.
 */
export const alertKinds = ["low_balance", "spend"] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertPeriods = ["day", "week", "month"] as const;
export type AlertPeriod = (typeof alertPeriods)[number];

/**
 * A company's configured alerts. Thresholds are integer minor units of `currency` (the wallet's).
 * silenced_until mutes the alert until that instant; dismissed_at acknowledges the triggering seen
 * at that moment (it holds until the alert stops being triggered: see the alerts domain's state.ts).
 * `version` is bumped by every change, for compare-and-set.
 */
export const alerts = sqliteTable(
  "alerts",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    kind: text("kind", { enum: alertKinds }).notNull(),
    /** Only spend alerts have a period. */
    period: text("period", { enum: alertPeriods }),
    thresholdMinor: integer("threshold_minor").notNull(),
    currency: text("currency").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    silencedUntil: text("silenced_until"),
    dismissedAt: text("dismissed_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    version: integer("version").notNull().default(0),
  },
  (t) => [
    index("alerts_company_created_idx").on(t.companyId, t.createdAt, t.id),
    check("alerts_threshold_positive", sql`threshold_minor > 0`),
    check("alerts_period_of_kind", sql`(kind = 'spend' AND period IS NOT NULL) OR (kind <> 'spend' AND period IS NULL)`),
  ],
);

export type AlertRow = typeof alerts.$inferSelect;
