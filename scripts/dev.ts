/**
 * npm run dev [-- --port <port>] [--persist-to <dir>] [--var NAME:value ...]
 * Applies pending migrations to the local state, seeds the demo company when the state is empty
 * (and prints its key), then runs `wrangler dev` on 127.0.0.1 with the same state.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { seedDemo } from "../src/admin/seed";
import { applyMigrations, DEFAULT_PERSIST, openState, root } from "./lib/state";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    "persist-to": { type: "string", default: DEFAULT_PERSIST },
    var: { type: "string", multiple: true, default: [] },
  },
});
const persistTo = resolve(values["persist-to"]);
const demoFile = join(persistTo, "demo-key.json");

const state = await openState({ persistTo });
try {
  await applyMigrations(state.d1);
  const { count } = (await state.db.get<{ count: number }>(sql`SELECT count(*) AS count FROM companies`)) ?? { count: 0 };
  if (count === 0) {
    const demo = await seedDemo(state.db);
    // Local development only: the demo key is kept beside the local state so every start can print it.
    writeFileSync(demoFile, JSON.stringify(demo, null, 2));
  }
} finally {
  await state.dispose();
}

const base = `http://127.0.0.1:${values.port}`;
if (existsSync(demoFile)) {
  const demo = JSON.parse(readFileSync(demoFile, "utf8")) as { api_key: string; company_id: string };
  console.log(`
  Demo company ${demo.company_id}
  Demo API key (all scopes): ${demo.api_key}

  Try:  curl -s -H "Authorization: Bearer ${demo.api_key}" "${base}/api/v1/budgets?limit=2"
  Docs: ${base}/docs
`);
} else {
  console.log(`\n  State in ${persistTo} was not seeded by this script; mint a key with: npm run admin -- key create --company <id> --scopes all --persist-to ${persistTo}\n`);
}

const vars = values.var.flatMap((pair) => ["--var", pair]);
const hasBaseUrl = values.var.some((pair) => pair.startsWith("PUBLIC_BASE_URL:"));
const child = spawn(
  join(root, "node_modules", ".bin", "wrangler"),
  ["dev", "--ip", "127.0.0.1", "--port", values.port, "--persist-to", persistTo, ...(hasBaseUrl ? [] : ["--var", `PUBLIC_BASE_URL:${base}`]), ...vars],
  { cwd: root, stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
