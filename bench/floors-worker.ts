import { Hono } from "hono";
import { CREDENTIAL_PLACEHOLDER, isLongText, type CapturedCall } from "./captured";
import type { Window } from "./bare-worker";

/**
 * The floors of `npm run bench -- --floors` (scripts/lib/floors.ts): for each GET operation of the
 * seeded demo, a bare Worker making exactly the I/O the operation made, captured from the API
 * itself (SQL_CAPTURE, bench/capture.ts), so that nobody writes 60 floors by hand. `/floor/<index>`: the key's
 * Durable Object call (the bare Worker's Window, as `/floor/list` makes it), then each wave of the
 * operation's D1 calls, R2 object reads and provider requests, the calls of a wave at once, with the
 * captured SQL, parameters and method (or bucket and key: the object read whole, as the API reads
 * it; or the request to the same local fake provider, its answer read whole), in one D1 session
 * as the API's; the rows are answered as JSON, padded with spaces to the length of the API's
 * answer when they are shorter (a fixed document answered from no query costs its bytes), with
 * the headers the API answered (the same bytes; making their values is the API's work, not the floor's).
 * The bench writes the captured floors and an entry that hands them here (bench-results/).
 */
interface FloorsEnv {
  DB: D1Database;
  WINDOW: DurableObjectNamespace<Window>;
  /** The API's buckets, over the same objects (a private copy of its state): an operation's object reads are read again. */
  ATTACHMENTS: R2Bucket;
  ARCHIVE: R2Bucket;
  /**
   * The local fake providers' credentials, which the capture leaves out: JSON, by origin, each
   * header's value (`Authorization: Bearer ...`, `X-Postmark-Server-Token: ...`). Given by the bench in an env file.
   */
  PROVIDER_CREDENTIALS?: string;
}

export interface Floor {
  name: string;
  calls: CapturedCall[];
  /** The length of the API's answer (UTF-16 code units): the floor's is padded up to it. */
  responseChars: number;
  /** The other headers of the API's answer (its request id, rate limit, caching): the floor sends the same bytes. */
  responseHeaders: [string, string][];
}

export function floorsApp(floors: readonly Floor[]) {
  // Each floor's waves, grouped once per isolate as the API's statements are prepared once.
  const wavesOf = (calls: readonly CapturedCall[]) => {
    const byWave = new Map<number, CapturedCall[]>();
    for (const call of calls) byWave.set(call.wave, [...(byWave.get(call.wave) ?? []), call]);
    return [...byWave.values()];
  };
  const waves = floors.map((floor) => wavesOf(floor.calls.filter((call) => !call.afterResponse)));
  // What the operation handed to waitUntil (its request log entry), made after the floor's answer too.
  const afterWaves = floors.map((floor) => wavesOf(floor.calls.filter((call) => call.afterResponse)));
  // Padding strings by length, made once: the same floor answers the same rows every time.
  const paddings = new Map<number, string>();
  const padding = (length: number) => {
    let text = paddings.get(length);
    if (text === undefined) paddings.set(length, (text = " ".repeat(length)));
    return text;
  };
  const headersOf = floors.map((floor) => Object.fromEntries(floor.responseHeaders));
  const app = new Hono<{ Bindings: FloorsEnv }>();
  app.get("/floor/:index", async (c) => {
    const index = Number(c.req.param("index"));
    const floor = waves[index];
    if (!floor) return c.json({ error: "no such floor" }, 404);
    await c.env.WINDOW.get(c.env.WINDOW.idFromName("window")).admit(Date.now());
    const session = c.env.DB.withSession("first-unconstrained");
    const results: unknown[] = [];
    for (const wave of floor) results.push(...(await Promise.all(wave.map((call) => replay(c.env, session, call)))));
    // A provider request the fake refused (a credential the floor lacks) is not the API's I/O: counted as a failure.
    const refused = results.some(
      (result) =>
        typeof result === "object" &&
        result !== null &&
        "status" in result &&
        typeof result.status === "number" &&
        result.status >= 400,
    );
    const after = afterWaves[index] ?? [];
    if (after.length > 0)
      c.executionCtx.waitUntil(
        (async () => {
          for (const wave of after) await Promise.all(wave.map((call) => replay(c.env, session, withFreshIds(call))));
        })(),
      );
    const text = JSON.stringify({ data: results });
    const short = floors[index]!.responseChars - text.length;
    return new Response(short > 0 ? text + padding(short) : text, {
      status: refused ? 502 : 200,
      headers: {
        ...headersOf[index],
        "Content-Type": "application/json",
        "X-D1-Bookmark": session.getBookmark() ?? "",
      },
    });
  });
  app.get("*", (c) => c.json({ floors: floors.length }));
  return app;
}

async function replay(env: FloorsEnv, session: D1DatabaseSession, call: CapturedCall): Promise<unknown> {
  if (call.method === "fetch") {
    const { request } = call;
    const credentials = providerCredentials(env)[new URL(request.url).origin] ?? {};
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name,
        value.includes(CREDENTIAL_PLACEHOLDER) ? (credentials[name.toLowerCase()] ?? value) : value,
      ]),
    );
    const body = request.bodyChars > 0 ? " ".repeat(request.bodyChars) : undefined;
    const response = await fetch(request.url, { method: request.method, headers, body, redirect: "manual" });
    return { status: response.status, chars: (await response.text()).length };
  }
  if (call.method === "r2-get") {
    const object = await env[call.binding].get(call.key);
    return object ? { key: call.key, size: (await object.arrayBuffer()).byteLength } : null;
  }
  const statements = call.statements.map((statement) => session.prepare(statement.sql).bind(...statement.params));
  const [statement] = statements;
  switch (call.method) {
    case "batch":
      return session.batch(statements);
    case "first":
      return statement!.first();
    case "raw":
      return statement!.raw();
    case "run":
      return statement!.run();
    case "all":
      return statement!.all();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An after-response write made again with new ids in place of the captured ones, as each request's log entry has its own (the same id again would fail as a duplicate), and its long texts as long as they were. */
function withFreshIds(call: CapturedCall): CapturedCall {
  if (call.method === "fetch" || call.method === "r2-get") return call;
  return {
    ...call,
    statements: call.statements.map((statement) => ({
      ...statement,
      params: statement.params.map((param) => {
        if (isLongText(param)) return "x".repeat(param.longText);
        return typeof param === "string" && UUID.test(param) ? crypto.randomUUID() : param;
      }),
    })),
  };
}

let credentialsByOrigin: Record<string, Record<string, string>> | undefined;

/** The credentials by origin and header name (lower case), read once per isolate. */
function providerCredentials(env: FloorsEnv): Record<string, Record<string, string>> {
  credentialsByOrigin ??= Object.fromEntries(
    Object.entries(JSON.parse(env.PROVIDER_CREDENTIALS ?? "{}") as Record<string, Record<string, string>>).map(
      ([origin, headers]) => [
        origin,
        Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
      ],
    ),
  );
  return credentialsByOrigin;
}
