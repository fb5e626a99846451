import { drizzle } from "drizzle-orm/d1";
import type { Env } from "../env";
import { clock } from "../lib/clock";
import { ApiError } from "../lib/errors";
import type { Database } from "./client";
import { readsOnly, routedClient, type Placement, type Router, type Target } from "./routing";

/**
 * The seam between a company and the databases that hold its data. The control plane is `DB`
 * (companies, keys, the directory, the price book: routing.ts lists them); tenant data lives in
 * stores: store 0 is `DB` itself (so a deployment with one database moves nothing), store n > 0 is
 * the binding `STORE_<n>`. The directory, `companies.store`, names each company's store. Code
 * between requests (jobs, due work, queue consumers, callbacks, the cron, the operator) gets a
 * company's database here and nowhere else; requests get theirs in session.ts from the caller's
 * key record. No other code names a D1 binding.
 */

/** The bindings of the stores: `DB` and any `STORE_<n>` the deployment declares. */
export type StoreEnv = Pick<Env, "DB">;

/** How many stores the deployment has: `DB` and `STORE_1` .. `STORE_<n-1>`, without gaps. */
export function storeCount(env: StoreEnv): number {
  let count = 1;
  while (storeBinding(env, count)) count++;
  return count;
}

/** The D1 database of store `store` (0: DB), undefined when the deployment has no such binding. */
export function storeBinding(env: StoreEnv, store: number): D1Database | undefined {
  if (store === 0) return env.DB;
  const binding = (env as unknown as Record<string, unknown>)[`STORE_${store}`];
  return binding && typeof binding === "object" && "withSession" in binding ? (binding as D1Database) : undefined;
}

/** A request's databases: its caller's store and the control plane (session.ts opens their sessions). */
export function requestDatabases(
  env: StoreEnv,
  store: number,
): { store: number; tenant: D1Database; control: D1Database } {
  return { store, tenant: requireStore(env, store), control: env.DB };
}

function requireStore(env: StoreEnv, store: number): D1Database {
  const binding = storeBinding(env, store);
  if (!binding)
    throw new Error(`The directory names store ${store}, which this deployment does not bind (STORE_${store}).`);
  return binding;
}

/** How long an isolate trusts what it read of the directory (a move flips it; the mover waits this long). */
export const DIRECTORY_TTL_MS = 60_000;
/** At most this many companies' stores per isolate: a cache, bounded so a platform of millions does not fill an isolate. */
const DIRECTORY_CACHE_LIMIT = 10_000;
const directory = new Map<string, { store: number; moving: boolean; readAt: number }>();

/** What the directory says of a company: its store, and whether a move of it is under way. */
export interface DirectoryEntry {
  store: number;
  moving: boolean;
}

/** Seconds a write of a moving company is told to wait (Retry-After): a move's steps come every few seconds. */
const MOVING_RETRY_AFTER_SECONDS = 10;

/** The 503 of a write (a request's, a callback's, an operator's) for a company whose data is moving between stores. */
export const companyMoving = () =>
  new ApiError(
    "company_moving",
    "This account's data is moving to another database; writes resume when the move ends. Retry after Retry-After seconds.",
    {
      headers: { "Retry-After": String(MOVING_RETRY_AFTER_SECONDS) },
    },
  );

/** Remembers a company's store, read with its key or from the directory. */
function rememberStore(companyId: string, store: number, moving = false): void {
  if (directory.size >= DIRECTORY_CACHE_LIMIT) {
    // Oldest first: a Map iterates in insertion order.
    const oldest = directory.keys().next().value;
    if (oldest !== undefined) directory.delete(oldest);
  }
  directory.delete(companyId);
  directory.set(companyId, { store, moving, readAt: clock.now() });
}

/** Forgets what this isolate read of a company's directory entry (the mover, after it changed it). */
export function forgetDirectoryEntry(companyId: string): void {
  directory.delete(companyId);
}

/**
 * A company's store, from the isolate's cache or the directory. An unknown company is placed in
 * store 0, where its reads find nothing as before.
 */
