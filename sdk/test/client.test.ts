import { EventEmitter, once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  Client,
  eventOrder,
  isStaleEvent,
  StaleEventFilter,
  TimeoutError,
  VERSION,
  type WebhookEvent,
} from "../src/index.js";

/**
 * The SDK against a local HTTP server that answers what each test scripts: failures on purpose
 * (503, 502, 429 with Retry-After, a dropped connection), many pages, bookmarks.
 */
interface Seen {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}
type Handler = (request: Seen, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let handler: Handler = (_, response) => json(response, 200, {});
/** Emits "request" as each request reaches the server. */
const arrivals = new EventEmitter();
/** Resolves once the server has seen `count` requests in all (real I/O: it works under fake timers too). */
const requestsSeen = async (count: number) => {
  while (seen.length < count) await once(arrivals, "request");
};
/** One turn of Node's event loop (setImmediate is never faked here): lets I/O and promise chains move on. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Fakes only setTimeout and clearTimeout (ky's waits and timeouts; undici's own timers too), leaving
 * the HTTP server and sockets on real time; the spy records each timer's delay as it is set.
 */
const fakeTimeouts = () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  return vi.spyOn(globalThis, "setTimeout");
};

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  response
    .writeHead(status, { "Content-Type": status >= 400 ? "application/problem+json" : "application/json", ...headers })
    .end(JSON.stringify(body));
const problem = (status: number, slug: string, extra: Record<string, unknown> = {}) => ({
  type: `${baseUrl}/problems/${slug}`,
  title: slug,
  status,
  detail: `detail of ${slug}`,
  request_id: "req-1",
  ...extra,
});
/** Answers the scripted responses in turn, the last one from then on. */
const script = (...answers: Handler[]): Handler => {
  let turn = 0;
  return (request, response) => answers[Math.min(turn++, answers.length - 1)]!(request, response);
};
const dropped: Handler = (_, response) => response.socket?.destroy();
const created: Handler = (request, response) =>
  json(response, 201, { id: "b-1", status: "draft", body: JSON.parse(request.body || "null") });
const client = (options: Partial<ConstructorParameters<typeof Client>[0]> = {}) =>
  new Client({ apiKey: "svc_test_key", baseUrl, retryDelayMs: 5, ...options });
/** A client without a server, for the tests on fake timers: its fetch answers from a script. */
const offline = (options: Partial<ConstructorParameters<typeof Client>[0]> = {}) =>
  new Client({ apiKey: "svc_test_key", baseUrl: "https://api.test", ...options });
/** A fetch that records each attempt's Request and answers the scripted responses in turn, the last one from then on. */
function scriptedFetch(...answers: ((request: Request) => Response | Promise<Response>)[]) {
  const requests: Request[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    return Promise.resolve(answers[Math.min(requests.length - 1, answers.length - 1)]!(request));
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
/** An answer that comes only when the attempt is aborted: then it fails as fetch does. */
const hanging = (request: Request) =>
  new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));
/** A call's outcome, observed from the start (so that a rejection before the test awaits it is not unhandled). */
const settled = <T>(call: PromiseLike<T>) =>
  Promise.resolve(call).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
