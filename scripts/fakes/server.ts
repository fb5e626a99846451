/**
 * The scaffolding every fake provider shares: a real HTTP server on 127.0.0.1 (a free port) that
 * records what it received, checks the credentials it expects, and can be scripted to fail, hang,
 * redirect or refuse a recipient, through its /__fake/ endpoints:
 *
 *   GET  /__fake/requests[?match=text]   what it received, oldest first (`match`: in method, path, query or body, as sent or decoded)
 *   POST /__fake/script {status[, headers]}|{timeout:true}|{hold:true}|{redirect:url}|{delayMs} [, match]
 *                                         the next request (containing `match`) fails that way, once
 *                                         (headers: added to the error answer, e.g. Retry-After;
 *                                         hold: the provider acts on it, then never answers;
 *                                         delayMs: it answers as usual, that late)
 *   POST /__fake/release [{match}]        the requests a timeout or hold keeps unanswered (those containing
 *                                         `match`) are answered at last, with the provider's 503
 *   POST /__fake/refuse {recipient}       refuse that recipient from now on, in the provider's own terms
 *   POST /__fake/credentials {token}      accept one more credential (a company's own token)
 *   POST /__fake/reset                    forget requests, scripts, refusals and added credentials
 *
 * Each provider module supplies its wire format: routes, credential check, and its error bodies.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as JSON, when it parses. */
  json: unknown;
  /** The body as form fields (application/x-www-form-urlencoded). */
  form: URLSearchParams;
}

export interface FakeReply {
  status: number;
  /** JSON unless a string (then sent as is, with `contentType`) or bytes (a file). */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** Answer this late (a provider slow to answer, whose callbacks may overtake its answer). */
  delayMs?: number;
}

interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  authorized: boolean;
  at: string;
}

interface FakeState {
  refused: Set<string>;
  /** The origin of this fake (http://127.0.0.1:port), for links in answers. */
  origin: string;
  /** Whether a credential is accepted now; `accept` adds one (a token the provider issued), forgotten on reset. */
  accepts(credential: string): boolean;
  accept(credential: string): void;
}

export interface FakeProvider {
  name: string;
  /** The credential a request presents; null when the provider needs none. */
  credential(request: FakeRequest): string | undefined | null;
  unauthorized(request: FakeRequest): FakeReply;
  /** The recipient a request is addressed to, checked against refused recipients. */
  recipient?(request: FakeRequest): readonly string[];
  refusal(request: FakeRequest): FakeReply;
  /** The provider's error body for a scripted status. */
  error(status: number): FakeReply;
  handle(request: FakeRequest, state: FakeState): FakeReply;
  /** Forgets the provider's own state (POST /__fake/reset). */
  reset?(): void;
  /** Extra control endpoints (/__fake/<name>) of this provider. */
  control?: Record<string, (body: unknown) => FakeReply>;
}

type Script = { match?: string } & (
  | { status: number; headers?: Record<string, string> }
  | { timeout: true }
  | { redirect: string }
  | { hold: true }
  | { delayMs: number }
);

