import { and, eq } from "drizzle-orm";
import { configOf } from "../config";
import type { Env } from "../env";
import { clock } from "../lib/clock";
import { loggableError } from "../lib/errors";
import { companyChanged } from "../keys/key-changes";
import { isPreconditionAbort } from "../data/precondition";
import { CONTROL_PLANE_TABLES } from "../data/routing";
import { companies, companyMoves } from "../data/schema";
import { controlDatabase, DIRECTORY_TTL_MS, forgetDirectoryEntry, storeBinding, storeCount } from "../data/tenancy";
import { DEADLINE_PASSED, pastDeadline } from "./deadlines";

/**
 * Moving a company's data from one store to another while the API stays up. A move is a row of
 * `company_moves` (control plane) that workers advance step by step: the Cron tick, and the
 * operator's POST that starts or resumes it. Each step does a bounded piece of work and then
 * records it with a compare-and-set on the row's version, so a second worker, or a step retried
 * after a crash, repeats work that is idempotent (an upsert by primary key, a bounded delete) and
 * never records it twice or skips any.
 *
 * 1. `draining`: the directory marks the company moving (one batch with the move's row) and every
 *    key of it is told at once (`companyChanged`). From then on its requests' writes answer 503
 *    with Retry-After, reads go on from the old store, and work between requests for it (jobs, due
 *    work, deliveries, callbacks) is deferred (src/data/tenancy.ts refuses its writes). The step waits until
 *    every isolate's directory cache, and every key object's record, was read after the mark.
 * 2. `copying`: per tenant table (every table of the store with a company_id column, outside the
 *    control plane; tables that triggers write, such as daily totals, after the tables whose
 *    triggers write them), first clears any stale rows of the company in the target, then copies
 *    the company's rows by rowid order in chunks.
 * 3. `verifying`: counts per table in both stores. Equal: the directory flips (store, moving off,
 *    moved_from) in one compare-and-set with the move's row, and the keys are told. A table that
 *    differs is copied again (at most twice), else the move fails: the company stays where it was
 *    (writes resume there at once) and the rows copied are deleted from the target (`reverting`).
 * 4. `cleaning`: after another cache life (nobody reads the old store any more), the company's rows
 *    are deleted from the old store in chunks; then `done`. The old rows are not kept for a grace
 *    period: once the directory flipped, nothing reads them, and two live copies would let sweeps
 *    that read every store act on a company twice.
 */

type MoveRow = typeof companyMoves.$inferSelect;
type MoveState = MoveRow["state"];
export type MoveEnv = Env;

/** Rows copied (or deleted) per step: one D1 batch of as many statements. */
export const MOVE_CHUNK_ROWS = 200;
/** Copies of the whole table set a verification may ask for before the move gives up. */
const MAX_RECOPIES = 2;
/** Wall time one call of `advanceMove` may spend before it leaves the rest to the next. */
const ADVANCE_BUDGET_MS = 10_000;
/** Beyond the caches' life: requests admitted just before the mark finish their writes. */
const IN_FLIGHT_MARGIN_MS = 5_000;

/** A company with a move under way (the states before `done` and `failed`). */
const ACTIVE_STATES: readonly MoveState[] = ["draining", "copying", "verifying", "cleaning", "reverting"];

/** How long the mover waits after changing the directory before it relies on everyone having read the change. */
export function settleMs(env: MoveEnv): number {
  return Math.max(DIRECTORY_TTL_MS, configOf(env).keyStateMaxAgeSeconds * 1000) + IN_FLIGHT_MARGIN_MS;
}

const iso = (ms: number) => new Date(ms).toISOString();
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

function storeOrThrow(env: MoveEnv, store: number): D1Database {
  const binding = storeBinding(env, store);
  if (!binding) throw new Error(`No store ${store} in this deployment.`);
  return binding;
}

/** Why a move cannot start: the operator API answers these as 400, 404 and 409. */
export class MoveRefused extends Error {
  constructor(
    readonly reason: "unknown_store" | "unknown_company" | "other_move",
    message: string,
  ) {
    super(message);
    this.name = "MoveRefused";
  }
}

