import { z } from "@hono/zod-openapi";
import { clock } from "../../lib/clock";
import { runWriteBatch } from "../../core/commit";
import type { Database } from "../../data/client";
import { isPreconditionAbort } from "../../data/precondition";
import { scheduleDue } from "../../work/due";
import type { EmittedEvent } from "../../data/events";
import { defineJob, type JobRecord } from "../../work/jobs";
import type { WriteStatement } from "../../data/write-batch";
import { alertCleared, alertTriggered } from "./events";
import { claimCheck, companiesDueForCheck, companyAlertRows, notificationFlip } from "./queries";
import type { AlertNotification } from "./schema";
import { alertView, factsFor } from "./state";

/*
 * Alerts notify once per crossing. The value an alert watches moves with every debit and credit of
 * the wallet, written by a dozen domains (sends, calls, plans, top-ups) that cannot reach this one
 * (it reads the billing domain), so crossings are found by evaluation: the Cron Trigger's sweep
 * hands each company with an alert due for a check to an alerts.evaluate job (due work), at most
 * once a minute per company; the job computes every alert of the company as a read does (one
 * wallet read, one ledger query) and flips the stored notification state of those that crossed,
 * compare-and-set, in one batch with their events.
 */

/** How often a company's alerts are evaluated: a crossing is notified at most this late (plus a tick). */
const ALERT_CHECK_INTERVAL_MS = 60_000;
/** Companies handed to evaluation per database per tick (each its own small batch); the rest waits for the next tick. */
const COMPANIES_PER_TICK = 100;

/**
 * What one evaluation of the company's alerts at `now` records: the flips of the alerts that
 * crossed since the last one, and their events. alert.triggered only for an alert whose state is
 * `triggered` (a silenced or dismissed one crosses quietly); a disabled alert re-arms silently.
 */
export async function alertCrossings(db: Database, companyId: string, now: Date): Promise<JobRecord> {
  const rows = await companyAlertRows(db, companyId);
  if (rows.length === 0) return {};
  const facts = await factsFor(db, companyId, rows, now);
  const statements: WriteStatement[] = [];
  const events: EmittedEvent[] = [];
  for (const row of rows) {
    const view = alertView(row, facts, now);
    const to: AlertNotification = view.triggered ? "triggered" : "armed";
    if (to === row.notification) continue;
    statements.push(...notificationFlip(db, row, to));
    if (!row.enabled) continue;
    if (to === "triggered" && view.status === "triggered") events.push(alertTriggered.of({ alert: view }));
    if (to === "armed") events.push(alertCleared.of({ alert: view }));
  }
  return { statements, events };
}

/** Due work: one evaluation of a company's alerts. A flip another evaluation made first fails the batch; the retry finds nothing to flip. */
export const evaluateAlerts = defineJob({
  kind: "alerts.evaluate",
  payload: z.object({}),
  run: async (job) => ({ status: "done", ...(await alertCrossings(job.db, job.companyId, new Date(clock.now()))) }),
});

/**
 * The Cron Trigger's sweep: each company with an alert due for a check (alerts_next_check_idx) gets
 * its check taken (compare-and-set: overlapping ticks take it once) and an evaluation due now.
 * Returns how many companies it handed over.
 */
export async function sweepAlertChecks(db: Database, now = clock.now()): Promise<number> {
  const at = new Date(now).toISOString();
  const next = new Date(now + ALERT_CHECK_INTERVAL_MS).toISOString();
  let handed = 0;
  for (const companyId of await companiesDueForCheck(db, at, COMPANIES_PER_TICK)) {
    try {
      await runWriteBatch(db, [...claimCheck(db, companyId, at, next), scheduleDue(evaluateAlerts, companyId, at, {})]);
      handed++;
    } catch (error) {
      if (!isPreconditionAbort(error)) throw error;
    }
  }
  return handed;
}