const budget = { client_name: "Acme", items: [{ concept: "Visit", units: 1, unit_price: 60 }] };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = {
        method: request.method!,
        url: new URL(request.url!, baseUrl),
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      seen.push(entry);
      handler(entry, response);
      arrivals.emit("request");
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(
  () =>
    new Promise((closed) => {
      server.closeAllConnections();
      server.close(closed);
    }),
);
beforeEach(() => {
  seen = [];
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("retries and idempotency", () => {
  it("retries a write after 503, 502 and a dropped connection with one Idempotency-Key, and sends the body each time", async () => {
    handler = script(
      (_, response) => json(response, 503, problem(503, "service_unavailable")),
      (_, response) => response.writeHead(502, { "Content-Type": "text/html" }).end("<html>Bad gateway</html>"),
      dropped,
      created,
    );
    const result = await client({ maxRetries: 3 }).budgets.create(budget);
    expect(result).toMatchObject({ id: "b-1", body: budget });
    expect(seen).toHaveLength(4);
    const keys = new Set(seen.map((request) => request.headers["idempotency-key"]));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const request of seen) {
      expect(request.method).toBe("POST");
      expect(request.url.pathname).toBe("/api/v1/budgets");
      expect(request.headers.authorization).toBe("Bearer svc_test_key");
      expect(request.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(request.body)).toEqual(budget);
    }
  });

  it("gives each logical write its own key, uses the caller's key when given, and sends none on a read", async () => {
    handler = created;
    const api = client();
    await api.budgets.create(budget);
    await api.budgets.create(budget);
    await api.budgets.create(budget, { idempotencyKey: "my-own-key" });
    await api.request("DELETE", "/api/v1/sip-trunks/{trunk_id}", { params: { trunk_id: "t 1/2" } });
    handler = (_, response) => json(response, 200, { data: [], limit: 50, offset: 0 });
    await api.budgets.list();
    const [first, second, third, removal, read] = seen.map((request) => request.headers["idempotency-key"]);
    expect(first).not.toBe(second);
    expect(third).toBe("my-own-key");
    expect(removal).toEqual(expect.any(String));
    expect(seen[3]!.url.pathname).toBe("/api/v1/sip-trunks/t%201%2F2");
    expect(read).toBeUndefined();
  });

  it("waits out a burst's 429 with Retry-After 57 s by default, then sends the write again over HTTP with its key", async () => {
    handler = script(
      (_, response) => json(response, 429, problem(429, "rate_limited"), { "Retry-After": "57" }),
      created,
    );
    const timers = fakeTimeouts();
    let over = false;
    const call = settled(new Client({ apiKey: "svc_test_key", baseUrl }).budgets.create(budget)).finally(
      () => (over = true),
    );
    // Once the 429 is in, the client sets its wait for Retry-After (or, wrongly, gives up).
    while (!over && !timers.mock.calls.some(([, ms]) => ms === 57_000)) await turn();
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(56_999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await requestsSeen(2);
    expect(await call).toMatchObject({ value: { id: "b-1" } });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers["idempotency-key"]).toBe(seen[0]!.headers["idempotency-key"]);
    expect(JSON.parse(seen[1]!.body)).toEqual(budget);
  });

  it("throws a 429 whose Retry-After is beyond the cap (maxRetryDelayMs, 60 s by default) at once, instead of retrying early", async () => {
    handler = (_, response) => json(response, 429, problem(429, "rate_limited"), { "Retry-After": "61" });
    const started = Date.now();
    const error = await client({ maxRetries: 3 })
      .budgets.create(budget)
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ status: 429, code: "rate_limited" });
    expect((error as ApiError).headers.get("retry-after")).toBe("61");
    expect(seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_000);

    seen = [];
    handler = (_, response) => json(response, 429, problem(429, "rate_limited"), { "Retry-After": "2" });
    expect(
      await client({ maxRetryDelayMs: 1_000 })
        .budgets.list()
        .then(undefined, (thrown: unknown) => thrown),
    ).toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);
  });

  for (const status of [400, 401, 403, 404, 409, 422, 500, 501]) {
    it(`never retries a ${status}: it is thrown as an ApiError with the problem's members`, async () => {
      const errors = status === 400 ? [{ path: "body.items", message: "Required" }] : undefined;
      handler = (_, response) => json(response, status, problem(status, `slug_${status}`, errors ? { errors } : {}));
      const error = await client({ maxRetries: 5 })
        .budgets.create(budget)
        .catch((thrown: unknown) => thrown);
      expect(seen).toHaveLength(1);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status,
        type: `${baseUrl}/problems/slug_${status}`,
        title: `slug_${status}`,
        detail: `detail of slug_${status}`,
        request_id: "req-1",
        errors: errors ?? [],
        code: `slug_${status}`,
      });
    });
  }

  it("gives up after maxRetries: the last 503 is thrown, and a connection that keeps failing throws its network error", async () => {
    handler = (_, response) => json(response, 503, problem(503, "service_unavailable"), { "Retry-After": "0" });
    const unavailable = await client({ maxRetries: 2 })
      .budgets.list()
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect(unavailable).toMatchObject({ status: 503, code: "service_unavailable" });
    expect(seen).toHaveLength(3);

    seen = [];
    handler = dropped;
    const network = await client({ maxRetries: 1 })
      .budgets.create(budget)
      .catch((thrown: unknown) => thrown);
    expect(network).toBeInstanceOf(TypeError);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.headers["idempotency-key"]).toBe(seen[1]!.headers["idempotency-key"]);
  });

  it("throws an answer that is not a problem as an ApiError of type about:blank", async () => {
    handler = (_, response) =>
      response.writeHead(500, { "Content-Type": "text/html", "X-Request-Id": "req-html" }).end("<h1>oops</h1>");
    const error = (await client()
      .budgets.list()
      .then(undefined, (thrown: unknown) => thrown)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, type: "about:blank", request_id: "req-html", errors: [] });
  });

  it("stops retrying when the caller aborts", async () => {
    const controller = new AbortController();
    // Aborted during the 30 s wait that follows the first answer, however long that answer took to come.
    handler = (_, response) => {
      json(response, 503, problem(503, "service_unavailable"), { "Retry-After": "30" });
      setTimeout(() => controller.abort(new Error("stop")), 100);
    };
    await expect(
      client({ maxRetries: 5 }).budgets.list(undefined, { signal: controller.signal }).first(),
    ).rejects.toThrow("stop");
    expect(seen).toHaveLength(1);
  });
});

