import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";

/**
 * The baselines of `npm run bench`: the same framework and runtime, no auth, no application code.
 * `/` answers a fixed JSON. The other routes first do only the I/O of an authenticated list, to
 * show what that I/O alone costs under local Miniflare:
 * - `/d1x2`: two D1 round trips in sequence, as the list makes them (key lookup, then the page);
 * - `/d1-do`: one D1 round trip and one Durable Object write, the least any design needs that
 *   reads the page from D1 and keeps an exact, durable rate-limit window (even with the key
 *   lookup cached away);
 * - `/calls-io`: the I/O of GET /calls: the key lookup, the Durable Object write, then three D1
 *   queries at once (the company's call settings, the page, the period's totals).
 */
interface BareEnv {
  DB: D1Database;
  WINDOW: DurableObjectNamespace<Window>;
}

export class Window extends DurableObject<BareEnv> {
  constructor(ctx: DurableObjectState, env: BareEnv) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS admissions (at INTEGER NOT NULL)");
  }

  admit(now: number): number {
    this.ctx.storage.sql.exec("INSERT INTO admissions (at) VALUES (?)", now);
    return now;
  }
}

const app = new Hono<{ Bindings: BareEnv }>();
const fixed = { data: [{ id: "00000000-0000-4000-8000-000000000000", total: 121 }], limit: 50, offset: 0 };
const selectOne = (db: D1Database) => db.prepare("SELECT 1 AS one").first<number>("one");

app.get("/d1", async (c) => c.json({ ...fixed, one: await selectOne(c.env.DB) }));
app.get("/d1x2", async (c) => {
  await selectOne(c.env.DB);
  return c.json({ ...fixed, one: await selectOne(c.env.DB) });
});
app.get("/d1-do", async (c) => {
  // One window, as the benchmarked list runs on one key and so on one KeyGuard.
  const window = c.env.WINDOW.get(c.env.WINDOW.idFromName("window"));
  await window.admit(Date.now());
  return c.json({ ...fixed, one: await selectOne(c.env.DB) });
});
app.get("/calls-io", async (c) => {
  await selectOne(c.env.DB);
  const window = c.env.WINDOW.get(c.env.WINDOW.idFromName("window"));
  await window.admit(Date.now());
  const [settings, page, totals] = await Promise.all([selectOne(c.env.DB), selectOne(c.env.DB), selectOne(c.env.DB)]);
  return c.json({ ...fixed, one: [settings, page, totals] });
});
app.get("*", (c) => c.json(fixed));

export default app;
