/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { DEMO_CAPABILITIES } from "../src/admin/demo";

/**
 * The layout rules of src/, checked on the sources themselves (read as text by Vite at build
 * time, so this runs in the Workers runtime like every other test):
 *
 * - src/core is the kernel (what declares and runs operations); the rest of the platform stands in
 *   wings named for what they are, each importing only the wings below it:
 *     src/lib           pure helpers                          imports nothing of src
 *     src/data          D1: client, sessions, stores, batches  imports lib
 *     src/integrations  the provider gateway and adapters     imports lib
 *     src/keys          the key's Durable Object, auth        imports data, lib
 *     src/work          jobs, due work, retention, moves      imports data, keys, integrations, lib
 *   Every wing but lib may also read the Worker's ground: its bindings (src/env.ts) and its
 *   configuration (src/config.ts). No wing imports the kernel, a domain, src/admin or the entry;
 * - the kernel imports the wings and the ground, never a domain: domains plug into it
 *   (defineDomain, the event sink);
 * - a domain imports the kernel's declarations and any module of a wing, never the kernel's
 *   machinery (KERNEL_MACHINERY: the pipeline and its stages, registry, job runner, docs, MCP
 *   server, operator API and callback receiver serve what domains declare). A wing has no
 *   internals: each of its modules is small and named for what it is, so none hides behind an index;
 * - a domain's routes.ts holds declarations only: no drizzle-orm, no Zod schema built there
 *   (model.ts has the schemas), no statement (queries.ts has the SQL: db.select/insert/update/
 *   delete, sql``, precondition(...));
 * - a domain reaches another domain only through that domain's index (`../contacts`, never
 *   `../contacts/model`), so each domain chooses what it exports;
 * - the domains' import graph has no cycle;
 * - a domain's use cases live in its actions.ts: only actions.ts imports Uses (src/core/action.ts),
 *   and no domain file passes the whole OperationContext around;
 * - only test files import test code (vitest, cloudflare:test, anything under test/): what tests
 *   share lives in test/fixtures/, so the Worker's sources never reach the test runtime.
 *
 * Test files (*.test.ts) are not part of the layout: a domain's tests may read another domain's
 * tables (the outbox's, the seeds') to check what a write did.
 */
