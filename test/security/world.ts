import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { seededRandom } from "../../src/lib/random";
import { seedCompany } from "../../src/admin/seed";
import { auditLog, companies } from "../../src/data/schema";
import { storeBinding, storeOf } from "../../src/data/tenancy";
import { kbCollections } from "../../src/domains/knowledge-bases";
import { companyChanged } from "../../src/keys/key-changes";
import type { Operation, Plan } from "../../src/core/operation";
import { call, db, slug, tenant } from "../helpers";
import {
  isRecord,
  propertiesOf,
  requiredOf,
  resolve,
  typesOf,
  type Schema,
  type SchemaContext,
} from "../fuzz/json-schema";
import { isIdParam, OPEN, pathParams } from "./declarations";
import { surfaces, type Surface } from "./surfaces";

/** A company of the suite and its key with every scope. */
export interface Company {
  label: string;
  companyId: string;
  key: string;
  keyId: string;
}

/** Every capability the operations declare: the seeded companies have them all. */
export const capabilities = [
  ...new Set(surfaces.flatMap((surface) => surface.operations.map((op) => op.capability))),
].sort();

/**
 * An Enterprise company granted every capability and enabled for spending, so that nothing but
 * the case at hand refuses its requests, with every domain's demo data (seedCompany, scale full).
 */
export async function seededCompany(
  label: string,
  settings: { region: string; currency: string; vatRate: number; seed: number },
): Promise<Company> {
  const t = await tenant({
    name: `${label} company`,
    plan: "Enterprise",
    capabilities,
    spendEnabled: true,
    defaultRegion: settings.region,
    defaultCurrency: settings.currency,
    defaultVatRate: settings.vatRate,
  });
  const company = { id: t.companyId, currency: settings.currency, vatRate: settings.vatRate, region: settings.region };
  await seedCompany(
    db,
    company,
    seededRandom(settings.seed),
    Date.now(),
    "full",
    { attachments: env.ATTACHMENTS },
    env.WEBHOOK_SECRET_KEY,
  );
  // A request of its own, so that its request log (GET /api/v1/requests) has an id to try.
  const logged = await call("/api/v1/budgets", { key: t.key, vars: OPEN });
  if (logged.status !== 200) throw new Error(`GET /api/v1/budgets answered ${logged.status} ${logged.text}`);
  return { label, ...t };
}

// ---------------------------------------------------------------------------------------------
// Example values from the OpenAPI document

/**
 * Request bodies, by operationId, for operations whose OpenAPI document has no example and whose
 * body cannot be drawn from its JSON Schema so that the operation's own schema accepts it (or is
 * not JSON). test/security.test.ts names every operation with a body and no valid example.
 */
const EXAMPLES: Record<string, unknown> = {};

const context = (surface: Surface): SchemaContext => ({
  components: surface.document.components,
  hint: () => undefined,
});

/**
 * A value `schema` accepts, as far as JSON Schema says: its example, const, default or first enum
 * value, else a plain value of its type within its bounds. Objects get their required properties
 * (and every property when `every`), arrays one element.
 */