export async function storeOf(env: StoreEnv, companyId: string): Promise<number> {
  return (await directoryEntryOf(env, companyId)).store;
}

/** A company's directory entry (store and moving), from the isolate's cache or the directory. */
export async function directoryEntryOf(env: StoreEnv, companyId: string): Promise<DirectoryEntry> {
  const known = directory.get(companyId);
  if (known && clock.now() - known.readAt < DIRECTORY_TTL_MS) return known;
  const row = await env.DB.prepare("SELECT store, moving FROM companies WHERE id = ?")
    .bind(companyId)
    .first<{ store: number; moving: number }>();
  const entry = { store: row?.store ?? 0, moving: Boolean(row?.moving) };
  if (row) rememberStore(companyId, entry.store, entry.moving);
  return entry;
}

/**
 * The store of a company's statement between requests: a write for a company whose move is under
 * way is refused (503, so that a job, a callback or a delivery is retried later), because the
 * mover may already have copied what it would change.
 */
async function storeForStatement(env: StoreEnv, companyId: string, query: string): Promise<number> {
  const { store, moving } = await directoryEntryOf(env, companyId);
  if (moving && !readsOnly(query)) throw companyMoving();
  return store;
}

const controlOnly = new WeakMap<D1Database, Database>();
const storeDatabases = new WeakMap<D1Database, Map<number, Database>>();
const companyDatabases = new WeakMap<D1Database, Map<string, Database>>();

/**
 * The control plane alone (the key's Durable Object, the directory, the price book). A tenant
 * statement on it is an error: it would silently read store 0.
 */
export function controlDatabase(env: StoreEnv): Database {
  let db = controlOnly.get(env.DB);
  if (!db) {
    db = drizzle(
      routedClient({
        control: () => env.DB,
        tenant: () => {
          throw new Error("A tenant table was read on the control-plane database: use databaseFor(env, companyId).");
        },
      }),
    );
    controlOnly.set(env.DB, db);
  }
  return db;
}

/**
 * The companies whose rows in a store no work between requests may change now (src/work/moves.ts):
 * moving out of it or into it, its old rows awaiting the cleanup, or a failed copy's rows being
 * deleted from it. Read fresh (the due-work tick and the jobs sweep read it once per store per tick).
 */
const IN_MOTION = `SELECT company_id, from_store AS store FROM company_moves WHERE state IN ('draining', 'copying', 'verifying', 'cleaning')
  UNION ALL SELECT company_id, to_store AS store FROM company_moves WHERE state IN ('draining', 'copying', 'verifying', 'reverting')`;

export async function companiesInMotion(env: StoreEnv, store: number): Promise<string[]> {
  return [...((await readCompaniesInMotion(env)).get(store) ?? [])];
}

async function readCompaniesInMotion(env: StoreEnv): Promise<Map<number, Set<string>>> {
  const { results } = await env.DB.prepare(IN_MOTION).all<{ company_id: string; store: number }>();
  const byStore = new Map<number, Set<string>>();
  for (const row of results) byStore.set(row.store, (byStore.get(row.store) ?? new Set()).add(row.company_id));
  return byStore;
}

/** The companies in motion as this isolate last read them: trusted as long as the directory (the mover waits that long). */
let inMotion: { readAt: number; byStore: Promise<Map<number, Set<string>>> } | undefined;

/**
 * A sweep's write (a renewal, an alert check: work across companies on every store) that names a
 * company in motion in this store is refused (503), like databaseFor's: the sweep takes it up after
 * the move. A write that names no company is left to the mover's verification (its counts).
 */
async function refuseWriteInMotion(
  env: StoreEnv,
  store: number,
  values: readonly unknown[],
  query: string,
): Promise<void> {
  if (readsOnly(query)) return;
  if (!inMotion || clock.now() - inMotion.readAt >= DIRECTORY_TTL_MS)
    inMotion = { readAt: clock.now(), byStore: readCompaniesInMotion(env) };
  const companies = (await inMotion.byStore).get(store);
  if (companies && values.some((value) => typeof value === "string" && companies.has(value))) throw companyMoving();
}

