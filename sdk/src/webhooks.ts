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
