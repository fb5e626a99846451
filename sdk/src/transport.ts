import { ApiError } from "./errors.js";
import { PagedList, type Pagination } from "./pagination.js";
import type { HttpMethod, ItemOf, OperationId, ResultOf } from "./types.js";

export interface ClientOptions {
  /** The API key, sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** The API's origin, such as `https://api.example.com` (paths start with /api/v1). */
  baseUrl: string;
  /** A fetch to use instead of the global one (a proxy, a test double, a Worker's service binding). */
  fetch?: typeof fetch;
  /** Retries of one call after a network error, 429, 502 or 503; 0 turns retrying off. Default 2. */
  maxRetries?: number;
  /** The first retry's delay ceiling in milliseconds; each further retry doubles it (full jitter). Default 500. */
  retryDelayMs?: number;
  /** The longest wait between two attempts; an answer whose Retry-After asks for longer is thrown, not waited for. Default 30000. */
  maxRetryDelayMs?: number;
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

const RETRIED_STATUSES = new Set([429, 502, 503]);
const WRITE_METHODS = new Set<HttpMethod>(["POST", "PUT", "PATCH", "DELETE"]);
const BOOKMARK_HEADER = "X-D1-Bookmark";

/**
 * Sends requests for a Client: authentication, JSON, an Idempotency-Key per write, retries with
 * exponential backoff and full jitter, the D1 bookmark carried between requests, problems thrown.
 */
export class Transport {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly maxRetries: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private bookmark: string | undefined;

  constructor(private readonly options: ClientOptions) {
    if (!options.apiKey) throw new TypeError("Client: apiKey is required");
    if (!options.baseUrl) throw new TypeError("Client: baseUrl is required");
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    // Bound, so that a platform's fetch is not called with the Transport as `this`.
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.maxRetries = Math.max(0, options.maxRetries ?? 2);
    this.retryDelayMs = options.retryDelayMs ?? 500;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  }

  /** The newest `X-D1-Bookmark` this client received (sent with its next request). */
  get lastBookmark(): string | undefined {
    return this.bookmark;
  }

  /** Calls an operation and returns its success body. */
  async call<Id extends OperationId>(method: HttpMethod, path: string, input: RequestInput, options?: RequestOptions): Promise<ResultOf<Id>> {
    return (await this.send<ResultOf<Id>>(method, path, input, options)).data;
  }

  /** Calls a list operation: a PagedList that is awaited for the first page or iterated over every item. */
  list<Id extends OperationId>(pagination: Pagination, path: string, params: RequestInput["params"], query: object | undefined, options?: RequestOptions): PagedList<ItemOf<Id>, ResultOf<Id>> {
    return new PagedList<ItemOf<Id>, ResultOf<Id>>(pagination, { ...query }, (pageQuery) => this.call<Id>("GET", path, { params, query: pageQuery }, options));
  }

  /** Sends one logical request (with its retries) and returns its success body and response; throws ApiError otherwise. */
  async send<T>(method: HttpMethod, path: string, input: RequestInput, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = this.url(path, input);
    const headers = new Headers(options.headers);
    headers.set("Authorization", `Bearer ${this.options.apiKey}`);
    headers.set("Accept", "application/json, application/problem+json");
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    // One key per logical call, chosen before the first attempt: every retry repeats it, so the API does the write once.
    if (WRITE_METHODS.has(method) && !headers.has("Idempotency-Key")) headers.set("Idempotency-Key", options.idempotencyKey ?? crypto.randomUUID());

    for (let attempt = 0; ; attempt++) {
      if (this.options.readYourWrites !== false && this.bookmark) headers.set(BOOKMARK_HEADER, this.bookmark);
      let response: Response;
      try {
        response = await this.fetch(url, { method, headers, body, signal: options.signal });
      } catch (error) {
        if (options.signal?.aborted || attempt >= this.maxRetries) throw error;
        await this.wait(this.backoff(attempt), options.signal);
        continue;
      }
      this.keepBookmark(response.headers.get(BOOKMARK_HEADER));
      const delay = RETRIED_STATUSES.has(response.status) && attempt < this.maxRetries ? (this.retryAfter(response) ?? this.backoff(attempt)) : undefined;
      if (delay !== undefined && delay <= this.maxRetryDelayMs) {
        // The body is not read: release the connection before waiting.
        await response.body?.cancel().catch(() => undefined);
        await this.wait(delay, options.signal);
        continue;
      }
      const text = await response.text();
      const parsed = text === "" ? undefined : parseJson(text);
      if (!response.ok) {
        const problem = parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { title: response.statusText || undefined, detail: text.slice(0, 500) || undefined };
        throw new ApiError(response.status, problem, response.headers);
      }
      return { data: parsed as T, response };
    }
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

  /** Full jitter: a uniform wait between 0 and retryDelayMs × 2^attempt, capped. */
  private backoff(attempt: number): number {
    return Math.random() * Math.min(this.maxRetryDelayMs, this.retryDelayMs * 2 ** attempt);
  }

  /** Retry-After in delay-seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
  private retryAfter(response: Response): number | undefined {
    const header = response.headers.get("Retry-After");
    if (!header) return undefined;
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    return Number.isNaN(ms) ? undefined : Math.max(0, ms);
  }

  private wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", aborted);
        resolve();
      }, ms);
      const aborted = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", aborted, { once: true });
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