/** The database of store `store`: its tenant tables there, the control plane's in DB. */
function storeDatabase(env: StoreEnv, store: number): Database {
  let byStore = storeDatabases.get(env.DB);
  if (!byStore) storeDatabases.set(env.DB, (byStore = new Map()));
  let db = byStore.get(store);
  if (!db) {
    const binding = requireStore(env, store);
    db = drizzle(
      routedClient({
        control: () => env.DB,
        tenant: async (values, query) => {
          await refuseWriteInMotion(env, store, values, query);
          return [binding];
        },
      }),
    );
    byStore.set(store, db);
  }
  return db;
}

/**
 * The database of a company: its tenant tables in its store (looked up in the directory when a
 * statement first runs, then cached), the control plane's in DB. Synchronous, so callers keep
 * their shape; the instance is kept per company so statements prepared on it are reused.
 */
export function databaseFor(env: StoreEnv, companyId: string): Database {
  let byCompany = companyDatabases.get(env.DB);
  if (!byCompany) companyDatabases.set(env.DB, (byCompany = new Map()));
  let db = byCompany.get(companyId);
  if (!db) {
    const router: Router = {
      control: () => env.DB,
      tenant: async (_values, query) => [requireStore(env, await storeForStatement(env, companyId, query))],
    };
    db = drizzle(routedClient(router));
    if (byCompany.size >= DIRECTORY_CACHE_LIMIT) byCompany.clear();
    byCompany.set(companyId, db);
  }
  return db;
}

/** Every store's database, for work that crosses companies (sweeps: due work, retention, renewals). */
export function everyDatabase(env: StoreEnv): readonly Database[] {
  return Array.from({ length: storeCount(env) }, (_, store) => storeDatabase(env, store));
}

/**
 * The database of work that does not know its company yet (a provider callback naming a call by
 * its provider id, an operator command on a resource by id): a tenant read runs on every store in
 * parallel and answers the rows found (each row lives in one store), a tenant write runs where its
 * values name a company, else on every store (it changes the rows it finds). Used only where the
 * company cannot be known first; anything that knows it uses databaseFor. A fanned-out read
 * concatenates the stores' rows, so an aggregate (count, sum) answers one row per store, and
 * drizzle's `get` keeps the first: aggregates are read in the company's store.
 */
export function acrossStores(env: StoreEnv): Database {
  const router: Router = {
    control: () => env.DB,
    tenant: async (values, query) => {
      const count = storeCount(env);
      if (count === 1) return [env.DB];
      const named = await storesNamedBy(env, values, !readsOnly(query));
      // An insert of rows of companies of several stores goes to each store with that store's rows.
      if (named.length > 1 && /^\s*insert\b/i.test(query)) return insertByStore(env, query, values);
      const stores = named.length > 0 ? named : Array.from({ length: count }, (_, store) => store);
      return stores.map((store) => requireStore(env, store) as Target);
    },
  };
  return drizzle(routedClient(router));
}

const INSERT_ROWS =
  /^(\s*insert\s+into\s+\S+\s*\(([^)]*)\)\s*values\s*)((?:\((?:\s*(?:\?|null|default)\s*,?)+\)\s*,?\s*)+)(.*)$/is;

/** A multi-row insert split by the store of each row's company_id: one placement per store. */
function insertByStore(env: StoreEnv, query: string, values: readonly unknown[]): Placement[] {
  const match = INSERT_ROWS.exec(query);
  const columns = (match?.[2] ?? "").split(",").map((column) => column.trim().replaceAll('"', "").replaceAll("`", ""));
  const companyColumn = columns.indexOf("company_id");
  if (!match || companyColumn < 0 || match[4]!.includes("?"))
    throw new Error("An insert names companies of different stores: insert each company's rows on its own database.");
  const tuples = match[3]!.match(/\([^)]*\)/g) ?? [];
  const byStore = new Map<number, { tuples: string[]; values: unknown[] }>();
  let offset = 0;
  for (const tuple of tuples) {
    const width = tuple.split("?").length - 1;
    const row = values.slice(offset, offset + width);
    offset += width;
    // The company's value is the company_id column's placeholder among the row's placeholders.
    const placeholdersBefore = tuple
      .slice(1, -1)
      .split(",")
      .slice(0, companyColumn)
      .filter((part) => part.trim() === "?").length;
    const store = directory.get(String(row[placeholdersBefore]))?.store ?? 0;
    const part = byStore.get(store) ?? { tuples: [], values: [] };
    part.tuples.push(tuple);
    part.values.push(...row);
    byStore.set(store, part);
  }
  return [...byStore].map(([store, part]) => ({
    target: requireStore(env, store),
    sql: `${match[1]}${part.tuples.join(", ")} ${match[4]}`,
    values: part.values,
  }));
}