/** The company's last move, if it ever moved. */
export async function moveOf(env: MoveEnv, companyId: string): Promise<MoveRow | undefined> {
  return controlDatabase(env).select().from(companyMoves).where(eq(companyMoves.companyId, companyId)).get();
}

/**
 * Starts a move of `companyId` to `toStore`, or resumes the one under way to that store. Returns
 * the move's row, or `{ alreadyThere }` for a company in `toStore` with no move under way (with
 * its last move into it, if any). Throws MoveRefused.
 */
export async function startMove(
  env: MoveEnv,
  companyId: string,
  toStore: number,
): Promise<MoveRow | { alreadyThere: MoveRow | undefined }> {
  if (!Number.isInteger(toStore) || toStore < 0 || toStore >= storeCount(env)) {
    throw new MoveRefused(
      "unknown_store",
      `This deployment has ${storeCount(env)} store(s), 0 to ${storeCount(env) - 1}; there is no store ${toStore}.`,
    );
  }
  const control = controlDatabase(env);
  const company = await control
    .select({ store: companies.store, moving: companies.moving })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  if (!company) throw new MoveRefused("unknown_company", `No company ${companyId}.`);
  const current = await moveOf(env, companyId);
  if (current && ACTIVE_STATES.includes(current.state)) {
    if (current.toStore !== toStore)
      throw new MoveRefused(
        "other_move",
        `A move of this company to store ${current.toStore} is under way (${current.state}); it must end first.`,
      );
    return current;
  }
  if (company.store === toStore) return { alreadyThere: current?.toStore === toStore ? current : undefined };
  const now = iso(clock.now());
  const d1 = env.DB;
  try {
    await d1.batch([
      // The company is where it was read and not moving: else another start won, and this one is refused below.
      d1
        .prepare(
          "INSERT INTO batch_preconditions (holds) VALUES ((SELECT EXISTS (SELECT 1 FROM companies WHERE id = ?1 AND store = ?2 AND moving = 0)))",
        )
        .bind(companyId, company.store),
      d1.prepare("UPDATE companies SET moving = 1 WHERE id = ?1").bind(companyId),
      d1
        .prepare(
          `INSERT INTO company_moves (company_id, from_store, to_store, state, state_since, tables, table_index, cursor, copied, totals, recopies, version, error, started_at, copy_started_at, updated_at, finished_at)
           VALUES (?1, ?2, ?3, 'draining', ?4, '[]', 0, NULL, '{}', '{}', 0, 1, NULL, ?4, NULL, ?4, NULL)
           ON CONFLICT (company_id) DO UPDATE SET from_store = excluded.from_store, to_store = excluded.to_store, state = 'draining', state_since = excluded.state_since,
             tables = '[]', table_index = 0, cursor = NULL, copied = '{}', totals = '{}', recopies = 0, version = company_moves.version + 1, error = NULL,
             started_at = excluded.started_at, copy_started_at = NULL, updated_at = excluded.updated_at, finished_at = NULL`,
        )
        .bind(companyId, company.store, toStore, now),
    ]);
  } catch (error) {
    if (!isPreconditionAbort(error)) throw error;
    // A concurrent start (or a move that just ended): decide again on what is there now.
    return startMove(env, companyId, toStore);
  }
  await directoryChanged(env, companyId);
  const started = await moveOf(env, companyId);
  if (!started) throw new Error(`The move of ${companyId} was recorded but cannot be read back.`);
  return started;
}

/** After a change of the company's directory entry: this isolate and every key object read it again. */
async function directoryChanged(env: MoveEnv, companyId: string): Promise<void> {
  forgetDirectoryEntry(companyId);
  await companyChanged(env, companyId);
}

