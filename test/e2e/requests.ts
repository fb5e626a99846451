import type { IncomingHttpHeaders } from "node:http";
import { expect } from "vitest";
import type { DevServer } from "./harness";

/* What the end-to-end tests share to talk to `npm run dev`: JSON requests with an API key, waiting, reading ids. */

/** Node's incoming headers as a plain record (a repeated header joined), as standardwebhooks reads them. */
export const flattenHeaders = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]),
  );

/** JSON requests to the API of `server` with a key: every one with its own Idempotency-Key. */
export function jsonRequests(server: Pick<DevServer, "fetch">) {
  async function api(
    key: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: any }> {
    const headers: Record<string, string> = { "Idempotency-Key": crypto.randomUUID() };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await server.fetch(`/api/v1${path}`, {
      key,
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }
  /** Asserts a 2xx, naming the request and the problem otherwise. */
  async function ok(key: string, method: string, path: string, body?: unknown) {
    const response = await api(key, method, path, body);
    expect(
      response.status,
      `${method} ${path}: ${response.status} ${JSON.stringify(response.json)}`,
    ).toBeGreaterThanOrEqual(200);
    expect(response.status, `${method} ${path}: ${response.status} ${JSON.stringify(response.json)}`).toBeLessThan(300);
    return response.json;
  }
  return { api, ok };
}

/** Reads until `done` holds, every 250 ms, failing with the last value after `timeoutMs` (a bound on a hang: a busy machine is slow, not wrong). */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  let value = await read();
  for (const deadline = Date.now() + timeoutMs; !done(value); value = await read()) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return value;
}

/** The first of `names` (dotted paths) that holds a string in `answer`: the CLI's and the API's ids. */
export const idOf = (answer: any, ...names: string[]): string => {
  for (const name of names) {
    const value = name.split(".").reduce((object, part) => object?.[part], answer);
    if (typeof value === "string") return value;
  }
  throw new Error(`No ${names.join(" or ")} in ${JSON.stringify(answer)}`);
};