/** The stores of the companies a statement's values name (company ids are text values). */
export async function storesNamedBy(
  env: StoreEnv,
  values: readonly unknown[],
  refuseMoving = false,
): Promise<number[]> {
  const candidates = [
    ...new Set(
      values.filter((value): value is string => typeof value === "string" && value.length >= 8 && value.length <= 64),
    ),
  ];
  if (candidates.length === 0) return [];
  const stores = new Set<number>();
  const unknown: string[] = [];
  const moving = () => companyMoving();
  for (const value of candidates) {
    // An entry older than the cache's life is read again: a move may have changed it.
    const cached = directory.get(value);
    const known = cached && clock.now() - cached.readAt < DIRECTORY_TTL_MS ? cached : undefined;
    if (known && refuseMoving && known.moving) throw moving();
    if (known) stores.add(known.store);
    else unknown.push(value);
  }
  // Bounded by D1's 100 bound parameters per statement.
  for (let start = 0; start < unknown.length; start += 90) {
    const slice = unknown.slice(start, start + 90);
    const { results } = await env.DB.prepare(
      `SELECT id, store, moving FROM companies WHERE id IN (${slice.map(() => "?").join(", ")})`,
    )
      .bind(...slice)
      .all<{ id: string; store: number; moving: number }>();
    for (const row of results) {
      rememberStore(row.id, row.store, Boolean(row.moving));
      // A write naming a company whose move is under way waits for the move (as databaseFor's does).
      if (refuseMoving && row.moving) throw moving();
      stores.add(row.store);
    }
  }
  return [...stores];
}

/** Companies grouped by the store that holds them (the directory): an agency tree's reads fan out by it. */
export async function companiesByStore(env: StoreEnv, companyIds: readonly string[]): Promise<Map<number, string[]>> {
  const byStore = new Map<number, string[]>();
  if (storeCount(env) === 1) {
    if (companyIds.length > 0) byStore.set(0, [...companyIds]);
    return byStore;
  }
  await storesNamedBy(env, companyIds);
  for (const id of companyIds) {
    const store = directory.get(id)?.store ?? 0;
    byStore.set(store, [...(byStore.get(store) ?? []), id]);
  }
  return byStore;
}

/**
 * The database to read another company of the caller's tree with, inside a request: the request's
 * own (its session reads its writes) when that company shares the caller's store, else its store's.
 */
export function storeOrRequestDatabase(
  env: StoreEnv,
  store: number,
  request: { store: number; db: Database },
): Database {
  return store === request.store ? request.db : storeDatabase(env, store);
}

/**
 * The store a new company goes to: its agency root's (a subaccount's parent's store), so that most
 * trees stay on one store; otherwise the store with the fewest companies (D1's limit is per
 * database: the emptiest has the most room), the lowest-numbered on a tie.
 */
export async function placementOf(env: StoreEnv, parentCompanyId?: string | null): Promise<number> {
  if (parentCompanyId) return storeOf(env, parentCompanyId);
  const count = storeCount(env);
  if (count === 1) return 0;
  const { results } = await env.DB.prepare("SELECT store, count(*) AS companies FROM companies GROUP BY store").all<{
    store: number;
    companies: number;
  }>();
  const sizes = Array.from({ length: count }, (_, store) => results.find((row) => row.store === store)?.companies ?? 0);
  return sizes.indexOf(Math.min(...sizes));
}
