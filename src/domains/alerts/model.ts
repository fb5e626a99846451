import { z } from "@hono/zod-openapi";
import type { ExampleRow } from "../../core/examples";
import { OffsetPageQuery } from "../../lib/pagination";
import { requireSome } from "../../lib/schemas";
import { alertKinds, alertPeriods, alerts } from "./schema";

/** The alert the document's examples name (the one a change names). */
const exampleAlertId = "0b7c6a52-3f7e-4a8e-9f0e-2d9c1c0f4b11";

/** A company's row for it: its oldest alert. */
export const alertExampleRows: readonly ExampleRow[] = [
  { id: exampleAlertId, table: alerts, order: [alerts.createdAt, alerts.id] },
];

/** What a reader sees of an alert now, most telling first. */
const alertStatuses = ["disabled", "ok", "triggered", "silenced", "dismissed"] as const;
export type AlertStatus = (typeof alertStatuses)[number];

export const Alert = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    kind: z.enum(alertKinds).openapi({
      description:
        "low_balance: the wallet balance is below the threshold. spend: the spend of the current period (charges minus refunds) reached the threshold.",
    }),
    period: z.enum(alertPeriods).nullable().openapi({
      description: "spend alerts: the calendar period in UTC (a week starts on Monday); null for low_balance",
    }),
    threshold: z.number().openapi({ description: "In major units of currency", example: 50 }),
    currency: z.string().openapi({ description: "ISO 4217, the wallet's", example: "EUR" }),
    enabled: z.boolean().openapi({ description: "A disabled alert is never triggered" }),
    current: z.number().nullable().openapi({
      description:
        "What the threshold is compared with, now, in major units: the wallet balance (low_balance) or the period's spend so far (spend). null when the wallet is in another currency than the alert.",
      example: 42.5,
    }),
    period_start: z
      .string()
      .nullable()
      .openapi({ format: "date-time", description: "spend alerts: start of the current period (UTC)" }),
    period_end: z
      .string()
      .nullable()
      .openapi({ format: "date-time", description: "spend alerts: end of the current period, exclusive" }),
    triggered: z
      .boolean()
      .openapi({ description: "Enabled and over its threshold now (whether or not silenced or dismissed)" }),
    status: z.enum(alertStatuses).openapi({
      description:
        "disabled; ok (not triggered); triggered; silenced (triggered, muted until silenced_until); dismissed (triggered, acknowledged until it clears)",
    }),
    silenced_until: z.string().nullable().openapi({
      format: "date-time",
      description: "Muted until this instant; null when not silenced (or the silence ended)",
    }),
    dismissed: z.boolean().openapi({
      description:
        "The current triggering was acknowledged; it stays so until the alert clears (the balance back at the threshold, or a new period)",
    }),
    dismissed_at: z.string().nullable().openapi({
      format: "date-time",
      description: "When the current triggering was acknowledged; null when not dismissed",
    }),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Alert", {
    description: "An alert of the company: its configuration, the value it compares with now, and its state.",
  });

export type AlertView = z.output<typeof Alert>;

/** Alerts are few per company; paging is accepted and clamped, never refused (the operation declares no 400). */
export const ListAlertsQuery = OffsetPageQuery;

export const MAX_SILENCE_DAYS = 365;
const MAX_THRESHOLD = 1_000_000_000;

export const UpdateAlertInput = requireSome(
  z.object({
    alert_id: z.uuid().openapi({
      maxLength: 36,
      description: "Id of one of the company's alerts (GET /alerts); an unknown one is 404",
      example: exampleAlertId,
    }),
    threshold: z.number().positive().max(MAX_THRESHOLD).optional().openapi({
      description: "New threshold in major units of the alert's currency, with at most its minor digits (2 for EUR)",
      example: 25,
    }),
    period: z
      .enum(alertPeriods)
      .optional()
      .openapi({ description: "spend alerts only: the period the spend is counted over" }),
    enabled: z.boolean().optional(),
    silenced_until: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .openapi({
        maxLength: 64,
        description: `Mute the alert until this instant (in the future, at most ${MAX_SILENCE_DAYS} days ahead); null ends a silence`,
      }),
    dismissed: z.boolean().optional().openapi({
      description:
        "true acknowledges the current triggering (only a triggered alert can be dismissed); false undoes it",
    }),
  }),
  "Send at least one change: threshold, period, enabled, silenced_until or dismissed.",
  { names: ["threshold", "period", "enabled", "silenced_until", "dismissed"] },
).openapi("UpdateAlertInput", {
  description: "The alert to change (alert_id) and the changes: threshold, period, enabled, a silence, a dismissal.",
});

export type UpdateAlertFields = z.output<typeof UpdateAlertInput>;

const alertExample: z.input<typeof Alert> = {
  id: exampleAlertId,
  kind: "spend",
  period: "month",
  threshold: 500,
  currency: "EUR",
  enabled: true,
  current: 512.4,
  period_start: "2026-04-01T00:00:00.000Z",
  period_end: "2026-05-01T00:00:00.000Z",
  triggered: true,
  status: "triggered",
  silenced_until: null,
  dismissed: false,
  dismissed_at: null,
  created_at: "2026-02-10T09:00:00.000Z",
  updated_at: "2026-04-20T09:00:00.000Z",
};

export const alertPageExample = { data: [alertExample], limit: 50, offset: 0 };

export const updateAlertExample: z.input<typeof UpdateAlertInput> = {
  alert_id: exampleAlertId,
  threshold: 750,
};

export const updatedAlertExample: z.input<typeof Alert> = {
  ...alertExample,
  threshold: 750,
  triggered: false,
  status: "ok",
  updated_at: "2026-04-26T10:15:30.000Z",
};
