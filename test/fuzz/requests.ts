import fc from "fast-check";
import { call } from "../helpers";
import type { ResponseContract } from "./contract";
import {
  big,
  hostile,
  hostileString,
  hostileValue,
  isRecord,
  typesOf,
  wellFormed,
  type Schema,
  type SchemaContext,
} from "./json-schema";
import { clip, expandJson, expandPlain } from "./markers";
import type { OperationInfo } from "./openapi";
import { ID_PATTERN, ID_TEXT, KeyIdRef, VARS, type Company, type IdValue, type World } from "./world";

// ---------------------------------------------------------------------------------------------
// What one request is, before it is written (ids of rotating keys are resolved when it is sent)

type AuthMode = "own" | "none" | "noScopes" | "lacksCapability" | "badHeader";

interface PathValue {
  value: unknown;
  /** Inserted as it is (already percent-encoded, or deliberately broken), not encoded. */
  raw: boolean;
}

interface QueryPart {
  name: string;
  value: unknown;
  raw: boolean;
}

type BodyForm =
  | "json"
  | "truncated"
  | "trailing-garbage"
  | "bom"
  | "single-quotes"
  | "two-documents"
  | "empty"
  | "whitespace"
  | "form-encoded";

interface BodyCase {
  value: unknown;
  form: BodyForm;
  /** undefined: application/json. */
  contentType: string | undefined;
}

type IdempotencyCase = { kind: "none" } | { kind: "fresh"; twice: boolean } | { kind: "invalid"; value: string };

export interface RequestCase {
  operationId: string;
  auth: AuthMode;
  authHeader: string;
  path: Record<string, PathValue>;
  query: QueryPart[];
  body: BodyCase | undefined;
  idempotency: IdempotencyCase;
  requestId: string | undefined;
}

/** A lane is the stream of requests of one company; the two lanes of a run go concurrently. */
export interface Lane {
  self: Company;
  other: Company;
  world: World;
}

// ---------------------------------------------------------------------------------------------
// Hints: well-formed values the schemas cannot describe

const CURRENCIES = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("EUR", "USD", "JPY", "GBP", "BHD", "eur") },
  { weight: 1, arbitrary: fc.constantFrom("XXX", "ABC", "EURO", "") },
);

function idArbitrary(lane: Lane, kind: string): fc.Arbitrary<IdValue> {
  const own = lane.self.ids.get(kind) ?? [];
  const theirs = lane.other.ids.get(kind) ?? [];
  const anyOwn = [...lane.self.ids.values()].flat();
  const options: fc.WeightedArbitrary<IdValue>[] = [
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...anyOwn) },
  ];
  if (own.length > 0) options.push({ weight: 12, arbitrary: fc.constantFrom(...own) });
  if (theirs.length > 0) options.push({ weight: 3, arbitrary: fc.constantFrom(...theirs) });
  return fc.oneof(...options);
}

const phoneArbitrary = (lane: Lane): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.stringMatching(/^\+346[0-9]{8}$/) },
    { weight: 2, arbitrary: fc.stringMatching(/^6[0-9]{2} [0-9]{3} [0-9]{3}$/) },
    { weight: 1, arbitrary: fc.stringMatching(/^\+44 ?7700 ?900[0-9]{3}$/) },
    { weight: 1, arbitrary: fc.stringMatching(/^\+1 ?(415|212) ?555 ?[0-9]{4}$/) },
    // Phones the company's contacts (or the other company's) already have: conflicts and lookups.
    { weight: 2, arbitrary: fc.constantFrom(...lane.self.phones, ...lane.other.phones) },
  );

const emailArbitrary = (lane: Lane): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.stringMatching(/^[a-z][a-z0-9]{0,8}(\.[a-z0-9]{1,5})?$/),
          fc.constantFrom("example.com", "Example.org"),
        )
        .map(([user, domain]) => `${user}@${domain}`),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...lane.self.emails,
        ...lane.other.emails,
        ...lane.self.emails.map((email) => email.toUpperCase()),
      ),
    },
  );

