import { operations, type Operations } from "./operations.js";
import type { paths } from "./schema.js";
import {
  type ApiResponse,
  type ClientOptions,
  type RequestOptions,
  Transport,
  type WithLastResponse,
} from "./transport.js";
import type { HttpMethod, PathsOf, RequestParts, ResponseOf } from "./types.js";
import { type DeliveryHeaders, verifyWebhook, type WebhookEvent } from "./webhooks.js";

/** Client's hand-written additions to the generated `webhooks` namespace. */
interface WebhookVerification {
  /** Verifies a delivery's signature (Standard Webhooks) and returns its typed event; throws when it does not verify. */
  verify(body: string | Uint8Array, headers: DeliveryHeaders, secret: string): WebhookEvent;
}

/**
 * The API's client: a namespace per tag (`client.budgets.list()`, `client.contacts.create({...})`),
 * generated from the OpenAPI document, and `request()` for any operation by method and path.
 *
 * Every write carries an Idempotency-Key (a new UUID per call unless given), retried with the same
 * key after a network error, a timeout, 429 (after Retry-After), 502 or 503; every answer but a
 * success is thrown as an ApiError; each response's X-D1-Bookmark goes with the next request, so
 * the client reads its own writes.
 */
/** The generated namespaces, made a base class so that each Client has them as its own properties. */
const GeneratedNamespaces = class {
  constructor(transport: Transport) {
    Object.assign(this, operations(transport));
  }
} as new (
  transport: Transport,
) => Omit<Operations, "webhooks">;

export class Client extends GeneratedNamespaces {
  readonly #transport: Transport;
  /** The webhooks operations, and `verify` for a receiver. */
  readonly webhooks: Operations["webhooks"] & WebhookVerification;

  constructor(options: ClientOptions) {
    const transport = new Transport(options);
    super(transport);
    this.#transport = transport;
    this.webhooks = { ...operations(transport).webhooks, verify: verifyWebhook };
  }

  /**
   * Any operation by method and path, typed by the schema (its body has `lastResponse` as every method's does):
   * `client.request("GET", "/api/v1/contacts/{contact_id}", { params: { contact_id } })`.
   */
  async request<Method extends HttpMethod, Path extends PathsOf<Method>>(
    method: Method,
    path: Path,
    parts: RequestParts<Path & keyof paths, Method> = {} as RequestParts<Path & keyof paths, Method>,
    options?: RequestOptions,
  ): Promise<WithLastResponse<ResponseOf<Path & keyof paths, Method>>> {
    return (await this.requestWithResponse(method, path, parts, options)).data;
  }

  /** request(), returning the Response too (its status and headers: RateLimit, X-Request-Id, Idempotent-Replayed). */
  requestWithResponse<Method extends HttpMethod, Path extends PathsOf<Method>>(
    method: Method,
    path: Path,
    parts: RequestParts<Path & keyof paths, Method> = {} as RequestParts<Path & keyof paths, Method>,
    options?: RequestOptions,
  ): Promise<ApiResponse<WithLastResponse<ResponseOf<Path & keyof paths, Method>>>> {
    const { params, query, body } = parts as { params?: Record<string, string>; query?: object; body?: unknown };
    return this.#transport.send(method, path, { params, query, body }, options);
  }

  /** The newest X-D1-Bookmark this client received: the point its reads are at least as new as. */
  get bookmark(): string | undefined {
    return this.#transport.lastBookmark;
  }
}