function sample(input: Schema, ctx: SchemaContext, every = false, depth = 0): unknown {
  const schema = resolve(input, ctx);
  if ("example" in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("const" in schema) return schema.const;
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null);
  const alternatives = [schema.anyOf, schema.oneOf].find(Array.isArray)?.filter(isRecord);
  if (alternatives) {
    const nonNull = alternatives.find(
      (alternative) => !typesOf(resolve(alternative, ctx)).every((type) => type === "null"),
    );
    return nonNull ? sample(nonNull, ctx, every, depth + 1) : null;
  }
  const num = (value: unknown) => (typeof value === "number" ? value : undefined);
  switch (typesOf(schema).find((type) => type !== "null")) {
    case "object": {
      if (depth > 8) return {};
      const wanted = new Set(requiredOf(schema));
      const entries = propertiesOf(schema).filter(([name]) => every || wanted.has(name));
      return Object.fromEntries(entries.map(([name, property]) => [name, sample(property, ctx, every, depth + 1)]));
    }
    case "array": {
      const items = isRecord(schema.items) ? schema.items : {};
      const length = Math.min(Math.max(num(schema.minItems) ?? 1, 1), num(schema.maxItems) ?? 1);
      return Array.from({ length }, () => sample(items, ctx, every, depth + 1));
    }
    case "integer":
    case "number": {
      const low = num(schema.minimum) ?? (num(schema.exclusiveMinimum) ?? Number.NEGATIVE_INFINITY) + 1;
      const high = num(schema.maximum) ?? (num(schema.exclusiveMaximum) ?? Number.POSITIVE_INFINITY) - 1;
      return Math.min(Math.max(1, low), high);
    }
    case "boolean":
      return true;
    case "string": {
      const byFormat: Record<string, string> = {
        email: "user@example.com",
        uuid: "00000000-0000-4000-8000-000000000000",
        uri: "https://example.com/",
        url: "https://example.com/",
        date: "2026-01-01",
        "date-time": "2026-01-01T00:00:00.000Z",
      };
      if (typeof schema.format === "string" && byFormat[schema.format]) return byFormat[schema.format];
      const length = Math.min(
        Math.max(num(schema.minLength) ?? 0, "example".length),
        num(schema.maxLength) ?? Infinity,
      );
      return "example".padEnd(length, "x").slice(0, length);
    }
    default:
      return null;
  }
}

export interface Example {
  value: unknown;
  /** The media type it is sent as (application/json, or the first of a raw body's). */
  contentType: string;
  /** Where it came from: the document's example, the suite's EXAMPLES, or drawn from the schema. */
  source: string;
  /** Whether the operation's own body schema accepts it. */
  valid: boolean;
}

/** The examples of a media type object of the document, by where they were found. */
function documentExamples(media: Schema): [string, unknown][] {
  const found: [string, unknown][] = [];
  if ("example" in media) found.push(["the document's example", media.example]);
  if (isRecord(media.examples)) {
    for (const [name, example] of Object.entries(media.examples)) {
      if (isRecord(example) && "value" in example) found.push([`the document's example ${name}`, example.value]);
    }
  }
  return found;
}

/**
 * A request body for `op` (undefined when it takes none): the first candidate its body schema
 * accepts, among the document's examples, EXAMPLES, and values drawn from the JSON Schema. A body
 * that is not JSON (request.rawBody) has no schema to draw from: an example is needed.
 */
export function exampleBody(surface: Surface, op: Operation): Example | undefined {
  if (!examples.has(op)) examples.set(op, findExample(surface, op));
  return examples.get(op);
}

const examples = new WeakMap<Operation, Example | undefined>();

function findExample(surface: Surface, op: Operation): Example | undefined {
  const request = op.request ?? {};
  const contentType = request.body ? "application/json" : Object.keys(request.rawBody?.content ?? {})[0];
  const schema = request.body ?? (contentType ? request.rawBody?.content[contentType] : undefined);
  if (!schema || !contentType) return undefined;
  const described = surface.document.paths[op.path]?.[op.method];
  const content =
    isRecord(described?.requestBody) && isRecord(described.requestBody.content)
      ? described.requestBody.content[contentType]
      : undefined;
  const media = isRecord(content) ? content : {};
  const candidates: [string, unknown][] = documentExamples(media);
  if (op.operationId in EXAMPLES) candidates.push(["EXAMPLES in test/security/world.ts", EXAMPLES[op.operationId]]);
  if (request.body) {
    const bodySchema = isRecord(media.schema) ? media.schema : {};
    candidates.push(["drawn from the schema (required properties)", sample(bodySchema, context(surface))]);
    candidates.push(["drawn from the schema (every property)", sample(bodySchema, context(surface), true)]);
  }
  for (const [source, value] of candidates) {
    if (schema.safeParse(value).success) return { value, contentType, source, valid: true };
  }
  const [source, value] = candidates[0] ?? ["none", ""];
  return { value, contentType, source: `${source} (refused by the body schema)`, valid: false };
}