const urlArbitrary: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      "https://hooks.example.com/x",
      "https://hooks.example.com/x?a=1",
      " https://hooks.example.com/x ",
      "https://HOOKS.example.com./y",
    ),
  },
  { weight: 1, arbitrary: fc.webUrl({ validSchemes: ["https"] }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "http://hooks.example.com/x",
      "https://127.0.0.1/x",
      "https://[::1]/x",
      "https://[::ffff:10.0.0.1]/x",
      "https://0x7f.1/x",
      "https://2130706433/x",
      "https://user:pw@hooks.example.com/x",
      "https://localhost/x",
      "https://a.localhost/x",
      "https://169.254.169.254/latest",
      "https://[fe80::1]/x",
      "https://10.1.2.3/",
      "https://[64:ff9b::7f00:1]/",
      "https:///x",
      "ftp://hooks.example.com/x",
      "hooks.example.com",
      "https://1.2.3/",
    ),
  },
);

function hintsFor(lane: Lane): SchemaContext["hint"] {
  const types = lane.world.eventTypes;
  return (name: string, schema: Schema) => {
    const array = typesOf(schema).includes("array");
    const kindOf = /^(.+)_ids?$/.exec(name)?.[1];
    if (kindOf) {
      const id = idArbitrary(lane, kindOf);
      if (!array) return id;
      const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
      return fc.array(id, { minLength, maxLength: minLength + 5 });
    }
    switch (name) {
      case "phone":
        return phoneArbitrary(lane);
      case "email":
        return emailArbitrary(lane);
      case "url":
        return urlArbitrary;
      case "events":
        return array
          ? fc.oneof(
              { weight: 4, arbitrary: fc.subarray(types, { minLength: 1 }) },
              { weight: 1, arbitrary: fc.constant(["*"]) },
              { weight: 1, arbitrary: fc.constant(["*", types[0]!]) },
            )
          : undefined;
      case "document_currency":
        return CURRENCIES;
      case "document_type":
        return fc.oneof(
          { weight: 8, arbitrary: fc.constant("budget") },
          { weight: 1, arbitrary: fc.constantFrom("invoice", "credit_note", "BUDGET", " budget") },
        );
      default:
        return undefined;
    }
  };
}

/** Rules between fields that the document states only in prose. */
function refine(component: string, value: Record<string, unknown>): Record<string, unknown> {
  if (component !== "BudgetLineItem") return value;
  // discount_type and discount_value go together; a percentage is at most 100, an amount at most the line's base.
  const { discount_type: type, discount_value: amount, ...rest } = value;
  if (type === undefined || type === null || typeof amount !== "number") return rest;
  const base =
    typeof value.units === "number" && typeof value.unit_price === "number" ? value.units * value.unit_price : 0;
  // No amount fits under a base of zero or less (a negative price).
  if (type === "amount" && !(base > 0)) return rest;
  // Half the base: the server rounds base and discount separately to minor units.
  const limit = type === "percentage" ? 100 : base / 2;
  return { ...rest, discount_type: type, discount_value: Math.min(Math.abs(amount), limit) };
}

// ---------------------------------------------------------------------------------------------
// Request arbitraries

const RAW_PATH_VALUES = [
  "%",
  "%zz",
  "%E0%A4%A",
  "%C0%AF",
  "%2F",
  "a%2Fb",
  "%00",
  "%2e%2e%2fetc",
  "%FF%FE",
  "%F0%9F%98%80",
  "..%2F..%2F",
  "%25",
];
const RAW_QUERY_VALUES = ["%", "%zz", "%E0%A4%A", "%00", "%FF", "a%26b%3Dc", "%2B1", "+34+612+345+678", "1%2C2"];
const BAD_AUTH_HEADERS = [
  "Basic YWxhZGRpbjpvcGVuc2VzYW1l",
  "Bearer",
  "Bearer ",
  "Bearer svc_test_",
  `Bearer svc_test_${"ab".repeat(32)}`,
  `Bearer svc_test_${"ab".repeat(48)}`,
  `Bearer svc_live_${"cd".repeat(48)}`,
  "Bearer null",
  "bearer svc_test_zz",
  `Bearer ${"x".repeat(5000)}`,
];
const CONTENT_TYPES = [
  "application/json; charset=utf-8",
  "application/json;charset=UTF-8",
  "APPLICATION/JSON",
  "application/merge-patch+json",
  "application/problem+json",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "text/plain",
  "text/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "application/json-seq",
  "",
  "*/*",
  "application/octet-stream",
];

/** Strings that must not be path segments on their own (the URL parser resolves dot segments). */
const safeSegment = (text: string) => (text === "" || text === "." || text === ".." ? `${text}x` : text);

