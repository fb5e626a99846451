import { clock } from "../lib/clock";
import { ApiError } from "../lib/errors";
import { APPLIED_INSERT, homeOf, OUTBOX_DELETE } from "./routing";
import { type StoreEnv, storeBinding, storeCount, storesNamedBy } from "./tenancy";

/**
 * The cron's half of a batch that wrote two databases (routing.ts, routedBatch): an outbox row older
 * than OUTBOX_GRACE_MS is a second half that a crash or a failed call left unapplied. It is applied
 * where its statements belong (the control plane, or the one store the company its values name is
 * in), with its applied mark in the same transaction; a second half that had been applied fails on
 * the mark and changes nothing. Then the row goes. Each step is safe to repeat, so two ticks at once
 * cost a refused insert, never a second write.
 */

/** A batch's own three calls take milliseconds; a row this old is left over. */
const OUTBOX_GRACE_MS = 60_000;
/** Applied marks outlive their outbox rows by far: a replay only happens while the row exists. */
const APPLIED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** Rows per database per tick: a backlog drains over ticks. */
const OUTBOX_PAGE = 100;

interface OutboxStatement {
  sql: string;
  values: (string | number | boolean | null)[];
}

export interface OutboxReport {
  applied: number;
  /** Rows whose second half had been applied (a crash before the row was deleted). */
  alreadyApplied: number;
  /** Rows whose home cannot be told (no single store named): left, and logged. */
  undecided: number;
  /** Rows whose second half failed (a D1 error): left for the next tick, and logged. */
  failed: number;
}

// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: claims, applies and reports each cross-store outbox row; its failure paths are what it is for
export async function applyCrossStoreOutbox(env: StoreEnv): Promise<OutboxReport> {
  const report: OutboxReport = { applied: 0, alreadyApplied: 0, undecided: 0, failed: 0 };
  const cutoff = new Date(clock.now() - OUTBOX_GRACE_MS).toISOString();
  for (let store = 0; store < storeCount(env); store++) {
    const source = storeBinding(env, store)!;
    const { results } = await source
      .prepare("SELECT id, statements FROM cross_store_outbox WHERE created_at < ? ORDER BY created_at LIMIT ?")
      .bind(cutoff, OUTBOX_PAGE)
      .all<{ id: string; statements: string }>();
    for (const row of results) {
      const statements = JSON.parse(row.statements) as OutboxStatement[];
      let target: D1Database | undefined;
      try {
        target = await homeOfHalf(env, statements);
      } catch (error) {
        // Its company is moving between stores: applied once the move has flipped the directory.
        if (error instanceof ApiError && error.slug === "company_moving") continue;
        throw error;
      }
      if (!target) {
        report.undecided++;
        console.error(
          JSON.stringify({
            level: "error",
            message: "cross_store_outbox row names no single database",
            outbox_id: row.id,
            store,
          }),
        );
        continue;
      }
      try {
        await target.batch([
          target.prepare(APPLIED_INSERT).bind(row.id, clock.iso()),
          ...statements.map((statement) => target.prepare(statement.sql).bind(...statement.values)),
        ]);
        report.applied++;
      } catch (error) {
        if (!String(error).includes("cross_store_applied.id")) {
          // Left for the next tick and logged; the rows behind it are not held up.
          report.failed++;
          console.error(
            JSON.stringify({
              level: "error",
              message: "cross_store_outbox row failed",
              outbox_id: row.id,
              store,
              error: String(error),
            }),
          );
          continue;
        }
        report.alreadyApplied++;
      }
      await source.prepare(OUTBOX_DELETE).bind(row.id).run();
    }
    await source
      .prepare("DELETE FROM cross_store_applied WHERE applied_at < ?")
      .bind(new Date(clock.now() - APPLIED_KEPT_MS).toISOString())
      .run();
  }
  return report;
}

/** Where a second half runs: the control plane, or the store of the company its values name. */
async function homeOfHalf(env: StoreEnv, statements: readonly OutboxStatement[]): Promise<D1Database | undefined> {
  if (statements.every((statement) => homeOf(statement.sql) === "control")) return env.DB;
  if (statements.some((statement) => homeOf(statement.sql) !== "tenant")) return undefined;
  // A company in motion refuses the write (company_moving) rather than name the store it is leaving.
  const stores = await storesNamedBy(
    env,
    statements.flatMap((statement) => statement.values),
    true,
  );
  return stores.length === 1 ? storeBinding(env, stores[0]!) : undefined;
}
