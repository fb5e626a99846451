import { Hono } from "hono";

// The baselines of `npm run bench`: the same framework and runtime, no auth. `/` answers a fixed
// JSON; `/d1` first runs one trivial D1 query, to show what a single local D1 round trip costs.
const app = new Hono<{ Bindings: { DB: D1Database } }>();
const fixed = { data: [{ id: "00000000-0000-4000-8000-000000000000", total: 121 }], limit: 50, offset: 0 };
app.get("/d1", async (c) => c.json({ ...fixed, one: await c.env.DB.prepare("SELECT 1 AS one").first("one") }));
app.get("*", (c) => c.json(fixed));

export default app;