function pathValueArbitrary(schema: Schema, name: string, ctx: SchemaContext): fc.Arbitrary<PathValue> {
  return fc.oneof(
    { weight: 16, arbitrary: wellFormed(schema, ctx, name).map((value) => ({ value, raw: false })) },
    { weight: 3, arbitrary: hostileString.map((value) => ({ value: safeSegment(value), raw: false })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_VALUES).map((value) => ({ value, raw: true })) },
  );
}

function queryArbitrary(op: OperationInfo, ctx: SchemaContext): fc.Arbitrary<QueryPart[]> {
  const parts = op.parameters
    .filter((parameter) => parameter.in === "query")
    .map((parameter) => {
      const value = fc.oneof(
        {
          weight: 10,
          arbitrary: wellFormed(parameter.schema, ctx, parameter.name).map((v) => ({
            name: parameter.name,
            value: v,
            raw: false,
          })),
        },
        {
          weight: 3,
          arbitrary: fc
            .oneof(hostileString, hostile(parameter.schema, ctx))
            .map((v) => ({ name: parameter.name, value: v, raw: false })),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...RAW_QUERY_VALUES).map((v) => ({ name: parameter.name, value: v, raw: true })),
        },
      );
      return parameter.required
        ? value.map((part) => [part])
        : fc.option(value, { freq: 2 }).map((part) => (part ? [part] : []));
    });
  const extra = fc.option(
    fc.oneof(
      fc
        .tuple(fc.constantFrom("unknown", "limit", "offset", "__proto__", "", "a[]", "q"), hostileString)
        .map(([name, value]) => [{ name, value, raw: false }]),
      // The same parameter twice.
      fc.constant([
        { name: "limit", value: "1", raw: false },
        { name: "limit", value: "500", raw: false },
      ]),
    ),
    { freq: 8 },
  );
  return fc.tuple(fc.tuple(...parts), extra).map(([chosen, more]) => [...chosen.flat(), ...(more ?? [])]);
}

function bodyArbitrary(op: OperationInfo, ctx: SchemaContext): fc.Arbitrary<BodyCase | undefined> {
  const form = fc.oneof(
    { weight: 30, arbitrary: fc.constant<BodyForm>("json") },
    {
      weight: 8,
      arbitrary: fc.constantFrom<BodyForm>(
        "truncated",
        "trailing-garbage",
        "bom",
        "single-quotes",
        "two-documents",
        "empty",
        "whitespace",
        "form-encoded",
      ),
    },
  );
  const contentType = fc.oneof(
    { weight: 30, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  if (op.body) {
    const schema = op.body;
    const value = fc.oneof(
      { weight: 14, arbitrary: wellFormed(schema, ctx) },
      { weight: 8, arbitrary: hostile(schema, ctx) },
      // Over 1 MiB: refused before it is parsed.
      { weight: 1, arbitrary: fc.constantFrom<unknown>({ notes: big(1_100_000) }, big(1_048_577)) },
    );
    return fc.record({ value, form, contentType });
  }
  if (!op.write) return fc.constant(undefined);
  // A write without a body: now and then it gets one anyway.
  const junk = fc.oneof(
    { weight: 8, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant<unknown>({ notes: big(1_100_000) }) },
  );
  return fc.option(fc.record({ value: junk, form, contentType }), { freq: 6 }).map((body) => body ?? undefined);
}

const idempotencyArbitrary: fc.Arbitrary<IdempotencyCase> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<IdempotencyCase>({ kind: "none" }) },
  { weight: 3, arbitrary: fc.constant<IdempotencyCase>({ kind: "fresh", twice: false }) },
  { weight: 4, arbitrary: fc.constant<IdempotencyCase>({ kind: "fresh", twice: true }) },
  // ASCII only: the runtime would send other text as UTF-8 bytes, with a warning each time.
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("", "k".repeat(256), "has space", "tab\tkey", "del\x7fkey")
      .map((value): IdempotencyCase => ({ kind: "invalid", value })),
  },
);

