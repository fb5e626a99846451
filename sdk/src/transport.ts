import ky, { isHTTPError, type ShouldRetryState } from "ky";
import { ApiError } from "./errors.js";
import { PagedList, type Pagination } from "./pagination.js";
import type { HttpMethod, ItemOf, LastResponse, OperationId, ResultOf, WithLastResponse } from "./types.js";

// The generated methods (operations.ts) take the result type from here.
export type { LastResponse, WithLastResponse } from "./types.js";
import { USER_AGENT } from "./version.js";

export interface ClientOptions {
  /** The API key, sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** The API's origin, such as `https://api.example.com` (paths start with /api/v1). */
  baseUrl: string;
  /** A fetch to use instead of the global one (a proxy, a test double, a Worker's service binding). */
  fetch?: typeof fetch;
  /** Retries of one call after a network error, a timeout, 429, 502 or 503; 0 turns retrying off. Default 2. */
  maxRetries?: number;
  /** The first retry's delay ceiling in milliseconds; each further retry doubles it (full jitter). Default 500. */
  retryDelayMs?: number;
  /**
   * The longest wait between two attempts. A Retry-After up to it is waited out; an answer whose
   * Retry-After asks for longer is thrown, not retried early. Default 60000: the API's rate-limit
   * window, so a 429's Retry-After is always waited out.
   */
  maxRetryDelayMs?: number;
  /** How long each attempt may wait for the response's headers before it is aborted (and retried like a network error); 0 turns it off. Default 30000. */
  timeoutMs?: number;
  /** Send each response's `X-D1-Bookmark` back on the next request, so reads see this client's writes. Default true. */
  readYourWrites?: boolean;
}

export interface RequestOptions {
  /** The Idempotency-Key of a write; by default a new UUID per call, the same on each of its retries. */
  idempotencyKey?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Cancels the call, its retries and the waits between them. */
  signal?: AbortSignal;
  /** This call's `timeoutMs` (each attempt's limit; 0 turns it off). */
  timeoutMs?: number;
}

/** The parts of a request: path parameters, query and JSON body. */
export interface RequestInput {
  params?: Record<string, string | number> | undefined;
  query?: object | undefined;
  body?: unknown;
}

/** A success's body with the response it came in (status, headers such as RateLimit and X-Request-Id). */
export interface ApiResponse<T> {
  data: T;
  response: Response;
}

const RETRIED_STATUSES = [429, 502, 503];
const WRITE_METHODS = new Set<HttpMethod>(["POST", "PUT", "PATCH", "DELETE"]);
const BOOKMARK_HEADER = "X-D1-Bookmark";
// A browser keeps its own User-Agent (Chromium drops the header; a cross-origin one would need a
// preflight either way): the SDK names itself in a header of its own there.
const CLIENT_HEADER = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent?.startsWith(
  "Mozilla/",
)
  ? "X-Client-User-Agent"
  : "User-Agent";

/**
 * Sends requests for a Client through ky: authentication, JSON, an Idempotency-Key per write,
 * ky's retries (exponential backoff with full jitter, Retry-After honoured) and per-attempt timeout,
 * the D1 bookmark carried between requests, problems thrown as ApiError.
 */
export class Transport {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly maxRetries: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly timeoutMs: number;
  private bookmark: string | undefined;

