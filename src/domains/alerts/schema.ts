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
 * Whether the alert's last crossing was notified: armed, the next crossing of the threshold emits
 * alert.triggered; triggered, it did, and the alert re-arms (alert.cleared) only once the value is
 * back on the right side of the threshold. Flipped by the evaluation job, compare-and-set.
 */
export const alertNotifications = ["armed", "triggered"] as const;
export type AlertNotification = (typeof alertNotifications)[number];

/** next_check_at of an alert never evaluated: due at once. */
export const NEVER_CHECKED = "1970-01-01T00:00:00.000Z";

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
    /** Not part of the configuration: changing it bumps no version (a PATCH never conflicts with an evaluation). */
    notification: text("notification", { enum: alertNotifications }).notNull().default("armed"),
    /** When the Cron Trigger next evaluates the company's alerts (the sweep reads alerts_next_check_idx). */
    nextCheckAt: text("next_check_at").notNull().default(NEVER_CHECKED),
  },
  (t) => [
    index("alerts_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("alerts_next_check_idx").on(t.nextCheckAt),
    check("alerts_threshold_positive", sql`threshold_minor > 0`),
    check(
      "alerts_period_of_kind",
      sql`(kind = 'spend' AND period IS NOT NULL) OR (kind <> 'spend' AND period IS NULL)`,
    ),
  ],
);

export type AlertRow = typeof alerts.$inferSelect;
