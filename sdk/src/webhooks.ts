import { Webhook } from "standardwebhooks";
import type { webhooks } from "./schema.js";

type DeliveryBody<Delivery> = Delivery extends {
  post: { requestBody: { content: { "application/json": infer Body } } };
}
  ? Body
  : never;

/** Every event of the catalogue, as a delivery's body: a union keyed by `type` (narrow it with a switch). */
export type WebhookEvent = { [Type in keyof webhooks]: DeliveryBody<webhooks[Type]> }[keyof webhooks];
/** The catalogue's event types (`budget.created`, `call.settled`, …). */
export type WebhookEventType = WebhookEvent["type"];
/** The event of one type. */
export type EventOf<Type extends WebhookEventType> = Extract<WebhookEvent, { type: Type }>;

/** A delivery's headers: a Fetch Headers, or Node's request.headers (a repeated header as an array). */
export type DeliveryHeaders = Headers | Record<string, string | string[] | undefined>;

/**
 * Verifies a delivery as Standard Webhooks says (`webhook-id`, `webhook-timestamp` within five
 * minutes, `webhook-signature` an HMAC-SHA256 of `<id>.<timestamp>.<body>` with the subscription's
 * `whsec_` secret) and returns its event. Pass the body exactly as received, before any JSON
 * parsing. Throws standardwebhooks' WebhookVerificationError when it does not verify.
 */
export function verifyWebhook(body: string | Uint8Array, headers: DeliveryHeaders, secret: string): WebhookEvent {
  const text = typeof body === "string" ? body : new TextDecoder().decode(body);
  return new Webhook(secret).verify(text, plainHeaders(headers)) as WebhookEvent;
}

function plainHeaders(headers: DeliveryHeaders): Record<string, string> {
  const plain: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => {
      plain[name] = value;
    });
    return plain;
  }
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) plain[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  return plain;
}

/**
 * Where a receiver keeps, per resource, the last `sequence` it handled: a `Map` in one process, or
 * any store with `get` and `set` (sync or async: Redis, a database table) shared by its instances.
 */
export interface SequenceStore {
  get(resource: string): number | undefined | Promise<number | undefined>;
  set(resource: string, sequence: number): unknown;
}

/** An event as the order helpers read it: its type and its data's `sequence` (and the resource's id). */
export interface OrderedEvent {
  type: string;
  data: unknown;
}

/**
 * The resource an event is about, as `<resource type>:<id>` (`call:3f2b…`, `sms:6d5c…`,
 * `whatsapp.message:…`, `email:…`), and its sequence; undefined for an event that carries no
 * sequence. The resource type is the event type without its last segment, and its id is the
 * data's `id`, or `<last word of the resource type>_id` (`email_id`).
 */
export function eventOrder(event: OrderedEvent): { resource: string; sequence: number } | undefined {
  const data = event.data as Record<string, unknown> | null;
  const sequence = data?.sequence;
  if (typeof sequence !== "number") return undefined;
  const kind = event.type.slice(0, event.type.lastIndexOf("."));
  const id = data?.id ?? data?.[`${kind.slice(kind.lastIndexOf(".") + 1)}_id`];
  return typeof id === "string" && kind ? { resource: `${kind}:${id}`, sequence } : undefined;
}

/**
 * Whether an event is stale: its sequence is at or below `lastSeen`, the last one handled for its
 * resource (a duplicate, or an older state delivered late). An event without a sequence never is.
 */
export function isStaleEvent(event: OrderedEvent, lastSeen: number | undefined): boolean {
  const order = eventOrder(event);
  return order !== undefined && lastSeen !== undefined && order.sequence <= lastSeen;
}

/**
 * Drops stale events: `accept(event)` answers false for an event whose sequence is at or below the
 * last one accepted for its resource, and otherwise records it and answers true. Deliveries are
 * retried and may arrive out of order; the resource's GET shows its current state and `sequence`
 * when a receiver needs what it skipped. With a shared async store, two instances may accept the
 * same event at once: make the store's `set` a compare-and-set if that matters.
 */
export class StaleEventFilter {
  readonly #store: SequenceStore;

  constructor(store: SequenceStore = new Map<string, number>()) {
    this.#store = store;
  }

  async accept(event: OrderedEvent): Promise<boolean> {
    const order = eventOrder(event);
    if (!order) return true;
    if (isStaleEvent(event, await this.#store.get(order.resource))) return false;
    await this.#store.set(order.resource, order.sequence);
    return true;
  }
}