/** Requests of one operation, for one lane. */
export function requestArbitrary(
  op: OperationInfo,
  lane: Lane,
  components: SchemaContext["components"],
): fc.Arbitrary<RequestCase> {
  const ctx: SchemaContext = { components, hint: hintsFor(lane), refine };
  const pathModel: Record<string, fc.Arbitrary<PathValue>> = {};
  for (const parameter of op.parameters)
    if (parameter.in === "path") pathModel[parameter.name] = pathValueArbitrary(parameter.schema, parameter.name, ctx);
  return fc.record({
    operationId: fc.constant(op.operationId),
    auth: fc.oneof(
      { weight: 84, arbitrary: fc.constant<AuthMode>("own") },
      { weight: 4, arbitrary: fc.constant<AuthMode>("none") },
      { weight: 4, arbitrary: fc.constant<AuthMode>("noScopes") },
      { weight: 4, arbitrary: fc.constant<AuthMode>("lacksCapability") },
      { weight: 4, arbitrary: fc.constant<AuthMode>("badHeader") },
    ),
    authHeader: fc.constantFrom(...BAD_AUTH_HEADERS),
    path: fc.record(pathModel),
    query: queryArbitrary(op, ctx),
    body: bodyArbitrary(op, ctx),
    idempotency: op.write ? idempotencyArbitrary : fc.constant<IdempotencyCase>({ kind: "none" }),
    requestId: fc
      .option(fc.constantFrom("fuzz-trace", "x".repeat(129), "with space", "tab\tid"), { freq: 10 })
      .map((id) => id ?? undefined),
  });
}

// ---------------------------------------------------------------------------------------------
// Writing and sending

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A path or query value as text: strings as they are, key ids resolved, other JSON written out. */
const plain = (value: unknown): string =>
  expandPlain(
    typeof value === "string"
      ? value
      : value instanceof KeyIdRef
        ? value.toString()
        : typeof value === "object" && value !== null
          ? JSON.stringify(value)
          : String(value),
  );

function bodyText(body: BodyCase): string {
  const json = expandJson(JSON.stringify(body.value) ?? "null");
  switch (body.form) {
    case "json":
      return json;
    case "truncated":
      return json.slice(0, Math.max(0, Math.floor(json.length / 2)));
    case "trailing-garbage":
      return `${json},}`;
    case "bom":
      return `\uFEFF${json}`;
    case "single-quotes":
      return json.replaceAll('"', "'");
    case "two-documents":
      return `${json}${json}`;
    case "empty":
      return "";
    case "whitespace":
      return " \n\t ";
    case "form-encoded":
      return isRecord(body.value)
        ? new URLSearchParams(
            Object.entries(body.value).map(([k, v]): [string, string] => [k, plain(v).replace(LONE_SURROGATE, "?")]),
          ).toString()
        : "a=1&b=2";
  }
}

interface Sent {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
}

interface Received {
  status: number;
  headers: Headers;
  contentType: string | null;
  replayed: boolean;
  text: string;
  json: unknown;
}

interface Exchange {
  op: OperationInfo;
  lane: Lane;
  request: RequestCase;
  sent: Sent;
  received: Received;
  /** The company whose key authenticated the request, if any. */
  caller: Company | "payg" | undefined;
}

let counter = 0;

function write(op: OperationInfo, request: RequestCase, lane: Lane): { sent: Sent; caller: Exchange["caller"] } {
  const path = op.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const part = request.path[name];
    if (!part) return "missing";
    const text = plain(part.value);
    return part.raw ? text : encodeURIComponent(safeSegment(text).replace(LONE_SURROGATE, "\ufffd"));
  });
  const query = request.query
    .map((part) =>
      part.raw
        ? `${encodeURIComponent(part.name)}=${plain(part.value)}`
        : new URLSearchParams([[part.name, plain(part.value).replace(LONE_SURROGATE, "\ufffd")]]).toString(),
    )
    .join("&");
  const headers: Record<string, string> = {};
  let caller: Exchange["caller"];
  switch (request.auth) {
    case "own":
      headers.Authorization = `Bearer ${lane.self.key}`;
      caller = lane.self;
      break;
    case "noScopes":
      headers.Authorization = `Bearer ${lane.self.noScopesKey}`;
      caller = lane.self;
      break;
    case "lacksCapability":
      headers.Authorization = `Bearer ${lane.world.payg.key}`;
      caller = "payg";
      break;
    case "badHeader":
      headers.Authorization = request.authHeader;
      break;
    case "none":
      break;
  }
  if (request.requestId !== undefined) headers["X-Request-Id"] = request.requestId;
  const idempotency = request.idempotency;
  if (idempotency.kind === "invalid") headers["Idempotency-Key"] = idempotency.value;
  // A new key each time the request is written (its repetition reuses what was written).
  if (idempotency.kind === "fresh") headers["Idempotency-Key"] = `fuzz-${++counter}`;
  let body: string | undefined;
  if (request.body) {
    body = bodyText(request.body);
    if (request.body.contentType !== undefined) headers["Content-Type"] = request.body.contentType;
  }
  return {
    sent: { method: op.method.toUpperCase(), target: query ? `${path}?${query}` : path, headers, body },
    caller,
  };
}