/** Parameters of `op` in the document (path and query), by name. */
function parametersOf(
  surface: Surface,
  op: Operation,
  where: "path" | "query",
): { name: string; required: boolean; schema: Schema }[] {
  const described = surface.document.paths[op.path]?.[op.method];
  const list = Array.isArray(described?.parameters) ? described.parameters.filter(isRecord) : [];
  return list
    .filter((parameter) => parameter.in === where && typeof parameter.name === "string")
    .map((parameter) => ({
      name: String(parameter.name),
      required: parameter.required === true,
      schema: isRecord(parameter.schema) ? parameter.schema : {},
    }));
}

// ---------------------------------------------------------------------------------------------
// Requests

/** `/api/v1/contacts/{contact_id}` with its parameters filled, and the query the operation requires. */
function target(surface: Surface, op: Operation, params: Record<string, string>): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} of ${op.path}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const parameter of parametersOf(surface, op, "query")) {
    if (parameter.required) query.set(parameter.name, String(sample(parameter.schema, context(surface))));
  }
  return query.size > 0 ? `${path}?${query}` : path;
}

export interface Send {
  params: Record<string, string>;
  vars: Record<string, string>;
  key?: string;
  /** Sent as is (a malformed key); else Bearer `key` when given. */
  authorization?: string;
  /** Writes send a fresh Idempotency-Key unless this is false. */
  idempotencyKey?: boolean;
}

/** One request for `op` with its example body, through the surface's app. */
export async function send(surface: Surface, op: Operation, options: Send) {
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers.Authorization = options.authorization;
  if (op.method !== "get" && options.idempotencyKey !== false) headers["Idempotency-Key"] = crypto.randomUUID();
  const example = exampleBody(surface, op);
  if (example) headers["Content-Type"] = example.contentType;
  return call(target(surface, op, options.params), {
    app: surface.app,
    method: op.method.toUpperCase(),
    key: options.authorization === undefined ? options.key : undefined,
    // As text: a JSON body is always encoded (even a string), a raw body sent as is.
    body:
      example && (example.contentType === "application/json" ? JSON.stringify(example.value) : String(example.value)),
    headers,
    vars: options.vars,
  });
}

export type Response = Awaited<ReturnType<typeof call>>;

/** The problem a case expects, with the answer in the message when it is another. */
export function expectProblem(response: Response, status: number, problem: string, where: string) {
  const got = `${where} answered ${response.status} ${response.text.slice(0, 300)}`;
  expect(response.status, got).toBe(status);
  expect(slug(response.json), got).toBe(problem);
  expect(response.headers.get("Content-Type"), got).toBe("application/problem+json");
}

// ---------------------------------------------------------------------------------------------
// Ids of a company's resources

/**
 * Where ids come from for a collection that has no list operation, by the collection's path.
 * Keys are issued by the panel (the admin CLI); the API only rotates the calling key.
 */