describe("timeout", () => {
  it("aborts an attempt with no answer after 30 s by default, retries it like a network error, then throws a TimeoutError", async () => {
    vi.useFakeTimers();
    const { fetch, requests } = scriptedFetch(hanging);
    const call = settled(offline({ fetch, maxRetries: 1, retryDelayMs: 0 }).budgets.create(budget));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(((await call) as { error: unknown }).error).toBeInstanceOf(TimeoutError);
    expect(requests[1]!.headers.get("Idempotency-Key")).toBe(requests[0]!.headers.get("Idempotency-Key"));
  });

  it("takes the client's timeoutMs, a call's own, or none (0), and a call's signal aborts it at any time", async () => {
    vi.useFakeTimers();
    const { fetch, requests } = scriptedFetch(hanging);
    const api = offline({ fetch, maxRetries: 0, timeoutMs: 5_000 });
    const controller = new AbortController();
    const byClient = settled(api.budgets.list());
    const byCall = settled(api.budgets.list(undefined, { timeoutMs: 1_000 }));
    const never = settled(api.budgets.list(undefined, { timeoutMs: 0, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests.map((request) => request.signal.aborted)).toEqual([false, true, false]);
    expect(((await byCall) as { error: unknown }).error).toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(((await byClient) as { error: unknown }).error).toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(requests[2]!.signal.aborted).toBe(false);
    controller.abort(new Error("stop"));
    expect(await never).toEqual({ error: new Error("stop") });
  });

  it("aborts a write with no answer over HTTP after 30 s by default, sends it again with its key, and returns the answer that came", async () => {
    fakeTimeouts();
    const closedEarly: boolean[] = [];
    handler = script((_, response) => {
      // No answer: the client gives up. Whether the server saw the connection go before it answered.
      response.on("close", () => closedEarly.push(!response.writableFinished));
    }, created);
    let over = false;
    const call = settled(client().budgets.create(budget)).finally(() => (over = true));
    await requestsSeen(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(seen).toHaveLength(1);
    expect(closedEarly).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // Aborted at 30 s: the server sees the connection go before it answered.
    while (!over && closedEarly.length === 0) await turn();
    expect(closedEarly).toEqual([true]);
    // The retry's backoff is at most retryDelayMs (5 ms here), far from the next attempt's 30 s.
    await vi.advanceTimersByTimeAsync(100);
    await Promise.race([requestsSeen(2), call]);
    expect(await call).toMatchObject({ value: { id: "b-1" } });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers["idempotency-key"]).toBe(seen[0]!.headers["idempotency-key"]);
  });
});

describe("headers", () => {
  it("names the SDK and its version in User-Agent, unless the caller sends one", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(VERSION).toBe(version);
    handler = (_, response) => json(response, 200, { data: [], limit: 50, offset: 0 });
    await client().budgets.list();
    await client().budgets.list(undefined, { headers: { "User-Agent": "my-app/2.0" } });
    expect(seen.map((request) => request.headers["user-agent"])).toEqual([
      `edge-public-api-sdk/${version}`,
      "my-app/2.0",
    ]);
  });

  it("gives every typed call's body its lastResponse (status, headers, request id, Idempotency-Key), left out of its JSON", async () => {
    let n = 0;
    handler = (request, response) => {
      const headers = {
        "X-Request-Id": `req-${++n}`,
        RateLimit: '"default";r=119;t=60',
        "Idempotent-Replayed": "true",
      };
      if (request.method === "POST") json(response, 201, { id: "b-1" }, headers);
      else json(response, 200, { data: [{ id: "b-1" }], limit: 1, offset: 0 }, headers);
    };
    const api = client();
    const created = await api.budgets.create(budget, { idempotencyKey: "key-1" });
    expect(created.lastResponse).toMatchObject({ status: 201, requestId: "req-1", idempotencyKey: "key-1" });
    expect(created.lastResponse.headers.get("RateLimit")).toBe('"default";r=119;t=60');
    expect(created.lastResponse.headers.get("Idempotent-Replayed")).toBe("true");
    expect(JSON.stringify(created)).toBe('{"id":"b-1"}');
    expect(Object.keys(created)).toEqual(["id"]);
    expect({ ...created }).toEqual({ id: "b-1" });

    const page = await api.budgets.list({ limit: 1 });
    expect(page.lastResponse).toMatchObject({ status: 200, requestId: "req-2", idempotencyKey: undefined });
    for await (const each of api.budgets.list({ limit: 1 }).pages()) {
      expect(each.lastResponse.requestId).toBe("req-3");
      break;
    }
    expect((await api.request("GET", "/api/v1/budgets")).lastResponse.requestId).toBe("req-4");
  });
});

describe("pagination", () => {
  it("iterates an offset list over every page, reading each page only as the loop needs it", async () => {
    const rows = Array.from({ length: 237 }, (_, index) => ({ id: `b-${index}` }));
    handler = (request, response) => {
      const limit = Number(request.url.searchParams.get("limit") ?? 50);
      const offset = Number(request.url.searchParams.get("offset") ?? 0);
      json(response, 200, { data: rows.slice(offset, offset + limit), limit, offset });
    };
    const api = client();
    const ids: string[] = [];
    for await (const budget of api.budgets.list({ limit: 10 })) ids.push(budget.id);
    expect(ids).toEqual(rows.map((row) => row.id));
    expect(seen).toHaveLength(24);
    expect(seen.map((request) => request.url.searchParams.get("offset"))).toEqual([
      null,
      ...Array.from({ length: 23 }, (_, page) => String((page + 1) * 10)),
    ]);

    seen = [];
    const firstPage = await api.budgets.list({ limit: 3 });
    expect(firstPage).toMatchObject({ limit: 3, offset: 0, data: [{ id: "b-0" }, { id: "b-1" }, { id: "b-2" }] });
    for await (const budget of api.budgets.list({ limit: 100, offset: 200 })) if (budget.id === "b-205") break;
    expect(seen).toHaveLength(2);
    expect((await api.clients.list({ limit: 100, offset: 100 }).toArray()).length).toBe(137);
  });

  it("caps toArray at 1,000 items by default, or at its limit: past it, it stops reading pages and throws a RangeError", async () => {
    const rows = Array.from({ length: 1_001 }, (_, index) => ({ id: `b-${index}` }));
    handler = (request, response) => {
      const limit = Number(request.url.searchParams.get("limit") ?? 50);
      const offset = Number(request.url.searchParams.get("offset") ?? 0);
      json(response, 200, { data: rows.slice(offset, offset + limit), limit, offset });
    };
    const api = client();
    expect(await api.budgets.list({ limit: 100, offset: 1 }).toArray()).toHaveLength(1_000);
    await expect(api.budgets.list({ limit: 100 }).toArray()).rejects.toThrow(
      new RangeError(
        "toArray(): the list has more than 1000 items; pass a higher limit (toArray({ limit })) or iterate it with for await",
      ),
    );
    expect(await api.budgets.list({ limit: 100 }).toArray({ limit: 2_000 })).toHaveLength(1_001);

    seen = [];
    await expect(api.budgets.list({ limit: 10 }).toArray({ limit: 25 })).rejects.toThrow(RangeError);
    expect(seen).toHaveLength(3);
    expect(await api.budgets.list({ limit: 10, offset: 976 }).toArray({ limit: 25 })).toHaveLength(25);
  });

  it("iterates a cursor list by following next_cursor while has_more", async () => {
    const rows = Array.from({ length: 23 }, (_, index) => ({ id: `c-${index}` }));
    handler = (request, response) => {
      const limit = Number(request.url.searchParams.get("limit") ?? 50);
      const start = Number(request.url.searchParams.get("cursor")?.replace("after-", "") ?? 0);
      const data = rows.slice(start, start + limit);
      const more = start + limit < rows.length;
      json(response, 200, { data, page: { has_more: more, next_cursor: more ? `after-${start + limit}` : null } });
    };
    const pages = [];
    for await (const page of client().conversations.list({ limit: 5 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([5, 5, 5, 5, 3]);
    expect(seen.map((request) => request.url.searchParams.get("cursor"))).toEqual([
      null,
      "after-5",
      "after-10",
      "after-15",
      "after-20",
    ]);
    const all = await client().conversations.list({ limit: 10 }).toArray();
    expect(all.map((conversation) => conversation.id)).toEqual(rows.map((row) => row.id));
  });
});

describe("read your writes", () => {
  it("sends back the newest X-D1-Bookmark the client received, and none when turned off", async () => {
    const bookmark = (n: number) => `00000000-${String(n).padStart(8, "0")}-00000000-${"0".repeat(31)}${n}`;
    let next = 1;
    handler = (request, response) => {
      // A stale replica's answer carries an older bookmark: the client must not go back to it.
      const answered = request.url.searchParams.get("stale") ? bookmark(0) : bookmark(next++);
      json(
        response,
        request.method === "POST" ? 201 : 200,
        { data: [], limit: 50, offset: 0 },
        { "X-D1-Bookmark": answered },
      );
    };
    const api = client();
    await api.budgets.create(budget);
    await api.budgets.list();
    await api.request("GET", "/api/v1/clients", { query: { stale: "1" } as never });
    await api.invoices.list();
    expect(seen.map((request) => request.headers["x-d1-bookmark"])).toEqual([
      undefined,
      bookmark(1),
      bookmark(2),
      bookmark(2),
    ]);
    expect(api.bookmark).toBe(bookmark(3));

    seen = [];
    const other = client({ readYourWrites: false });
    await other.budgets.create(budget);
    await other.budgets.list();
    expect(seen.map((request) => request.headers["x-d1-bookmark"])).toEqual([undefined, undefined]);
    // Clients do not share bookmarks.
    expect(other.bookmark).not.toBe(api.bookmark);
  });
});

describe("webhooks.verify", () => {
  const secret = `whsec_${Buffer.from("a-test-secret-of-32-bytes-length").toString("base64")}`;
  const event = {
    id: "5b0f3a1e-2c4d-4e8f-9a6b-7c8d9e0f1a2b",
    type: "budget.created",
    timestamp: new Date().toISOString(),
    data: { id: "b-1", budget_number: "B-2026-0001" },
  };
  const body = JSON.stringify(event);
  const signed = () => {
    const timestamp = new Date();
    return {
      "webhook-id": event.id,
      "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(event.id, timestamp, body),
    };
  };

  it("returns the typed event of a signed delivery, from Node's headers or a Fetch Headers", () => {
    const verified: WebhookEvent = client().webhooks.verify(body, signed(), secret);
    expect(verified).toEqual(event);
    if (verified.type === "budget.created") expect(verified.data.budget_number).toBe("B-2026-0001");
    expect(client().webhooks.verify(new TextEncoder().encode(body), new Headers(signed()), secret)).toEqual(event);
  });

  it("throws on a changed body, another secret or missing headers", () => {
    expect(() => client().webhooks.verify(body.replace("B-2026", "B-2027"), signed(), secret)).toThrow();
    expect(() =>
      client().webhooks.verify(
        body,
        signed(),
        `whsec_${Buffer.from("another-secret-of-32-bytes-long!").toString("base64")}`,
      ),
    ).toThrow();
    expect(() => client().webhooks.verify(body, {}, secret)).toThrow();
  });
});

describe("StaleEventFilter", () => {
  const event = (type: string, id: string, sequence: number) => ({ type, data: { id, sequence } });

  it("drops an event at or below the last sequence seen for its resource, each resource apart", async () => {
    const filter = new StaleEventFilter();
    const accepted = [];
    for (const delivered of [
      event("call.status_changed", "c1", 3),
      event("call.status_changed", "c1", 2), // older, delivered late
      event("call.settled", "c1", 4),
      event("call.settled", "c1", 4), // a retry of the same delivery
      event("call.status_changed", "c2", 1), // another call counts apart
      event("sms.delivered", "c1", 1), // another resource type with the same id
    ])
      accepted.push(await filter.accept(delivered));
    expect(accepted).toEqual([true, false, true, false, true, true]);
  });

  it("keys a resource by its type and id (or <resource>_id), passes an event with no sequence, and takes any store", async () => {
    expect(eventOrder({ type: "whatsapp.message.read", data: { id: "m1", sequence: 2 } })).toEqual({
      resource: "whatsapp.message:m1",
      sequence: 2,
    });
    expect(eventOrder({ type: "email.delivered", data: { email_id: "e1", sequence: 5 } })).toEqual({
      resource: "email:e1",
      sequence: 5,
    });
    expect(eventOrder({ type: "budget.created", data: { id: "b1" } })).toBeUndefined();
    expect(isStaleEvent({ type: "budget.created", data: { id: "b1" } }, 9)).toBe(false);
    expect(isStaleEvent(event("call.settled", "c1", 4), undefined)).toBe(false);
    expect(isStaleEvent(event("call.settled", "c1", 4), 4)).toBe(true);

    const saved = new Map<string, number>([["call:c1", 7]]);
    const store = {
      get: async (key: string) => saved.get(key),
      set: async (key: string, value: number) => saved.set(key, value),
    };
    const filter = new StaleEventFilter(store);
    expect(await filter.accept(event("call.settled", "c1", 7))).toBe(false);
    expect(await filter.accept(event("call.settled", "c1", 8))).toBe(true);
    expect(saved.get("call:c1")).toBe(8);
    expect(await filter.accept({ type: "budget.created", data: { id: "b1" } })).toBe(true);
  });
});
