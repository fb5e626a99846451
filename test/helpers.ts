import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createKey, createTenant, type TenantInput } from "../src/admin/provision";
import { createApp } from "../src/app";
import { defineDomain } from "../src/core/domain";
import type { OperationDeclaration } from "../src/core/operation";
import { domains } from "../src/domains";
import { acrossStores, placementOf } from "../src/data/tenancy";
import { knownScopes } from "../src/keys/scopes";
import type { Env } from "../src/env";

/**
 * The tests' database: a statement that names a company reads and writes that company's store, one
 * that names none runs on every store (src/data/tenancy.ts, acrossStores).
 */
export const db = acrossStores(env);
const defaultApp = createApp();
let counter = 0;

/** A company with one key; `scopes` defaults to every scope. */
export async function tenant(input: Partial<TenantInput> = {}, scopes: readonly string[] = knownScopes) {
  // Placed as the platform places them: with several stores, consecutive companies spread over them.
  const store = input.store ?? (await placementOf(env, input.parentCompanyId));
  const { company_id } = await createTenant(db, {
    name: `Company ${++counter}`,
    plan: "Business",
    defaultCurrency: "EUR",
    ...input,
    store,
  });
  const key = await createKey(
    db,
    { companyId: company_id, scopes: [...scopes], name: "test key" },
    env.API_KEY_CHECK_SECRET,
  );
  return { companyId: company_id, keyId: key.key_id, key: key.api_key };
}

export async function keyFor(companyId: string, scopes: readonly string[] = knownScopes) {
  const key = await createKey(db, { companyId, scopes: [...scopes] }, env.API_KEY_CHECK_SECRET);
  return { keyId: key.key_id, key: key.api_key };
}

export interface CallOptions {
  key?: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Overrides of the Worker's variables (switches) for this request only; the bench's entry reads two of its own. */
  vars?: Partial<Env> & Record<string, unknown>;
  /** Another app (built with createApp over test declarations, or the bench's entry, bench/worker.ts); default: the Worker's. */
  app?: { fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> };
}

/** Sends one request through the Worker's fetch handler, with the real bindings of the test runtime. */
export async function call(path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const request = new Request(`http://api.test${path}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
  const ctx = createExecutionContext();
  const response = await (options.app ?? defaultApp).fetch(request, { ...env, ...options.vars }, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** The operator secret the tests' operator calls present (set per call, as `npm run dev` sets it per run). */
export const OPERATOR_SECRET = "test-operator-secret";

/** A call to the operator API (/admin/v1) with the operator secret. */
export const operator = (path: string, options: Omit<CallOptions, "key"> = {}) =>
  call(`/admin/v1${path}`, {
    ...options,
    headers: { Authorization: `Bearer ${OPERATOR_SECRET}`, ...options.headers },
    vars: { ADMIN_SECRET: OPERATOR_SECRET, ...options.vars },
  });

/** Asserts nothing about the shape; returns the problem's slug for readable expectations. */
export const slug = (json: { type?: string } | undefined) => json?.type?.split("/problems/")[1];

/** Every operation of the Worker's domains. */
export const allOperations = domains.flatMap((domain) => domain.operations);

/** An app over test-only operations (a domain of their own), to exercise the pipeline and shared code. */
export function testApp(operations: readonly OperationDeclaration[]) {
  return createApp([
    defineDomain({ name: "test", defaults: { tag: "Test", plans: "ALL", capability: "test" }, operations }),
  ]);
}