/** Records a step: a compare-and-set on the move's version. False when another worker recorded first. */
async function recordStep(
  env: MoveEnv,
  row: MoveRow,
  changes: Partial<Omit<MoveRow, "companyId" | "version">>,
): Promise<boolean> {
  const updated = await controlDatabase(env)
    .update(companyMoves)
    .set({ ...changes, version: row.version + 1, updatedAt: iso(clock.now()) })
    .where(and(eq(companyMoves.companyId, row.companyId), eq(companyMoves.version, row.version)))
    .returning({ version: companyMoves.version });
  return updated.length === 1;
}

/** What one call of `advanceMove` did: the move's row at its end. */
export interface AdvanceOptions {
  /** At most this many steps (tests stop a move mid-copy with it); default: until the wall-time budget ends. */
  maxSteps?: number;
}

/**
 * Advances the company's move as far as it can now: until it must wait (a cache's life), ends,
 * loses a step to another worker, or spends its budget. Returns the row as it left it.
 */
export async function advanceMove(
  env: MoveEnv,
  companyId: string,
  options: AdvanceOptions = {},
): Promise<MoveRow | undefined> {
  const startedAt = performance.now();
  let steps = 0;
  for (;;) {
    const row = await moveOf(env, companyId);
    if (!row || !ACTIVE_STATES.includes(row.state)) return row;
    if (options.maxSteps !== undefined && steps >= options.maxSteps) return row;
    if (performance.now() - startedAt > ADVANCE_BUDGET_MS) return row;
    steps++;
    let outcome: "advanced" | "waiting" | "lost";
    try {
      outcome = await step(env, row);
    } catch (error) {
      // Kept on the row for the operator; the move stays where it was and the next call tries again.
      const message = error instanceof Error ? error.message : String(error);
      console.error(
        JSON.stringify({
          message: "company move step failed",
          company_id: companyId,
          state: row.state,
          ...loggableError(error),
        }),
      );
      await recordStep(env, row, { error: message.slice(0, 500) });
      return moveOf(env, companyId);
    }
    if (outcome !== "advanced") return outcome === "waiting" ? row : moveOf(env, companyId);
  }
}