const ID_SOURCES: Record<string, (company: Company, params: Record<string, string>) => string[] | Promise<string[]>> = {
  "/api/v1/api-keys": (company) => [company.keyId],
  // Subaccounts are listed at /subaccounts; /agency/subaccounts/{id} activates or suspends one.
  "/api/v1/agency/subaccounts": (company) => idsOfList(`/api/v1/subaccounts`, company),
  // Collections are listed inside their knowledge base (GET /api/v1/knowledge-bases).
  "/api/v1/kb/collections": async (company) =>
    (
      await db
        .select({ id: kbCollections.id })
        .from(kbCollections)
        .where(eq(kbCollections.companyId, company.companyId))
        .orderBy(kbCollections.createdAt)
    ).map((row) => row.id),
  // A company has one webhook subscription (GET /webhooks answers it, not a list): made when the seed left none.
  "/api/v1/webhooks": async (company) => {
    const current = await call("/api/v1/webhooks", { key: company.key, vars: OPEN });
    if (isRecord(current.json) && typeof current.json.id === "string") return [current.json.id];
    const made = await call("/api/v1/webhooks", {
      method: "POST",
      key: company.key,
      vars: OPEN,
      body: { url: `https://hooks-${company.label}.example.com/events`, events: ["*"] },
    });
    if (!isRecord(made.json) || typeof made.json.id !== "string")
      throw new Error(
        `POST /api/v1/webhooks for the ${company.label} company answered ${made.status}: ${made.text.slice(0, 300)}`,
      );
    return [made.json.id];
  },
  // Mailboxes are listed at /inbox/mailboxes, and a mailbox's conversations are named by its messages.
  "/api/v1/inbox": (company) => idsOfList(`/api/v1/inbox/mailboxes`, company),
  "/api/v1/inbox/{mailbox_id}/conversations": async (company, params) => [
    ...new Set(
      (await listed(`/api/v1/inbox/${params.mailbox_id}/messages`, company)).flatMap((entry) =>
        typeof entry.conversation_id === "string" ? [entry.conversation_id] : [],
      ),
    ),
  ],
};

/** The data of a company's list at `path` (first page). */
async function listed(path: string, company: Company): Promise<Record<string, unknown>[]> {
  const response = await call(path, { key: company.key, vars: OPEN });
  if (response.status !== 200)
    throw new Error(
      `GET ${path} for the ${company.label} company answered ${response.status}: ${response.text.slice(0, 300)}`,
    );
  return Array.isArray(response.json?.data) ? (response.json.data as unknown[]).filter(isRecord) : [];
}

const idsOfList = async (path: string, company: Company) =>
  (await listed(path, company)).flatMap((entry) => (typeof entry.id === "string" ? [entry.id] : []));

/** The collection a parameter indexes: `/api/v1/contact-lists/{list_id}/members`, list_id -> `/api/v1/contact-lists`. */
const collectionOf = (path: string, param: string) => path.slice(0, path.indexOf(`/{${param}}`));

/** Ids a company holds in a collection: from ID_SOURCES, or from the first page of its list operation. */
async function idsIn(
  surface: Surface,
  op: Operation,
  param: string,
  company: Company,
  params: Record<string, string>,
): Promise<string[]> {
  const collection = collectionOf(op.path, param);
  const source = ID_SOURCES[collection];
  if (source) return source(company, params);
  const list = surface.operations.find((other) => other.method === "get" && other.path === collection);
  if (!list) {
    throw new Error(
      `${op.operationId}: {${param}} has no list operation GET ${collection} to take another company's id from. ` +
        `Declare that list operation, or add "${collection}" to ID_SOURCES in test/security/world.ts, so that the other-company test runs.`,
    );
  }
  const path = target(surface, list, params);
  const response = await call(path, { app: surface.app, key: company.key, vars: OPEN });
  if (response.status !== 200)
    throw new Error(
      `GET ${path} for the ${company.label} company answered ${response.status}: ${response.text.slice(0, 300)}`,
    );
  const data: unknown = isRecord(response.json) ? response.json.data : undefined;
  if (!Array.isArray(data))
    throw new Error(`GET ${list.path} answers no data array to take {${param}} from (${response.text.slice(0, 200)})`);
  const ids = data.flatMap((entry) => {
    const id = isRecord(entry) ? (entry.id ?? entry[param]) : undefined;
    return typeof id === "string" ? [id] : [];
  });
  if (ids.length === 0) {
    throw new Error(
      `GET ${path} of the ${company.label} company has no ids: the ${list.tag} seed (scale "full") must create at least one, so that {${param}} of ${op.operationId} is tested.`,
    );
  }
  return ids;
}

/**
 * The company's values for every path parameter of `op`, one assignment per id of the last id
 * parameter (earlier ids: the first of their list; parameters that are not ids: from the document).
 */