const everySource = import.meta.glob("/src/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;
const sources = Object.fromEntries(Object.entries(everySource).filter(([file]) => !file.endsWith(".test.ts")));

/** The text without comments, so that an example in a comment is not taken for code. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** Every module specifier the file imports or re-exports, static or dynamic, type-only included. */
function specifiers(text: string): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  for (const pattern of [
    /\b(?:import|export)\s+(?:type\s+)?[^;'"]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ]) {
    for (const match of code.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

/** `/src/domains/contacts/routes.ts` + `../../core/x` -> `/src/core/x`; bare specifiers stay as they are. */
function resolve(file: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  const parts = file.split("/").slice(0, -1);
  for (const segment of specifier.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== ".") parts.push(segment);
  }
  return parts.join("/").replace(/\.(ts|js)$/, "");
}

/** The wings, and what each may import besides itself (and, but for lib, the ground). */
const WINGS: Readonly<Record<string, readonly string[]>> = {
  lib: [],
  data: ["lib"],
  integrations: ["lib"],
  keys: ["data", "lib"],
  work: ["data", "keys", "integrations", "lib"],
};

/** The Worker's bindings and configuration: beneath every wing but lib. */
const GROUND = new Set(["/src/env", "/src/config"]);

/** The kernel's machinery: it serves what domains declare, and no domain calls it (a module, or the folder of its parts: src/core/mcp/). */
const KERNEL_MACHINERY = new Set(
  ["pipeline", "registry", "job-runner", "docs", "mcp", "operator-api", "callback-receiver"].map(
    (name) => `/src/core/${name}`,
  ),
);
/** The request path's stages (src/core/pipeline.ts lists them) and the MCP server's modules are machinery too. */
const isMachinery = (target: string) =>
  KERNEL_MACHINERY.has(target) ||
  target.startsWith("/src/core/stages/") ||
  KERNEL_MACHINERY.has(target.slice(0, target.lastIndexOf("/")));

/** The part of src a module is in: a wing, core, domains, admin, or its own path (src/app, src/env...). */
const partOf = (path: string) =>
  /^\/src\/(lib|data|integrations|keys|work|core|domains|admin)(\/|$)/.exec(path)?.[1] ?? path;

/** The domain a module belongs to (`/src/domains/<name>/...`), or undefined. */
const domainOf = (path: string) => /^\/src\/domains\/([^/.]+)(\/|$)/.exec(path)?.[1];

/** Whether the import reaches test code: the test runner, the Workers test runtime, or test/. */
const isTestCode = (specifier: string, target: string) =>
  specifier === "vitest" ||
  specifier.startsWith("vitest/") ||
  specifier === "cloudflare:test" ||
  target === "/test" ||
  target.startsWith("/test/");

const ROUTE_FORBIDDEN: [RegExp, string][] = [
  [/\bz\s*\.\s*[a-zA-Z]+\s*\(/, "builds a Zod schema (z.…(); schemas go in model.ts)"],
  [
    /\bdb\s*\.\s*(select|insert|update|delete)\s*\(/,
    "builds a statement (db.select/insert/update/delete; statements go in queries.ts)",
  ],
  [/\bsql\s*`/, "writes SQL (sql``; statements go in queries.ts)"],
  [/\bprecondition\s*\(/, "builds a precondition (it goes in queries.ts)"],
];

/** Every broken rule of these sources, one line each (empty: the layout holds). */
function violations(files: Record<string, string>): string[] {
  const found: string[] = [];
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of Object.entries(files)) {
    const imports = specifiers(text).map((specifier) => ({ specifier, target: resolve(file, specifier) }));
    const from = domainOf(file);
    for (const { specifier, target } of imports)
      if (isTestCode(specifier, target))
        found.push(`${file} imports ${specifier}, test code; what tests share goes in test/fixtures/`);
    const part = partOf(file);
    if (part === "core") {
      for (const { specifier, target } of imports)
        if (target.startsWith("/src/domains")) found.push(`${file} (core) imports ${specifier}, a domain`);
    }
    const below = WINGS[part];
    if (below) {
      for (const { specifier, target } of imports) {
        const to = partOf(target);
        if (!target.startsWith("/src") || to === part || below.includes(to) || (part !== "lib" && GROUND.has(target)))
          continue;
        found.push(
          `${file} (${part}) imports ${specifier}; ${part} imports ${below.length > 0 ? `only ${below.join(", ")}${part === "lib" ? "" : " and the ground"}` : "nothing of src"}`,
        );
      }
    }
    if (from && file.endsWith("/routes.ts")) {
      for (const { specifier } of imports)
        if (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/"))
          found.push(`${file} imports ${specifier}; queries.ts holds the SQL`);
      const code = withoutComments(text);
      for (const [pattern, what] of ROUTE_FORBIDDEN) if (pattern.test(code)) found.push(`${file} ${what}`);
    }
    if (from) {
      for (const { specifier, target } of imports) {
        if (isMachinery(target))
          found.push(`${file} imports ${specifier}, the kernel's machinery; a domain declares, the kernel serves`);
        const to = partOf(target);
        if (target.startsWith("/src") && !(to === "core" || to === "domains" || to in WINGS || GROUND.has(target))) {
          found.push(`${file} imports ${specifier}; a domain imports the kernel, the wings and the ground`);
        }
      }
      // One name for the use-case layer: an action declares what it uses with Uses<...>, and only actions.ts holds actions.
      for (const { specifier, target } of imports) {
        if (target === "/src/core/action" && !file.endsWith("/actions.ts"))
          found.push(`${file} imports ${specifier}: use cases live in the domain's actions.ts`);
        if (target === "/src/core/operation" && /\bOperationContext\b/.test(text))
          found.push(`${file} uses OperationContext: an action takes Uses<...> and its input`);
      }
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges);
      for (const { specifier, target } of imports) {
        const to = domainOf(target);
        if (!to || to === from) continue;
        edges.add(to);
        const rest = target.slice(`/src/domains/${to}`.length);
        if (rest !== "" && rest !== "/index")
          found.push(`${file} imports ${specifier}: another domain is reached through its index (../${to})`);
      }
    }
  }
  for (const cycle of cycles(graph)) found.push(`the domains import each other in a cycle: ${cycle.join(" -> ")}`);
  return found;
}

/** Each cycle of the graph once, as the path that closes it (a -> b -> a). */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const key = [...cycle.slice(0, -1)].sort().join(",");
        if (!found.has(key)) found.set(key, cycle);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...found.values()];
}

describe("the layout of src/", () => {
  it("reads the sources", () => {
    const files = Object.keys(sources);
    expect(files).toContain("/src/core/registry.ts");
    for (const wing of Object.keys(WINGS))
      expect(
        files.some((file) => file.startsWith(`/src/${wing}/`)),
        wing,
      ).toBe(true);
    expect(files.filter((file) => file.endsWith("/routes.ts")).length).toBeGreaterThanOrEqual(9);
  });

  it("holds: each wing imports only the wings below it, the kernel no domain, a domain no machinery of the kernel, routes.ts only declares, use cases live in actions.ts, domains meet through their index, without cycles, and only tests import test code", () => {
    expect(violations(sources)).toEqual([]);
  });

  it("knows nothing of the bench: no file under src/, its tests included, imports bench/ (the bench wraps the Worker's bindings from bench/worker.ts)", () => {
    const intoBench = Object.entries(everySource).flatMap(([file, text]) =>
      specifiers(text)
        .filter((specifier) => /^\/bench(\/|$)/.test(resolve(file, specifier)))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(intoBench).toEqual([]);
    expect(resolve("/src/data/session.ts", "../../bench/capture"), "the check resolves a path into bench/").toBe(
      "/bench/capture",
    );
  });
});

describe("the layout checks", () => {
  it("find an action outside actions.ts, and the whole request context passed to a use case", () => {
    expect(violations({ "/src/domains/a/send.ts": 'import type { Uses } from "../../core/action";' })).toEqual([
      "/src/domains/a/send.ts imports ../../core/action: use cases live in the domain's actions.ts",
    ]);
    expect(violations({ "/src/domains/a/actions.ts": 'import type { Uses } from "../../core/action";' })).toEqual([]);
    expect(
      violations({
        "/src/domains/a/actions.ts":
          'import type { OperationContext } from "../../core/operation";\ntype C = OperationContext<1, 2, 3>;',
      }),
    ).toHaveLength(1);
  });

  it("find a core module that imports a domain", () => {
    expect(violations({ "/src/core/x.ts": 'import { contacts } from "../domains/contacts";' })).toEqual([
      "/src/core/x.ts (core) imports ../domains/contacts, a domain",
    ]);
    expect(
      violations({ "/src/core/db/y.ts": 'import type { Row } from "../../domains/contacts/schema";' }),
    ).toHaveLength(1);
  });

  it("find a wing that imports above it, and a domain that imports the kernel's machinery", () => {
    expect(
      violations({
        "/src/lib/a.ts":
          'import { clock } from "./clock";\nimport type { Env } from "../env";\nimport { rows } from "../data/rows";',
        "/src/data/b.ts":
          'import { ApiError } from "../lib/errors";\nimport type { Env } from "../env";\nimport { guardOf } from "../keys/key-changes";',
        "/src/integrations/c.ts": 'import { configOf } from "../config";\nimport { requestDb } from "../data/session";',
        "/src/keys/d.ts":
          'import { databaseFor } from "../data/tenancy";\nimport type { Caller } from "../core/caller";',
        "/src/work/e.ts":
          'import { gateway } from "../integrations";\nimport { sha256Hex } from "../keys/auth";\nimport { commitBatch } from "../core/commit";\nimport { x } from "../domains/contacts";',
      }),
    ).toEqual([
      "/src/lib/a.ts (lib) imports ../env; lib imports nothing of src",
      "/src/lib/a.ts (lib) imports ../data/rows; lib imports nothing of src",
      "/src/data/b.ts (data) imports ../keys/key-changes; data imports only lib and the ground",
      "/src/integrations/c.ts (integrations) imports ../data/session; integrations imports only lib and the ground",
      "/src/keys/d.ts (keys) imports ../core/caller; keys imports only data, lib and the ground",
      "/src/work/e.ts (work) imports ../core/commit; work imports only data, keys, integrations, lib and the ground",
      "/src/work/e.ts (work) imports ../domains/contacts; work imports only data, keys, integrations, lib and the ground",
    ]);
    expect(
      violations({
        "/src/domains/a/routes.ts":
          'import type { AppEnv } from "../../core/pipeline";\nimport { defineOperation } from "../../core/operation";',
        "/src/domains/a/queries.ts":
          'import { rowOf } from "../../data/rows";\nimport { configOf } from "../../config";\nimport { seed } from "../../admin/seed";',
        "/src/domains/a/actions.ts": 'import { gateOpen } from "../../core/stages/gate";',
        "/src/domains/a/tools.ts": 'import { operationTools } from "../../core/mcp/tools";',
      }),
    ).toEqual([
      "/src/domains/a/routes.ts imports ../../core/pipeline, the kernel's machinery; a domain declares, the kernel serves",
      "/src/domains/a/queries.ts imports ../../admin/seed; a domain imports the kernel, the wings and the ground",
      "/src/domains/a/actions.ts imports ../../core/stages/gate, the kernel's machinery; a domain declares, the kernel serves",
      "/src/domains/a/tools.ts imports ../../core/mcp/tools, the kernel's machinery; a domain declares, the kernel serves",
    ]);
  });

  it("find SQL, drizzle-orm and Zod schemas in a routes.ts, but not in a comment", () => {
    const found = violations({
      "/src/domains/a/routes.ts": [
        'import { and, eq } from "drizzle-orm";',
        'import { z } from "@hono/zod-openapi";',
        "const Path = z.object({ id: z.string() });",
        "const run = (db) => db.insert(table).values({});",
        "const holds = sql`EXISTS (SELECT 1)`;",
        "const check = precondition(db, holds, fail);",
        "// db.select() in a comment is fine",
      ].join("\n"),
    });
    expect(found).toEqual([
      "/src/domains/a/routes.ts imports drizzle-orm; queries.ts holds the SQL",
      "/src/domains/a/routes.ts builds a Zod schema (z.…(); schemas go in model.ts)",
      "/src/domains/a/routes.ts builds a statement (db.select/insert/update/delete; statements go in queries.ts)",
      "/src/domains/a/routes.ts writes SQL (sql``; statements go in queries.ts)",
      "/src/domains/a/routes.ts builds a precondition (it goes in queries.ts)",
    ]);
    expect(
      violations({ "/src/domains/a/queries.ts": 'import { sql } from "drizzle-orm";\nconst q = sql`SELECT 1`;' }),
    ).toEqual([]);
  });

  it("find a domain that reaches into another domain's files", () => {
    expect(
      violations({ "/src/domains/a/model.ts": 'import { Contact } from "../b/model";', "/src/domains/b/index.ts": "" }),
    ).toEqual(["/src/domains/a/model.ts imports ../b/model: another domain is reached through its index (../b)"]);
    expect(
      violations({
        "/src/domains/a/model.ts":
          'import { Contact } from "../b";\nimport { x } from "../b/index";\nimport { y } from "./queries";',
      }),
    ).toEqual([]);
  });

  it("find test code imported outside a test file, but not in a comment", () => {
    const found = violations({
      "/src/domains/a/fixtures.ts": [
        'import { env } from "cloudflare:test";',
        'import type { MockInstance } from "vitest";',
        'import { call } from "../../../test/helpers";',
        '// a comment may name vitest: import { expect } from "vitest";',
      ].join("\n"),
      "/src/core/x.ts": 'export { spendFixtures } from "../../test/security/spend-fixtures";',
    });
    expect(found).toEqual([
      "/src/domains/a/fixtures.ts imports cloudflare:test, test code; what tests share goes in test/fixtures/",
      "/src/domains/a/fixtures.ts imports vitest, test code; what tests share goes in test/fixtures/",
      "/src/domains/a/fixtures.ts imports ../../../test/helpers, test code; what tests share goes in test/fixtures/",
      "/src/core/x.ts imports ../../test/security/spend-fixtures, test code; what tests share goes in test/fixtures/",
    ]);
    expect(
      violations({
        "/src/domains/a/queries.ts": 'import { sql } from "drizzle-orm";\nimport { testing } from "./testing";',
      }),
    ).toEqual([]);
  });

  it("find a cycle among the domains, however long", () => {
    expect(
      violations({
        "/src/domains/a/queries.ts": 'import { b } from "../b";',
        "/src/domains/b/queries.ts": 'import { c } from "../c";',
        "/src/domains/c/model.ts": 'export { a } from "../a";',
        "/src/domains/d/model.ts": 'import { a } from "../a";',
      }),
    ).toEqual(["the domains import each other in a cycle: a -> b -> c -> a"]);
  });
});

/**
 * README.md is the start page: the two set-up commands, a short tour and where to read on. Detail
 * belongs in docs/, so past 12 KB the page is turning into a manual again (read as text by Vite,
 * like the sources above).
 */
const readme = (
  import.meta.glob("/README.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>
)["/README.md"];

describe("the start page", () => {
  it("README.md stays at most 12 KB: its detail goes in docs/", () => {
    expect(readme, "README.md is read as text").toBeTypeOf("string");
    expect(new TextEncoder().encode(readme ?? "").length).toBeLessThanOrEqual(12_000);
  });

  it("its onboarding example grants what the demo was granted, so the company it makes can do what the demo does", () => {
    const granted = /tenant create .*--capabilities (\S+)/.exec(readme ?? "")?.[1]?.split(",");
    expect(granted?.sort()).toEqual([...DEMO_CAPABILITIES].sort());
  });
});