/** The Cron tick's part: every move under way advances (each within its budget). */
export async function advanceMoves(env: MoveEnv): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT company_id FROM company_moves WHERE state IN (${ACTIVE_STATES.map((state) => `'${state}'`).join(", ")})`,
  ).all<{ company_id: string }>();
  for (const { company_id } of results) await advanceMove(env, company_id);
}

/** The states before the directory's switch: the company's writes are refused (503) while a move is in one. */
const BEFORE_SWITCH: readonly MoveState[] = ["draining", "copying", "verifying"];
/**
 * The longest a move may hold a company's writes (docs/deadlines.md): a move that has not switched
 * by then gives up as a failed copy does (the company stays, its writes resume, the copied rows are
 * deleted). After the switch (cleaning) and while reverting, the company is served normally.
 */
export const MOVE_SWITCH_DEADLINE_MS = 6 * 60 * 60_000;

/** One step of a move in its current state. */
async function step(env: MoveEnv, row: MoveRow): Promise<"advanced" | "waiting" | "lost"> {
  if (BEFORE_SWITCH.includes(row.state) && pastDeadline(Date.parse(row.startedAt) + MOVE_SWITCH_DEADLINE_MS))
    return fail(
      env,
      row,
      `${DEADLINE_PASSED}: the move had not switched ${MOVE_SWITCH_DEADLINE_MS / 3_600_000} h after it started (it was ${row.state}); the company stays in store ${row.fromStore}.`,
    );
  switch (row.state) {
    case "draining":
      return drained(env, row);
    case "copying":
      return copyStep(env, row);
    case "verifying":
      return verify(env, row);
    case "cleaning":
      return cleanStep(env, row);
    case "reverting":
      return revertStep(env, row);
    default:
      return "lost";
  }
}

const settled = (env: MoveEnv, row: MoveRow) => clock.now() - Date.parse(row.stateSince) >= settleMs(env);

/** Draining ends once nobody can still write in the old store: then the tables and their totals are fixed. */
async function drained(env: MoveEnv, row: MoveRow): Promise<"advanced" | "waiting" | "lost"> {
  if (!settled(env, row)) return "waiting";
  const source = storeOrThrow(env, row.fromStore);
  const tables = await tenantTables(source);
  const totals = await countRows(
    source,
    tables.map((table) => table.name),
    row.companyId,
  );
  const now = iso(clock.now());
  const won = await recordStep(env, row, {
    state: "copying",
    stateSince: now,
    tables: tables.map((table) => table.name),
    tableIndex: 0,
    cursor: null,
    copied: Object.fromEntries(tables.map((table) => [table.name, 0])),
    totals,
    copyStartedAt: now,
    error: null,
  });
  return won ? "advanced" : "lost";
}

/** One chunk of the copy: clearing the target's stale rows of the table, or copying the next rows. */
async function copyStep(env: MoveEnv, row: MoveRow): Promise<"advanced" | "lost"> {
  const name = row.tables[row.tableIndex];
  if (name === undefined)
    return (await recordStep(env, row, { state: "verifying", stateSince: iso(clock.now()) })) ? "advanced" : "lost";
  const source = storeOrThrow(env, row.fromStore);
  const target = storeOrThrow(env, row.toStore);
  if (row.cursor === null) {
    const deleted = await deleteChunk(target, name, row.companyId);
    return (await recordStep(env, row, deleted < MOVE_CHUNK_ROWS ? { cursor: 0 } : {})) ? "advanced" : "lost";
  }
  const table = await tableOf(source, name);
  const { results } = await source
    .prepare(
      `SELECT rowid AS "__rowid", ${table.columns.map(quoted).join(", ")} FROM ${quoted(name)} WHERE company_id = ?1 AND rowid > ?2 ORDER BY rowid LIMIT ?3`,
    )
    .bind(row.companyId, row.cursor, MOVE_CHUNK_ROWS)
    .all<Record<string, unknown>>();
  if (results.length > 0) {
    const upsert = upsertOf(table);
    await target.batch(
      results.map((found) => target.prepare(upsert).bind(...table.columns.map((column) => found[column] ?? null))),
    );
  }
  const last = results.at(-1);
  const copied = { ...row.copied, [name]: (row.copied[name] ?? 0) + results.length };
  const changes =
    results.length < MOVE_CHUNK_ROWS
      ? { copied, tableIndex: row.tableIndex + 1, cursor: null }
      : { copied, cursor: Number(last!.__rowid) };
  return (await recordStep(env, row, changes)) ? "advanced" : "lost";
}

/** Counts in both stores: equal, the directory flips; different, the tables from the first that differs are copied again. */
async function verify(env: MoveEnv, row: MoveRow): Promise<"advanced" | "lost"> {
  const [inSource, inTarget] = await Promise.all([
    countRows(storeOrThrow(env, row.fromStore), row.tables, row.companyId),
    countRows(storeOrThrow(env, row.toStore), row.tables, row.companyId),
  ]);
  const differing = row.tables.filter((name) => inSource[name] !== inTarget[name]);
  if (differing.length > 0) {
    const detail = differing
      .map((name) => `${name}: ${inSource[name]} in store ${row.fromStore}, ${inTarget[name]} in store ${row.toStore}`)
      .join("; ");
    if (row.recopies >= MAX_RECOPIES)
      return fail(
        env,
        row,
        `The copy does not match after ${row.recopies + 1} attempts (${detail}); the company stays in store ${row.fromStore}.`,
      );
    const first = Math.min(...differing.map((name) => row.tables.indexOf(name)));
    // The tables from the first that differs are copied anew: their counts start again.
    const copied = Object.fromEntries(
      row.tables.map((name, index) => [name, index < first ? (row.copied[name] ?? 0) : 0]),
    );
    const won = await recordStep(env, row, {
      state: "copying",
      stateSince: iso(clock.now()),
      tableIndex: first,
      cursor: null,
      copied,
      recopies: row.recopies + 1,
      totals: inSource,
      error: `Copied again: ${detail}.`,
    });
    return won ? "advanced" : "lost";
  }
  return flip(env, row);
}

/** The directory flips to the new store, with the move's row, in one batch (both compare-and-sets). */
async function flip(env: MoveEnv, row: MoveRow): Promise<"advanced" | "lost"> {
  const d1 = env.DB;
  const now = iso(clock.now());
  try {
    await d1.batch([
      d1
        .prepare(
          "INSERT INTO batch_preconditions (holds) VALUES ((SELECT EXISTS (SELECT 1 FROM company_moves WHERE company_id = ?1 AND version = ?2)))",
        )
        .bind(row.companyId, row.version),
      d1
        .prepare(
          "INSERT INTO batch_preconditions (holds) VALUES ((SELECT EXISTS (SELECT 1 FROM companies WHERE id = ?1 AND store = ?2 AND moving = 1)))",
        )
        .bind(row.companyId, row.fromStore),
      d1
        .prepare("UPDATE companies SET store = ?2, moving = 0, moved_from = ?3 WHERE id = ?1")
        .bind(row.companyId, row.toStore, row.fromStore),
      d1
        .prepare(
          "UPDATE company_moves SET state = 'cleaning', state_since = ?3, table_index = 0, cursor = NULL, error = NULL, version = version + 1, updated_at = ?3 WHERE company_id = ?1 AND version = ?2",
        )
        .bind(row.companyId, row.version, now),
    ]);
  } catch (error) {
    if (isPreconditionAbort(error)) return "lost";
    throw error;
  }
  await directoryChanged(env, row.companyId);
  return "advanced";
}

/** The move gives up: the company stays in its store and takes writes again; the rows copied are then deleted from the target. */
async function fail(env: MoveEnv, row: MoveRow, reason: string): Promise<"advanced" | "lost"> {
  const d1 = env.DB;
  const now = iso(clock.now());
  try {
    await d1.batch([
      d1
        .prepare(
          "INSERT INTO batch_preconditions (holds) VALUES ((SELECT EXISTS (SELECT 1 FROM company_moves WHERE company_id = ?1 AND version = ?2)))",
        )
        .bind(row.companyId, row.version),
      d1.prepare("UPDATE companies SET moving = 0 WHERE id = ?1 AND store = ?2").bind(row.companyId, row.fromStore),
      d1
        .prepare(
          "UPDATE company_moves SET state = 'reverting', state_since = ?4, table_index = 0, cursor = NULL, error = ?3, version = version + 1, updated_at = ?4 WHERE company_id = ?1 AND version = ?2",
        )
        .bind(row.companyId, row.version, reason, now),
    ]);
  } catch (error) {
    if (isPreconditionAbort(error)) return "lost";
    throw error;
  }
  await directoryChanged(env, row.companyId);
  return "advanced";
}

/** After a cache's life past the flip, the old store's rows of the company are deleted, a chunk per step. */
async function cleanStep(env: MoveEnv, row: MoveRow): Promise<"advanced" | "waiting" | "lost"> {
  if (!settled(env, row)) return "waiting";
  const name = row.tables[row.tableIndex];
  if (name === undefined) {
    const now = iso(clock.now());
    return (await recordStep(env, row, { state: "done", stateSince: now, finishedAt: now })) ? "advanced" : "lost";
  }
  const deleted = await deleteChunk(storeOrThrow(env, row.fromStore), name, row.companyId);
  return (await recordStep(env, row, deleted < MOVE_CHUNK_ROWS ? { tableIndex: row.tableIndex + 1 } : {}))
    ? "advanced"
    : "lost";
}

/** After a failed copy: the target's rows of the company, which nothing reads (the directory never named it), are deleted. */
async function revertStep(env: MoveEnv, row: MoveRow): Promise<"advanced" | "lost"> {
  const name = row.tables[row.tableIndex];
  if (name === undefined) {
    const now = iso(clock.now());
    return (await recordStep(env, row, { state: "failed", stateSince: now, finishedAt: now })) ? "advanced" : "lost";
  }
  const deleted = await deleteChunk(storeOrThrow(env, row.toStore), name, row.companyId);
  return (await recordStep(env, row, deleted < MOVE_CHUNK_ROWS ? { tableIndex: row.tableIndex + 1 } : {}))
    ? "advanced"
    : "lost";
}

async function deleteChunk(store: D1Database, table: string, companyId: string): Promise<number> {
  const result = await store
    .prepare(
      `DELETE FROM ${quoted(table)} WHERE rowid IN (SELECT rowid FROM ${quoted(table)} WHERE company_id = ?1 LIMIT ?2)`,
    )
    .bind(companyId, MOVE_CHUNK_ROWS)
    .run();
  return result.meta.changes;
}

/** Each table's rows of the company, counted in one batch. */
async function countRows(
  store: D1Database,
  tables: readonly string[],
  companyId: string,
): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const results = await store.batch<{ n: number }>(
    tables.map((name) =>
      store.prepare(`SELECT count(*) AS n FROM ${quoted(name)} WHERE company_id = ?1`).bind(companyId),
    ),
  );
  return Object.fromEntries(tables.map((name, index) => [name, results[index]?.results[0]?.n ?? 0]));
}

interface TenantTable {
  name: string;
  columns: string[];
  primaryKey: string[];
}

/**
 * A table's columns and primary key, as the store declares them. An AUTOINCREMENT key numbers rows
 * per database, not per company: the copy leaves it out, the target numbers the row afresh (as its
 * triggers expect, such as kb_documents' full-text index), and the row is found by its unique id.
 * Such a number must never leave the store (no cursor or response carries it); positions that do
 * are company sequences (src/data/sequences.ts), copied as they are.
 */
async function tableOf(store: D1Database, name: string): Promise<TenantTable> {
  const [{ results }, declaration] = await Promise.all([
    store
      .prepare("SELECT name, pk FROM pragma_table_info(?1) ORDER BY cid")
      .bind(name)
      .all<{ name: string; pk: number }>(),
    store
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1")
      .bind(name)
      .first<{ sql: string }>(),
  ]);
  const keyColumns = results
    .filter((column) => column.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((column) => column.name);
  const storeNumbered = /\bautoincrement\b/i.test(declaration?.sql ?? "") && keyColumns.length === 1;
  let primaryKey = storeNumbered ? [] : keyColumns;
  // Without a primary key, a unique index over whole rows (not partial) identifies a row as well.
  if (primaryKey.length === 0) primaryKey = await uniqueKeyOf(store, name);
  if (primaryKey.length === 0)
    throw new Error(
      `The table ${name} has neither a primary key nor a unique index: its rows cannot be copied idempotently.`,
    );
  const columns = results.map((column) => column.name).filter((column) => !(storeNumbered && column === keyColumns[0]));
  return { name, columns, primaryKey };
}

async function uniqueKeyOf(store: D1Database, table: string): Promise<string[]> {
  const { results: indexes } = await store
    .prepare('SELECT name FROM pragma_index_list(?1) WHERE "unique" = 1 AND partial = 0 ORDER BY name')
    .bind(table)
    .all<{ name: string }>();
  const first = indexes[0];
  if (!first) return [];
  const { results } = await store
    .prepare("SELECT name FROM pragma_index_info(?1) ORDER BY seqno")
    .bind(first.name)
    .all<{ name: string | null }>();
  // An index over an expression has no column name: it cannot be an upsert's target.
  return results.every((column) => column.name !== null) ? results.map((column) => column.name!) : [];
}

/**
 * The upsert of one row: a retried chunk rewrites the same values (an UPDATE, so triggers keep
 * derived tables right), and a row of the same key that belongs to another company is left alone
 * (the verification then finds the difference).
 */
function upsertOf(table: TenantTable): string {
  const columns = table.columns.map(quoted).join(", ");
  const placeholders = table.columns.map((_, index) => `?${index + 1}`).join(", ");
  const updated = table.columns.filter((column) => !table.primaryKey.includes(column));
  const conflict = `ON CONFLICT (${table.primaryKey.map(quoted).join(", ")})`;
  const action =
    updated.length === 0
      ? "DO NOTHING"
      : `DO UPDATE SET ${updated.map((column) => `${quoted(column)} = excluded.${quoted(column)}`).join(", ")} WHERE ${quoted(table.name)}."company_id" = excluded."company_id"`;
  return `INSERT INTO ${quoted(table.name)} (${columns}) VALUES (${placeholders}) ${conflict} ${action}`;
}

/**
 * The tenant tables of a store, in copy order: every table with a company_id column outside the
 * control plane (virtual tables and their shadows, such as a full-text index, are rebuilt by the
 * triggers of the tables they index); tables that triggers write come after the others, so that
 * their copied rows replace what the triggers derived.
 */
async function tenantTables(store: D1Database): Promise<TenantTable[]> {
  const { results } = await store
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'd1\\_%' ESCAPE '\\'",
    )
    .all<{ type: string; name: string; tbl_name: string; sql: string | null }>();
  const candidates = results.filter(
    (entry) =>
      entry.type === "table" && !CONTROL_PLANE_TABLES.has(entry.name) && !/^\s*create\s+virtual/i.test(entry.sql ?? ""),
  );
  const derived = new Set<string>();
  for (const trigger of results.filter((entry) => entry.type === "trigger")) {
    for (const match of (trigger.sql ?? "").matchAll(/\b(?:insert\s+into|update)\s+[`"]?([A-Za-z_][A-Za-z0-9_]*)/gi)) {
      if (match[1] !== trigger.tbl_name) derived.add(match[1]!);
    }
  }
  const tables: TenantTable[] = [];
  for (const candidate of candidates) {
    const { results: columns } = await store
      .prepare("SELECT name FROM pragma_table_info(?1) WHERE name = 'company_id'")
      .bind(candidate.name)
      .all();
    if (columns.length > 0) tables.push(await tableOf(store, candidate.name));
  }
  const rank = (table: TenantTable) => (derived.has(table.name) ? 1 : 0);
  return tables.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The move as the operator sees it: state, rows per table, totals, and the time left from the copy's rate. */
