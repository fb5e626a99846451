import Big from "big.js";
import type { Uses } from "../../core/action";
import { updateWithVersion } from "../../data/versioned";
import { invalidField, notFound } from "../../lib/errors";
import { currencyExponent } from "../../lib/money";
import type { OffsetPage } from "../../lib/pagination";
import { alertUpdated } from "./events";
import { MAX_SILENCE_DAYS, type AlertView, type UpdateAlertFields } from "./model";
import { findAlert, listAlertRows, updateAlertStatements, type AlertChanges } from "./queries";
import type { AlertRow } from "./schema";
import { alertView, alertViews, factsFor } from "./state";
import { clock } from "../../lib/clock";

type ChangedField = "threshold" | "period" | "enabled" | "silenced_until" | "dismissed";

const DAY_MS = 86_400_000;

/** A page of the company's alerts, each with its state as of now. */
export async function alertPage({ db, caller }: Uses<"db" | "caller">, page: OffsetPage) {
  const rows = await listAlertRows(db, caller.company.id, page);
  return { ...rows, data: await alertViews(db, caller.company.id, rows.data, clock.date()) };
}

/** One alert with its state as of now (a change's replay); 404 for none of the company's. */
export async function alertViewOf({ db, caller }: Uses<"db" | "caller">, alertId: string): Promise<AlertView> {
  const companyId = caller.company.id;
  const row = await findAlert(db, companyId, alertId);
  if (!row) throw notFound("alert");
  const now = clock.date();
  return alertView(row, await factsFor(db, companyId, [row], now), now);
}

/** The threshold in minor units of the alert's currency, or a 400 when it has more decimals than the currency. */
function thresholdMinor(threshold: number, currency: string): number {
  const exponent = currencyExponent(currency) ?? 2;
  const minor = new Big(threshold).times(new Big(10).pow(exponent));
  if (!minor.eq(minor.round(0)))
    throw invalidField("body.threshold", `${currency} amounts have at most ${exponent} decimals.`);
  return minor.toNumber();
}

/** The configuration after the request, before the dismissal is decided; 400 for a change the alert cannot take. */
function configure(current: AlertRow, body: UpdateAlertFields, now: Date): Omit<AlertChanges, "dismissedAt"> {
  if (body.period !== undefined && current.kind !== "spend")
    throw invalidField("body.period", "Only spend alerts have a period.");
  let silencedUntil = current.silencedUntil;
  if (body.silenced_until === null) silencedUntil = null;
  else if (body.silenced_until !== undefined) {
    const until = new Date(body.silenced_until);
    if (until.getTime() <= now.getTime())
      throw invalidField("body.silenced_until", "Must be in the future; send null to end a silence.");
    if (until.getTime() > now.getTime() + MAX_SILENCE_DAYS * DAY_MS)
      throw invalidField("body.silenced_until", `At most ${MAX_SILENCE_DAYS} days ahead.`);
    silencedUntil = until.toISOString();
  }
  return {
    thresholdMinor:
      body.threshold === undefined ? current.thresholdMinor : thresholdMinor(body.threshold, current.currency),
    period: body.period ?? current.period,
    enabled: body.enabled ?? current.enabled,
    silencedUntil,
    updatedAt: now.toISOString(),
  };
}

/**
 * PATCH /alerts: configures, silences and dismisses one alert. A change of threshold, period or
 * enabled is a new configuration: its dismissal is cleared unless this request dismisses it again.
 * Dismissing acknowledges the triggering of the configuration after the request (an alert that is
 * not triggered is 400); dismissing an alert already dismissed keeps its dismissed_at. A request
 * that changes nothing stored writes nothing and emits nothing. The write is a compare-and-set on
 * the alert's version; when another write got in first, the request is decided again on the new state
 * (each failure means another change committed, so five attempts outlast four concurrent changes).
 */
export async function updateAlert(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: UpdateAlertFields,
): Promise<AlertView> {
  const companyId = caller.company.id;
  return updateWithVersion(
    "alert",
    () => findAlert(db, companyId, body.alert_id),
    // biome-ignore lint/complexity/noExcessiveCognitiveComplexity: a PATCH whose fields each have a rule of their own
    async (current) => {
      const now = clock.date();
      const config = configure(current, body, now);
      const reconfigured =
        config.thresholdMinor !== current.thresholdMinor ||
        config.period !== current.period ||
        config.enabled !== current.enabled;
      const candidate: AlertRow = { ...current, ...config, dismissedAt: reconfigured ? null : current.dismissedAt };
      const facts = await factsFor(db, companyId, [candidate], now);
      let dismissedAt = candidate.dismissedAt;
      if (body.dismissed === false) dismissedAt = null;
      if (body.dismissed === true) {
        const seen = alertView(candidate, facts, now);
        if (!seen.triggered)
          throw invalidField(
            "body.dismissed",
            "The alert is not triggered (with the configuration after this request); there is nothing to dismiss.",
          );
        dismissedAt = seen.dismissed ? candidate.dismissedAt : now.toISOString();
      }
      const next: AlertRow = { ...candidate, dismissedAt };
      const view = alertView(next, facts, now);
      const changed: ChangedField[] = [];
      if (next.thresholdMinor !== current.thresholdMinor) changed.push("threshold");
      if (next.period !== current.period) changed.push("period");
      if (next.enabled !== current.enabled) changed.push("enabled");
      if (next.silencedUntil !== current.silencedUntil) changed.push("silenced_until");
      if (next.dismissedAt !== current.dismissedAt) changed.push("dismissed");
      if (changed.length === 0) return alertView(current, facts, now);
      const { thresholdMinor, period, enabled, silencedUntil, updatedAt } = next;
      await commit(
        updateAlertStatements(db, current, { thresholdMinor, period, enabled, silencedUntil, dismissedAt, updatedAt }),
        { resourceType: "alert", resourceId: current.id },
        [alertUpdated.of({ alert: view, changed_fields: changed })],
      );
      return view;
    },
    5,
  );
}