async function send(sent: Sent): Promise<Received> {
  const response = await call(sent.target, {
    method: sent.method,
    headers: { ...sent.headers },
    body: sent.body,
    vars: VARS,
  });
  const json: unknown = response.json;
  return {
    status: response.status,
    headers: response.headers,
    contentType: response.headers.get("Content-Type"),
    replayed: response.headers.get("Idempotent-Replayed") === "true",
    text: response.text,
    json,
  };
}

// ---------------------------------------------------------------------------------------------
// What every answer must satisfy

const ID_TOKENS = new RegExp(ID_PATTERN, "g");

/** Calls `visit` for each id held by an id-like member (id, *_id, *_ids) of an answer. */
function idMembers(value: unknown, visit: (member: string, id: string) => void, key = ""): void {
  if (Array.isArray(value)) {
    for (const item of value) idMembers(item, visit, key);
  } else if (isRecord(value)) {
    for (const [member, item] of Object.entries(value)) idMembers(item, visit, member);
  } else if (typeof value === "string" && (key === "id" || /_ids?$/.test(key)) && ID_TEXT.test(value)) {
    visit(key, value);
  }
}

function requestText(sent: Sent): string {
  return `${sent.target}\n${sent.body ?? ""}`;
}

/** Query parameters the request sent that the operation does not have. */
function unknownQueryParameters(op: OperationInfo, request: RequestCase): string[] {
  const known = new Set(
    op.parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
  );
  return [...new Set(request.query.map((part) => part.name))].filter((name) => !known.has(name));
}

/** Every broken rule, as sentences; empty when the answer is acceptable. */
function violations(exchange: Exchange, world: World, contract: ResponseContract): string[] {
  const { op, received, sent, caller, request } = exchange;
  const { status } = received;
  const found: string[] = [];
  // The body, headers and media type the document gives for this status (ajv, formats on).
  found.push(...contract.violations(op, received));
  const unknown = unknownQueryParameters(op, request);
  if (unknown.length > 0 && status < 300)
    found.push(
      `answered ${status} to unknown query parameter(s) ${unknown.map((name) => JSON.stringify(name)).join(", ")}, which must be refused`,
    );
  if (status === 500) found.push("answered 500");
  else if (status >= 500 && !op.statuses.has(status))
    found.push(`answered ${status}, a server error the operation does not declare`);
  if (!op.statuses.has(status))
    found.push(`status ${status} is not declared for ${op.operationId} (declared: ${[...op.statuses].join(", ")})`);
  if (status >= 400) {
    const mediaType = received.contentType?.split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "application/problem+json")
      found.push(`error with Content-Type ${JSON.stringify(received.contentType)}, not application/problem+json`);
    const body = received.json;
    if (!isRecord(body)) found.push("error body is not a JSON object");
    else {
      for (const member of ["type", "title", "detail"] as const)
        if (typeof body[member] !== "string") found.push(`problem member ${member} is missing or not a string`);
      if (body.status !== status)
        found.push(`problem status ${JSON.stringify(body.status)} differs from the HTTP status ${status}`);
      if (typeof body.request_id !== "string" || body.request_id === "") found.push("problem has no request_id");
    }
  }
  if (status >= 200 && status < 300) {
    if (caller === undefined) found.push(`answered ${status} without valid credentials`);
    const others = world.companies.filter((company) => company !== caller);
    const ownerOf = (id: string) => others.find((other) => other.known.has(id));
    // Another company's resource: an id member holding its id, asked for or not...
    const reported = new Set<string>();
    idMembers(received.json, (member, id) => {
      const owner = ownerOf(id);
      if (owner && !reported.has(id)) {
        reported.add(id);
        found.push(`answer member ${member} holds ${id}, an id of company ${owner.label}`);
      }
    });
    // ...or its id anywhere else, unless the request sent it (a list of ids not found echoes them).
    const text = requestText(sent);
    for (const id of new Set(received.text.match(ID_TOKENS))) {
      const owner = ownerOf(id);
      if (owner && !reported.has(id) && !text.includes(id))
        found.push(`answer shows ${id}, an id of company ${owner.label}`);
    }
  }
  return found;
}

