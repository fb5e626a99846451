import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";

/**
 * The floors of `npm run bench`: the same framework and runtime (behind the same static-assets
 * router, wrangler.bare.toml), no application code, exactly the I/O of the API's requests, over the
 * same database (the bench gives both Workers one D1 file):
 * - `/floor/list`: one Durable Object call that counts the request in a window, then the list's
 *   own page query (its SQL and parameters come from the bench), as GET /budgets makes them;
 * - `/floor/write`: the Durable Object call that counts and claims an Idempotency-Key, one D1
 *   batch of POST /budgets's own statements with the key's mark (built by its code in the bench,
 *   with new ids per request), then, after the response, the call that stores it;
 * - `/floor/calls`: the Durable Object call, then three D1 queries at once, as GET /calls;
 * - `/floor/search`: the Durable Object call, then the knowledge-base search's own batch (base,
 *   collection and the FTS5 query, their SQL and parameters from the bench);
 * - `/`: a fixed JSON answer, the runtime alone.
 * Queries go through a D1 session, as the API's must (reads near the client, the bookmark sent
 * back in X-D1-Bookmark): the session's bookmark travels with each query and its answer.
 */
interface BareEnv {
  DB: D1Database;
  WINDOW: DurableObjectNamespace<Window>;
  FLOOR_LIST_SQL: string;
  FLOOR_LIST_PARAMS: string;
  FLOOR_WRITE_BATCH: string;
  /** The one UUID of the batch that stays (the company's id). */
  FLOOR_WRITE_KEEP: string;
  FLOOR_SEARCH: string;
}

export class Window extends DurableObject<BareEnv> {
  constructor(ctx: DurableObjectState, env: BareEnv) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS admissions (at INTEGER NOT NULL)");
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS claims (key TEXT PRIMARY KEY, body TEXT)");
  }

  admit(now: number, claim?: string): number {
    this.ctx.storage.sql.exec("INSERT INTO admissions (at) VALUES (?)", now);
    if (claim) this.ctx.storage.sql.exec("INSERT OR REPLACE INTO claims (key) VALUES (?)", claim);
    return now;
  }

  complete(claim: string, body: string): void {
    this.ctx.storage.sql.exec("UPDATE claims SET body = ? WHERE key = ?", body, claim);
  }
}

const app = new Hono<{ Bindings: BareEnv }>();
/** A UUID among a statement's parameters: replaced by a new one per request, the same for each occurrence. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const fixed = { data: [{ id: "00000000-0000-4000-8000-000000000000", total: 121 }], limit: 50, offset: 0 };
/** The floors' SQL and parameters, parsed once per isolate as the API's prepared statements are built once. */
const parsedOnce = new Map<string, unknown>();
const parsed = <T>(json: string): T => {
  if (!parsedOnce.has(json)) parsedOnce.set(json, JSON.parse(json));
  return parsedOnce.get(json) as T;
};
const windowOf = (env: BareEnv) => env.WINDOW.get(env.WINDOW.idFromName("window"));
const selectOne = (db: D1DatabaseSession) => db.prepare("SELECT 1 AS one").first<number>("one");

/** The request's D1 session, as the API opens it for a read or a write. */
const sessionOf = (db: D1Database, write: boolean) => db.withSession(write ? "first-primary" : "first-unconstrained");
/**
 * The headers of an API answer, the same bytes (its request id, rate limit, caching, its D1 session's
 * bookmark): making their values is the API's work, sending them is I/O, which the floor pays too.
 */
const API_HEADERS = {
  "Cache-Control": "no-store",
  RateLimit: '"default";r=999999997;t=60',
  "RateLimit-Policy": '"default";q=1000000000;w=60',
  "X-Content-Type-Options": "nosniff",
  "X-Request-Id": "00000000-0000-4000-8000-000000000000",
};
const answerHeaders = (session: D1DatabaseSession) => ({
  ...API_HEADERS,
  "X-D1-Bookmark": session.getBookmark() ?? "",
});

app.get("/floor/list", async (c) => {
  await windowOf(c.env).admit(Date.now());
  const session = sessionOf(c.env.DB, false);
  const { results } = await session
    .prepare(c.env.FLOOR_LIST_SQL)
    .bind(...parsed<unknown[]>(c.env.FLOOR_LIST_PARAMS))
    .all();
  return c.json({ data: results, limit: 50, offset: 0 }, 200, answerHeaders(session));
});

app.post("/floor/write", async (c) => {
  const claim = c.req.header("Idempotency-Key") ?? crypto.randomUUID();
  await c.req.text();
  const window = windowOf(c.env);
  await window.admit(Date.now(), claim);
  const fresh = new Map<string, string>();
  const renew = (value: unknown) =>
    typeof value === "string" && UUID.test(value) && value !== c.env.FLOOR_WRITE_KEEP
      ? (fresh.get(value) ?? fresh.set(value, crypto.randomUUID()).get(value))
      : value;
  const batch = parsed<{ sql: string; params: unknown[] }[]>(c.env.FLOOR_WRITE_BATCH);
  const session = sessionOf(c.env.DB, true);
  await session.batch(batch.map((statement) => session.prepare(statement.sql).bind(...statement.params.map(renew))));
  const id = fresh.values().next().value ?? crypto.randomUUID();
  const answer = JSON.stringify({ id, ...fixed });
  c.executionCtx.waitUntil(window.complete(claim, answer));
  return c.body(answer, 201, { "Content-Type": "application/json", ...answerHeaders(session) });
});

app.get("/floor/calls", async (c) => {
  await windowOf(c.env).admit(Date.now());
  const session = sessionOf(c.env.DB, false);
  const [settings, page, totals] = await Promise.all([selectOne(session), selectOne(session), selectOne(session)]);
  return c.json({ ...fixed, one: [settings, page, totals] }, 200, answerHeaders(session));
});

app.post("/floor/search", async (c) => {
  await c.req.text();
  await windowOf(c.env).admit(Date.now());
  const statements = parsed<{ sql: string; params: unknown[] }[]>(c.env.FLOOR_SEARCH);
  const session = sessionOf(c.env.DB, false);
  const [, , hits] = await session.batch(
    statements.map((statement) => session.prepare(statement.sql).bind(...statement.params)),
  );
  return c.json({ data: hits?.results ?? [] }, 200, answerHeaders(session));
});

app.get("*", (c) => c.json(fixed));

export default app;
