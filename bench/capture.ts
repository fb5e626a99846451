import { AsyncLocalStorage } from "node:async_hooks";
import type { Env } from "../src/env";
import {
  CAPTURED_BUCKETS,
  CREDENTIAL_PLACEHOLDER,
  LONG_TEXT_CHARS,
  type CapturedCall,
  type LongText,
} from "./captured";
import { aroundD1, type D1Call } from "./d1";

/**
 * The bench's SQL capture (SQL_CAPTURE, `npm run bench -- --floors`): the D1 calls, R2 object
 * reads and provider requests of one API request, recorded for the floors (scripts/lib/floors.ts):
 * each call's SQL and bound parameters (or bucket and key, or request), in the order begun, grouped
 * into waves as the Worker's Server-Timing counts sequential trips. Recorded at the Worker's
 * bindings and its outbound fetch, which bench/worker.ts wraps: the Worker itself knows nothing of it.
 */
class SqlCapture {
  readonly calls: CapturedCall[] = [];
  private inFlight = 0;
  private wave = 0;
  /** Set once the response is out: later calls are the request's waitUntil work. */
  private afterResponse = false;

  responded(): void {
    this.afterResponse = true;
  }

  async record<T>(call: DistributiveOmit<CapturedCall, "wave" | "afterResponse">, run: () => Promise<T>): Promise<T> {
    if (this.inFlight === 0) this.wave++;
    this.inFlight++;
    this.calls.push(
      this.afterResponse
        ? { ...withLongTextsAsLengths(call), wave: this.wave, afterResponse: true }
        : { ...call, wave: this.wave },
    );
    try {
      return await run();
    } finally {
      this.inFlight--;
    }
  }
}

/**
 * An after-response call with each long text parameter (a log entry's bodies, up to 16 KiB) given by
 * its length (LongText), which the floor fills in again: the captured calls travel in a header.
 */
function withLongTextsAsLengths<T extends DistributiveOmit<CapturedCall, "wave" | "afterResponse">>(call: T): T {
  if (call.method === "fetch" || call.method === "r2-get") return call;
  return {
    ...call,
    statements: call.statements.map((statement) => ({
      ...statement,
      params: statement.params.map((param): unknown =>
        typeof param === "string" && param.length > LONG_TEXT_CHARS
          ? ({ longText: param.length } satisfies LongText)
          : param,
      ),
    })),
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The capture of the request being handled, if it is captured. */
const captures = new AsyncLocalStorage<SqlCapture>();

/**
 * Runs `handle` with every call it makes through a captured env (capturedEnv) and fetch
 * (captureProviderCalls) recorded, then waits for `handedOff` (the work the request handed to
 * waitUntil), whose calls are marked afterResponse; returns the result and the calls.
 */
export async function captured<T>(
  handle: () => Promise<T>,
  handedOff: () => Promise<unknown> = async () => undefined,
): Promise<{ result: T; calls: CapturedCall[] }> {
  const capture = new SqlCapture();
  const result = await captures.run(capture, handle);
  capture.responded();
  await handedOff();
  return { result, calls: capture.calls };
}

const recordD1 = <T>(call: D1Call, run: () => Promise<T>): Promise<T> => {
  const capture = captures.getStore();
  if (!capture) return run();
  return capture.record(
    {
      method: call.method,
      statements: call.statements.map((statement) => ({ sql: statement.sql, params: [...statement.values] })),
    },
    run,
  );
};

/**
 * `env` with its D1 databases' calls and its buckets' reads recorded in the current capture (none
 * outside one). Of a bucket only `get` is recorded (what the floor reads again); a GET only reads.
 */
export function capturedEnv(env: Env): Env {
  const buckets = Object.fromEntries(
    CAPTURED_BUCKETS.map((binding) => {
      const bucket = env[binding];
      const get = (key: string, options?: R2GetOptions) => {
        const capture = captures.getStore();
        return capture
          ? capture.record({ method: "r2-get", binding, key }, () => bucket.get(key, options))
          : bucket.get(key, options);
      };
      // The runtime's methods need the bucket itself as `this`, not the proxy.
      const member = (property: string | symbol) => {
        const value: unknown = Reflect.get(bucket, property);
        return typeof value === "function" ? value.bind(bucket) : value;
      };
      return [
        binding,
        new Proxy(bucket, { get: (_target, property) => (property === "get" ? get : member(property)) }),
      ];
    }),
  );
  return { ...aroundD1(env, recordD1), ...buckets };
}

/** Request headers that never carry a credential: kept as they are. */
const PLAIN_HEADERS = new Set(["accept", "content-type", "user-agent", "stripe-version", "idempotency-key"]);
/** A query parameter named like this may carry a credential (a token exchange's client_secret). */
const SECRET_PARAMETER = /secret|token|password|key|signature/i;

/** The request with every credential replaced by CREDENTIAL_PLACEHOLDER: an Authorization header keeps its scheme only. */
function withoutCredentials(request: { method: string; url: string; headers: Record<string, string>; body?: string }) {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => {
      if (PLAIN_HEADERS.has(name.toLowerCase())) return [name, value];
      const scheme = name.toLowerCase() === "authorization" ? /^[A-Za-z]+ /.exec(value)?.[0] : undefined;
      return [name, `${scheme ?? ""}${CREDENTIAL_PLACEHOLDER}`];
    }),
  );
  const url = new URL(request.url);
  for (const name of [...url.searchParams.keys()])
    if (SECRET_PARAMETER.test(name)) url.searchParams.set(name, CREDENTIAL_PLACEHOLDER);
  return { method: request.method, url: url.toString(), headers, bodyChars: request.body?.length ?? 0 };
}

/** A fetch's headers as the caller gave them: a plain object keeps its names' case (the gateway's, src/integrations/link.ts). */
function headersOf(init: HeadersInit | undefined): Record<string, string> {
  if (init === undefined) return {};
  if (init instanceof Headers || Array.isArray(init)) return Object.fromEntries(new Headers(init));
  return { ...(init as Record<string, string>) };
}

let installed = false;

/**
 * Wraps the global fetch, which the Worker's provider calls use (src/integrations/link.ts), so that
 * a request made inside a capture is recorded, without its credentials; outside one it is passed on.
 */
export function captureProviderCalls(): void {
  if (installed) return;
  installed = true;
  const send = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const capture = captures.getStore();
    if (!capture) return send(input, init);
    const request = input instanceof Request ? input : undefined;
    const sent = {
      method: init?.method ?? request?.method ?? "GET",
      url: request?.url ?? String(input),
      headers: headersOf(init?.headers ?? request?.headers),
      body: typeof init?.body === "string" ? init.body : undefined,
    };
    return capture.record({ method: "fetch", request: withoutCredentials(sent) }, () => send(input, init));
  };
}