export async function paramChoices(
  surface: Surface,
  op: Operation,
  company: Company,
): Promise<Record<string, string>[]> {
  const fixed: Record<string, string> = {};
  const schemas = new Map(parametersOf(surface, op, "path").map((parameter) => [parameter.name, parameter.schema]));
  let last: { name: string; ids: string[] } | undefined;
  for (const name of pathParams(op.path)) {
    if (!isIdParam(name)) {
      fixed[name] = String(sample(schemas.get(name) ?? { type: "string" }, context(surface)));
      continue;
    }
    if (last) fixed[last.name] = last.ids[0]!;
    last = { name, ids: await idsIn(surface, op, name, company, fixed) };
  }
  const { name, ids } = last ?? { name: "", ids: [] };
  return last ? ids.map((id) => ({ ...fixed, [name]: id })) : [fixed];
}

/** An id of the same shape that no company has: its last hex digit or letter changed. */
export function unknownLike(id: string): string {
  const at = id.search(/[0-9a-zA-Z](?=[^0-9a-zA-Z]*$)/);
  const char = id[at]!;
  const next = /[0-9a-f]/.test(char)
    ? ((parseInt(char, 16) + 1) % 16).toString(16)
    : char === "z"
      ? "a"
      : String.fromCharCode(char.charCodeAt(0) + 1);
  return id.slice(0, at) + next + id.slice(at + 1);
}

// ---------------------------------------------------------------------------------------------
// What a company has

export async function auditEntries(companyId: string): Promise<number> {
  return (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.companyId, companyId)))[0]!.n;
}

let companyTables: Promise<string[]> | undefined;

/**
 * Every row of the company in every table that has a company_id column (and its row of
 * companies), as sorted JSON: equal snapshots mean nothing of the company changed in D1.
 */