function report(exchange: Exchange, problems: readonly string[], note = ""): string {
  const { sent, received, lane } = exchange;
  const headers = Object.entries(sent.headers)
    .map(([name, value]) => `    ${name}: ${name === "Authorization" ? redact(value, lane) : JSON.stringify(value)}`)
    .join("\n");
  return [
    `${exchange.op.operationId}${note}: ${problems.join("; ")}`,
    `  request (lane ${lane.self.label}, auth ${exchange.request.auth}): ${sent.method} ${clip(sent.target, 600)}`,
    headers,
    sent.body === undefined ? "  (no body)" : `  body: ${clip(JSON.stringify(sent.body), 1200)}`,
    `  response: ${received.status} ${received.contentType ?? "(no Content-Type)"}${received.replayed ? " (replayed)" : ""}`,
    `  ${clip(received.text, 1500)}`,
  ].join("\n");
}

function redact(value: string, lane: Lane): string {
  for (const company of [lane.self, lane.other]) {
    if (value === `Bearer ${company.key}`) return `Bearer <key of company ${company.label}>`;
    if (value === `Bearer ${company.noScopesKey}`) return `Bearer <scopeless key of company ${company.label}>`;
  }
  if (value === `Bearer ${lane.world.payg.key}`) return "Bearer <key of the PAYG company>";
  return JSON.stringify(clip(value, 100));
}

// ---------------------------------------------------------------------------------------------
// One lane's request: send it (twice with the same Idempotency-Key when asked), check, learn

export class Stats {
  readonly started = performance.now();
  requests = 0;
  readonly byOperation = new Map<string, Map<number, number>>();

  record(op: OperationInfo, status: number) {
    this.requests++;
    const statuses = this.byOperation.get(op.operationId) ?? new Map<number, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.byOperation.set(op.operationId, statuses);
  }
}

/** What a company learns from its own successful answers: the ids it owns, and its key after a rotation. */
function learn(exchange: Exchange): void {
  const { received, caller, request, lane } = exchange;
  if (received.status < 200 || received.status >= 300 || typeof caller !== "object") return;
  // Ids the request sent are not proof of ownership (ids not found are echoed).
  const text = requestText(exchange.sent);
  idMembers(received.json, (_member, id) => {
    if (!text.includes(id)) caller.known.add(id);
  });
  const json = received.json;
  if (
    request.auth === "own" &&
    isRecord(json) &&
    json.replaces === lane.self.keyId &&
    typeof json.api_key === "string" &&
    typeof json.key_id === "string"
  ) {
    lane.self.key = json.api_key;
    lane.self.keyId = json.key_id;
    lane.self.known.add(json.key_id);
  }
}

/** Sends one request of a lane; returns a report for each answer that broke a rule. */
export async function runRequest(
  op: OperationInfo,
  request: RequestCase,
  lane: Lane,
  stats: Stats,
  contract: ResponseContract,
): Promise<string[]> {
  const { sent, caller } = write(op, request, lane);
  const failures: string[] = [];
  const first: Exchange = { op, lane, request, sent, caller, received: await send(sent) };
  stats.record(op, first.received.status);
  const problems = violations(first, lane.world, contract);
  if (problems.length > 0) failures.push(report(first, problems));
  learn(first);
  if (request.idempotency.kind === "fresh" && request.idempotency.twice) {
    const second: Exchange = { ...first, received: await send(sent) };
    stats.record(op, second.received.status);
    const again = violations(second, lane.world, contract);
    const success = (exchange: Exchange) => exchange.received.status >= 200 && exchange.received.status < 300;
    if (success(first) && success(second) && !second.received.replayed)
      again.push("the same Idempotency-Key executed the write a second time (no Idempotent-Replayed)");
    if (again.length > 0) failures.push(report(second, again, " (repeated with the same Idempotency-Key)"));
  }
  return failures;
}