export interface RunningFake {
  name: string;
  origin: string;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

/** `port`: where to listen, when free (an earlier start's, so that addresses stored with it still reach it); else any free one. */
export async function startFake(
  provider: FakeProvider,
  credentials: readonly string[],
  port = 0,
): Promise<RunningFake> {
  const requests: RecordedRequest[] = [];
  let scripts: Script[] = [];
  const accepted = new Set(credentials);
  const added = new Set<string>();
  const state: FakeState = {
    refused: new Set(),
    origin: "",
    accepts: (credential) => accepted.has(credential) || added.has(credential),
    accept: (credential) => void added.add(credential),
  };
  /** Answers a timeout or hold keeps open, each with what its request carried (to release by `match`). */
  const hanging = new Map<ServerResponse, string>();

  const server: Server = createServer((incoming, response) => {
    readBody(incoming).then(
      (text) => {
        const url = new URL(incoming.url ?? "/", state.origin);
        const request: FakeRequest = {
          method: incoming.method ?? "GET",
          path: url.pathname,
          query: url.searchParams,
          headers: incoming.headers,
          text,
          json: parseJson(text),
          form: new URLSearchParams(text),
        };
        if (url.pathname.startsWith("/__fake/")) return send(response, control(request));
        const credential = provider.credential(request);
        const authorized =
          credential === null || (credential !== undefined && (accepted.has(credential) || added.has(credential)));
        requests.push({
          method: request.method,
          path: request.path,
          query: Object.fromEntries(url.searchParams),
          headers: Object.fromEntries(
            Object.entries(incoming.headers).map(([name, value]) => [
              name,
              Array.isArray(value) ? value.join(", ") : (value ?? ""),
            ]),
          ),
          body: text,
          authorized,
          at: new Date().toISOString(),
        });
        const seen = haystack(request.method, request.path, url.search, text);
        const index = scripts.findIndex((script) => script.match === undefined || seen.includes(script.match));
        if (index >= 0) {
          const [script] = scripts.splice(index, 1);
          if (script && "timeout" in script) {
            // Never answers; the client's timeout ends it (or release, or close()).
            hanging.set(response, seen);
            response.on("close", () => hanging.delete(response));
            return;
          }
          if (script && "hold" in script) {
            // The provider acts on the request (it is sent, placed, recorded) but its answer never
            // leaves: the caller dies or times out not knowing, as when a process is killed mid-call.
            provider.handle(request, state);
            hanging.set(response, seen);
            response.on("close", () => hanging.delete(response));
            return;
          }
          if (script && "redirect" in script)
            return send(response, { status: 302, headers: { Location: script.redirect }, body: "" });
          if (script && "status" in script) {
            const reply = provider.error(script.status);
            return send(response, { ...reply, headers: { ...reply.headers, ...script.headers } });
          }
          if (script && "delayMs" in script) {
            if (!authorized) return send(response, provider.unauthorized(request));
            return send(response, { ...provider.handle(request, state), delayMs: script.delayMs });
          }
        }
        if (!authorized) return send(response, provider.unauthorized(request));
        if (provider.recipient?.(request).some((recipient) => state.refused.has(recipient)))
          return send(response, provider.refusal(request));
        return send(response, provider.handle(request, state));
      },
      () => send(response, { status: 413, body: { error: "body too large" } }),
    );
  });

  function control(request: FakeRequest): FakeReply {
    const action = request.path.slice("/__fake/".length);
    const body = (request.json ?? {}) as Record<string, unknown>;
    if (request.method === "GET" && action === "requests") {
      const match = request.query.get("match");
      const listed = match
        ? requests.filter((r) => haystack(r.method, r.path, `?${new URLSearchParams(r.query)}`, r.body).includes(match))
        : requests;
      return { status: 200, body: { requests: listed } };
    }
    if (request.method !== "POST") return { status: 405, body: { error: "POST" } };
    switch (action) {
      case "script": {
        const match = typeof body.match === "string" ? body.match : undefined;
        if (typeof body.status === "number")
          scripts.push({ status: body.status, headers: stringRecord(body.headers), match });
        else if (typeof body.delayMs === "number") scripts.push({ delayMs: body.delayMs, match });
        else if (body.timeout === true) scripts.push({ timeout: true, match });
        else if (typeof body.redirect === "string") scripts.push({ redirect: body.redirect, match });
        else if (body.hold === true) scripts.push({ hold: true, match });
        else return { status: 400, body: { error: "one of status, timeout: true, hold: true, redirect, delayMs" } };
        return { status: 200, body: { scripted: scripts.length } };
      }
      case "release": {
        const match = typeof body.match === "string" ? body.match : undefined;
        const released = [...hanging].filter(([, seen]) => match === undefined || seen.includes(match));
        for (const [response] of released) send(response, provider.error(503));
        return { status: 200, body: { released: released.length } };
      }
      case "refuse":
        if (typeof body.recipient !== "string") return { status: 400, body: { error: "recipient" } };
        state.refused.add(body.recipient);
        return { status: 200, body: { refused: [...state.refused] } };
      case "credentials":
        if (typeof body.token !== "string") return { status: 400, body: { error: "token" } };
        added.add(body.token);
        return { status: 200, body: {} };
      case "reset":
        requests.length = 0;
        scripts = [];
        state.refused.clear();
        added.clear();
        provider.reset?.();
        return { status: 200, body: {} };
      default: {
        const extra = provider.control?.[action];
        return extra ? extra(body) : { status: 404, body: { error: `no /__fake/${action}` } };
      }
    }
  }

  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(on, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(port).catch((error: NodeJS.ErrnoException) => {
    if (port === 0 || error.code !== "EADDRINUSE") throw error;
    return listen(0);
  });
  const address = server.address();
  state.origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  // Not a reason for the process to stay alive (npm run dev exits with wrangler).
  server.unref();
  return {
    name: provider.name,
    origin: state.origin,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging.keys()) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new Error("too large"));
      else chunks.push(chunk);
    });
    incoming.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    incoming.on("error", reject);
  });
}

/** What `match` is looked for in: the request as sent, and with its path, query and form body decoded. */
function haystack(method: string, path: string, search: string, body: string): string {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, " "));
    } catch {
      return text;
    }
  };
  return `${method} ${path}${search}\n${body}\n${decode(path)}${decode(search)}\n${decode(body)}`;
}

/** A script's headers: only string values are kept. */
function stringRecord(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function send(response: ServerResponse, reply: FakeReply) {
  if (reply.delayMs) {
    const { delayMs, ...now } = reply;
    setTimeout(() => send(response, now), delayMs).unref();
    return;
  }
  if (reply.body instanceof Uint8Array) {
    response.writeHead(reply.status, {
      "Content-Type": reply.contentType ?? "application/octet-stream",
      "Content-Length": reply.body.byteLength,
      ...reply.headers,
    });
    response.end(reply.body);
    return;
  }
  const text = typeof reply.body === "string" ? reply.body : reply.body === undefined ? "" : JSON.stringify(reply.body);
  const contentType =
    reply.contentType ?? (typeof reply.body === "string" ? "text/plain; charset=utf-8" : "application/json");
  response.writeHead(reply.status, {
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(text),
    ...reply.headers,
  });
  response.end(text);
}

/** The bearer token of an Authorization header. */
export function bearer(request: FakeRequest, scheme = "Bearer"): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith(`${scheme} `) ? header.slice(scheme.length + 1) : undefined;
}

export const isJson = (request: FakeRequest) => /^application\/json\b/i.test(request.headers["content-type"] ?? "");
export const isForm = (request: FakeRequest) =>
  /^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "");
export const randomId = (length = 24) =>
  [...crypto.getRandomValues(new Uint8Array(length))].map((byte) => (byte % 16).toString(16)).join("");