export function moveProgress(env: MoveEnv, row: MoveRow) {
  const rowsCopied = Object.values(row.copied).reduce((sum, rows) => sum + rows, 0);
  const rowsTotal = Object.values(row.totals).reduce((sum, rows) => sum + rows, 0);
  const now = clock.now();
  // Draining and cleaning wait out the caches' life; the copy's length is not known before it starts.
  const waitLeft =
    row.state === "draining" || row.state === "cleaning"
      ? Math.max(0, settleMs(env) - (now - Date.parse(row.stateSince)))
      : 0;
  // The copy's time left at the rate it has had so far; unknown until it copied something (null).
  let copyLeft: number | null = 0;
  if (row.state === "copying" && row.copyStartedAt) {
    const elapsed = now - Date.parse(row.copyStartedAt);
    const remaining = Math.max(0, rowsTotal - rowsCopied);
    copyLeft = remaining === 0 ? 0 : rowsCopied > 0 && elapsed > 0 ? (remaining * elapsed) / rowsCopied : null;
  }
  const secondsLeft = copyLeft === null ? null : Math.ceil((waitLeft + copyLeft) / 1000);
  return {
    company_id: row.companyId,
    from_store: row.fromStore,
    to_store: row.toStore,
    state: row.state,
    table:
      row.state === "copying" || row.state === "cleaning" || row.state === "reverting"
        ? (row.tables[row.tableIndex] ?? null)
        : null,
    tables: row.tables.map((name) => ({
      table: name,
      rows_copied: row.copied[name] ?? 0,
      rows_total: row.totals[name] ?? 0,
    })),
    rows_copied: rowsCopied,
    rows_total: rowsTotal,
    started_at: row.startedAt,
    updated_at: row.updatedAt,
    finished_at: row.finishedAt,
    estimated_seconds_left:
      row.state === "done" || row.state === "failed" ? 0 : row.state === "reverting" ? null : secondsLeft,
    error: row.error,
  };
}