  constructor(private readonly options: ClientOptions) {
    if (!options.apiKey) throw new TypeError("Client: apiKey is required");
    if (!options.baseUrl) throw new TypeError("Client: baseUrl is required");
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    // Bound, so that a platform's fetch is not called with another `this`.
    const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    // Every attempt goes through here: it carries the newest bookmark and keeps the one answered.
    this.fetch = async (input, init) => {
      if (options.readYourWrites !== false && this.bookmark && input instanceof Request)
        input.headers.set(BOOKMARK_HEADER, this.bookmark);
      const response = await fetch(input, init);
      this.keepBookmark(response.headers.get(BOOKMARK_HEADER));
      return response;
    };
    this.maxRetries = Math.max(0, options.maxRetries ?? 2);
    this.retryDelayMs = options.retryDelayMs ?? 500;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** The newest `X-D1-Bookmark` this client received (sent with its next request). */
  get lastBookmark(): string | undefined {
    return this.bookmark;
  }

  /** Calls an operation and returns its success body, with its `lastResponse`. */
  async call<Id extends OperationId>(
    method: HttpMethod,
    path: string,
    input: RequestInput,
    options?: RequestOptions,
  ): Promise<WithLastResponse<ResultOf<Id>>> {
    return (await this.send<ResultOf<Id>>(method, path, input, options)).data;
  }

  /** Calls a list operation: a PagedList that is awaited for the first page or iterated over every item. */
  list<Id extends OperationId>(
    pagination: Pagination,
    path: string,
    params: RequestInput["params"],
    query: object | undefined,
    options?: RequestOptions,
  ): PagedList<ItemOf<Id>, ResultOf<Id>> {
    return new PagedList<ItemOf<Id>, ResultOf<Id>>(pagination, { ...query }, (pageQuery) =>
      this.call<Id>("GET", path, { params, query: pageQuery }, options),
    );
  }

  /** Sends one logical request (with its retries) and returns its success body (with its `lastResponse`) and response; throws ApiError otherwise. */
  async send<T>(
    method: HttpMethod,
    path: string,
    input: RequestInput,
    options: RequestOptions = {},
  ): Promise<ApiResponse<WithLastResponse<T>>> {
    const headers = new Headers(options.headers);
    headers.set("Authorization", `Bearer ${this.options.apiKey}`);
    headers.set("Accept", "application/json, application/problem+json");
    if (!headers.has(CLIENT_HEADER)) headers.set(CLIENT_HEADER, USER_AGENT);
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    // One key per logical call, chosen before the first attempt: every retry repeats it, so the API does the write once.
    if (WRITE_METHODS.has(method) && !headers.has("Idempotency-Key"))
      headers.set("Idempotency-Key", options.idempotencyKey ?? crypto.randomUUID());

    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    let response: Response;
    try {
      response = await ky(this.url(path, input), {
        method,
        headers,
        body,
        signal: options.signal,
        fetch: this.fetch,
        timeout: timeoutMs > 0 ? timeoutMs : false,
        retry: {
          limit: this.maxRetries,
          methods: [...WRITE_METHODS, "GET"],
          statusCodes: RETRIED_STATUSES,
          afterStatusCodes: RETRIED_STATUSES,
          delay: (attempt) => this.retryDelayMs * 2 ** (attempt - 1),
          jitter: true,
          backoffLimit: this.maxRetryDelayMs,
          retryOnTimeout: true,
          shouldRetry: (state) => this.shouldRetry(state),
        },
      });
    } catch (error) {
      throw isHTTPError(error) ? await problemOf(error.response) : error;
    }
    const text = await response.text();
    const data = text === "" ? undefined : parseJson(text);
    if (data !== null && typeof data === "object") {
      const lastResponse: LastResponse = {
        status: response.status,
        headers: response.headers,
        requestId: response.headers.get("X-Request-Id") ?? undefined,
        idempotencyKey: headers.get("Idempotency-Key") ?? undefined,
      };
      Object.defineProperty(data, "lastResponse", { value: lastResponse, enumerable: false });
    }
    return { data: data as WithLastResponse<T>, response };
  }

  /**
   * ky's retry decision, narrowed: an answer whose Retry-After is longer than maxRetryDelayMs is
   * thrown (retrying earlier would be refused again). Any other retried answer's body is released
   * before the wait; the rest is ky's to decide.
   */
  private shouldRetry({ error }: ShouldRetryState): boolean | undefined {
    if (!isHTTPError(error) || !RETRIED_STATUSES.includes(error.response.status)) return undefined;
    if ((retryAfter(error.response) ?? 0) > this.maxRetryDelayMs) return false;
    error.response.body?.cancel().catch(() => undefined);
    return undefined;
  }

  private url(path: string, input: RequestInput): string {
    const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = input.params?.[name];
      if (value === undefined || value === "") throw new TypeError(`${path}: path parameter ${name} is required`);
      return encodeURIComponent(String(value));
    });
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
    }
    const query = search.toString();
    return `${this.baseUrl}${filled}${query ? `?${query}` : ""}`;
  }

  /** Keeps the newest bookmark: D1's bookmarks are fixed-width hex, so the greater string is the later one. */
  private keepBookmark(received: string | null) {
    if (received && (this.bookmark === undefined || received > this.bookmark)) this.bookmark = received;
  }
}

/** Retry-After in delay-seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
function retryAfter(response: Response): number | undefined {
  const header = response.headers.get("Retry-After");
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/** An answer that is not a success as the ApiError it is (a proxy's HTML page becomes a problem of type about:blank). */
async function problemOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  const parsed = text === "" ? undefined : parseJson(text);
  const problem =
    parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { title: response.statusText || undefined, detail: text.slice(0, 500) || undefined };
  return new ApiError(response.status, problem, response.headers);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