export async function companyRows(companyId: string): Promise<Record<string, string[]>> {
  // The company's store holds its rows; its row of companies is in the control plane (DB).
  const store = storeBinding(env, await storeOf(env, companyId))!;
  companyTables ??= store
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all<{ name: string; sql: string | null }>()
    .then((result) =>
      result.results
        .filter((table) => !/^(_cf_|sqlite_)/i.test(table.name) && /[`"\s(]company_id[`"\s]/.test(table.sql ?? ""))
        .map((table) => table.name),
    );
  const tables = await companyTables;
  const results = [
    await env.DB.prepare("SELECT * FROM companies WHERE id = ?").bind(companyId).all(),
    ...(await store.batch(
      tables.map((table) => store.prepare(`SELECT * FROM "${table}" WHERE company_id = ?`).bind(companyId)),
    )),
  ];
  return Object.fromEntries(
    ["companies", ...tables].map((table, index) => [
      table,
      results[index]!.results.map((row) => JSON.stringify(row)).sort(),
    ]),
  );
}

/** Where the watched company's writes are counted, a row per table; test-only, made and dropped by watchCompany. */
const WATCH = "_security_watch";

/** What watchCompany returns: the writes to the company's rows so far, by table, and how to stop watching. */
export interface CompanyWatch {
  writes(): Promise<Map<string, number>>;
  stop(): Promise<void>;
}

/**
 * Watches every row of the company: in every table of its store that has a company_id column,
 * and its row of companies (the control plane, DB), SQLite triggers count each row a statement
 * inserts, updates or deletes. Two equal counts mean nothing of the company was written in between,
 * not even a write of the same values: what a content snapshot of every row proves, stricter, for
 * two small reads instead of reading the company's every row twice.
 */
export async function watchCompany(companyId: string): Promise<CompanyWatch> {
  const storeNumber = await storeOf(env, companyId);
  const store = storeBinding(env, storeNumber)!;
  const listed = await store
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all<{ name: string; sql: string | null }>();
  const tables = listed.results
    .filter(
      // request_log records the requests of the company's keys (the owner's own reads in a case), not its resources.
      (table) =>
        !/^(_cf_|sqlite_|_security)/i.test(table.name) &&
        table.name !== "request_log" &&
        /[`"\s(]company_id[`"\s]/.test(table.sql ?? ""),
    )
    .map((table) => ({ name: table.name, key: "company_id" }));
  const quoted = companyId.replaceAll("'", "''");
  // The control plane (store 0, DB) holds the companies row; in one store it holds the company's rows too.
  const watchers = storeNumber === 0 ? [env.DB] : [env.DB, store];
  const watched = (database: D1Database) => [
    ...(database === env.DB ? [{ name: "companies", key: "id" }] : []),
    ...(database === store ? tables : []),
  ];
  const triggers = (database: D1Database) =>
    watched(database).flatMap(({ name, key }) =>
      (["INSERT", "UPDATE", "DELETE"] as const).map((event) => {
        const row = event === "DELETE" ? "OLD" : "NEW";
        const when =
          event === "UPDATE" ? `OLD.${key} = '${quoted}' OR NEW.${key} = '${quoted}'` : `${row}.${key} = '${quoted}'`;
        return {
          name: `${WATCH}_${name}_${event.toLowerCase()}`,
          create: `CREATE TRIGGER "${WATCH}_${name}_${event.toLowerCase()}" AFTER ${event} ON "${name}" WHEN ${when}
            BEGIN UPDATE ${WATCH} SET writes = writes + 1 WHERE table_name = '${name}'; END`,
        };
      }),
    );
  for (const database of watchers) {
    await database.batch([
      database.prepare(`CREATE TABLE ${WATCH} (table_name TEXT PRIMARY KEY, writes INTEGER NOT NULL)`),
      ...watched(database).map(({ name }) =>
        database.prepare(`INSERT INTO ${WATCH} (table_name, writes) VALUES (?1, 0)`).bind(name),
      ),
      ...triggers(database).map((trigger) => database.prepare(trigger.create)),
    ]);
  }
  return {
    async writes() {
      const counted = await Promise.all(
        watchers.map((database) =>
          database.prepare(`SELECT table_name, writes FROM ${WATCH}`).all<{ table_name: string; writes: number }>(),
        ),
      );
      return new Map(counted.flatMap((result) => result.results.map((row) => [row.table_name, row.writes] as const)));
    },
    async stop() {
      for (const database of watchers)
        await database.batch([
          ...triggers(database).map((trigger) => database.prepare(`DROP TRIGGER IF EXISTS "${trigger.name}"`)),
          database.prepare(`DROP TABLE IF EXISTS ${WATCH}`),
        ]);
    },
  };
}

/** The tables where the company's rows were written between two counts of CompanyWatch.writes. */
export function changedTables(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after]
    .filter(([table, writes]) => writes !== before.get(table))
    .map(([table]) => table)
    .sort();
}

/**
 * The company's own values for the parameters of `op` (its first ids), so that a refused request
 * is one that would otherwise have been served; placeholders where the company has none (the
 * other-company test reports a missing list operation or seed).
 */
export async function ownParams(surface: Surface, op: Operation, company: Company): Promise<Record<string, string>> {
  try {
    return (await paramChoices(surface, op, company))[0]!;
  } catch {
    return Object.fromEntries(pathParams(op.path).map((name) => [name, "placeholder"]));
  }
}

/**
 * Sets the company's plan, grants or spending as given, and returns what puts them back: a case
 * about plans or spending runs on a company with real data, so that the refused request is one
 * that would otherwise have been served. Each change is followed by what every path that changes
 * an account does: telling its keys' Durable Objects (companyChanged).
 */
export async function applySettings(
  company: Company,
  settings: { plan?: Plan; capabilities?: string[]; spendEnabled?: boolean },
): Promise<() => Promise<void>> {
  const where = eq(companies.id, company.companyId);
  const [saved] = await db
    .select({ plan: companies.plan, capabilities: companies.capabilities, spendEnabled: companies.spendEnabled })
    .from(companies)
    .where(where);
  await db.update(companies).set(settings).where(where);
  await companyChanged(env, company.companyId);
  return async () => {
    await db.update(companies).set(saved!).where(where);
    await companyChanged(env, company.companyId);
  };
}
