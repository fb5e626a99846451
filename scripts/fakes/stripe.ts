/**
 * Stripe: POST /v1/payment_intents (form-encoded, Bearer secret key, Idempotency-Key replayed as
 * Stripe does), and GET /v1/payment_intents/search?query=metadata['key']:'value' (that one clause of
 * Stripe's search language; every intent made, declined ones as requires_payment_method). Errors: { error: { type, code, decline_code, message } }; a declined card is 402.
 *
 * Declines, as Stripe's test mode gives them: the test payment methods below (pm_card_visa
 * succeeds; pm_card_chargeDeclinedInsufficientFunds declines with insufficient_funds...), and any
 * payment method told to by `POST /__fake/decline {"payment_method": "pm_...", "decline_code": "expired_card"}`
 * (forgotten by /__fake/reset). `POST /__fake/refuse {"recipient": "pm_..."}` declines with generic_decline.
 *
 * Like a Stripe account with a webhook endpoint, each confirmed PaymentIntent is followed by its
 * `payment_intent.succeeded` event, and each declined one by `payment_intent.payment_failed`: an
 * Event object (https://docs.stripe.com/api/events/object) signed with Stripe-Signature
 * (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">, keyed by the endpoint's whsec_ secret):
 *   POST /__fake/timeline { stripe_ms }   (default: the event 1 s after the charge)
 *   POST /__fake/callbacks                what was sent, and the answers
 */
import { createHmac } from "node:crypto";
import { CallbackSender, timelineNumber } from "./callbacks.js";
import { bearer, isForm, randomId, type FakeProvider, type FakeReply } from "./server.js";

/** Where the account's webhook endpoint posts, and the endpoint's signing secret. */
export interface StripeWebhook {
  url: string;
  secret: string;
}

/** The API version the fake's events are rendered with (an account's default version). */
const API_VERSION = "2024-06-20";

const stripeError = (status: number, error: Record<string, unknown>): FakeReply => ({
  status,
  body: { error: { ...error, request_log_url: "https://dashboard.stripe.com/test/logs/req_fake" } },
});

/** Stripe's test payment methods that decline (https://docs.stripe.com/testing#declined-payments), by the decline they give. */
const TEST_DECLINES: Record<string, string> = {
  pm_card_chargeDeclined: "generic_decline",
  pm_card_chargeDeclinedInsufficientFunds: "insufficient_funds",
  pm_card_chargeDeclinedLostCard: "lost_card",
  pm_card_chargeDeclinedStolenCard: "stolen_card",
  pm_card_chargeDeclinedExpiredCard: "expired_card",
  pm_card_chargeDeclinedIncorrectCvc: "incorrect_cvc",
  pm_card_chargeDeclinedProcessingError: "processing_error",
  pm_card_chargeDeclinedVelocityLimitExceeded: "card_velocity_exceeded",
};

/** The 402 of a declined charge: the card error, with the intent it left needing another payment method. */
function declined(declineCode: string, intent: Record<string, unknown>): FakeReply {
  const code = ["expired_card", "incorrect_cvc", "processing_error"].includes(declineCode)
    ? declineCode
    : "card_declined";
  return stripeError(402, {
    type: "card_error",
    code,
    decline_code: code === "card_declined" ? declineCode : undefined,
    message: "Your card was declined.",
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
    payment_intent: { ...intent, status: "requires_payment_method", amount_received: 0 },
  });
}

export const stripeFake = (webhook?: StripeWebhook): FakeProvider => {
  const replays = new Map<string, { body: string; reply: FakeReply }>();
  const declines = new Map<string, string>();
  /** The payment intents made, by id, as GET /v1/payment_intents/search finds them. */
  const created = new Map<string, { metadata: Record<string, string> } & Record<string, unknown>>();
  const sender = new CallbackSender();
  let eventMs = 1000;

  /** Posts the Event Stripe creates for a confirmed or declined PaymentIntent (none without a webhook endpoint). */
  const postEvent = (
    type: "payment_intent.succeeded" | "payment_intent.payment_failed",
    intent: Record<string, unknown>,
    request: { id: string; idempotencyKey: string | null },
  ) => {
    if (!webhook) return;
    const created = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: `evt_${randomId(24)}`,
      object: "event",
      api_version: API_VERSION,
      created,
      data: { object: intent },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    });
    // Signed when sent, as Stripe signs each delivery attempt.
    const signature = `t=${created},v1=${createHmac("sha256", webhook.secret).update(`${created}.${body}`).digest("hex")}`;
    sender.later(eventMs, type, webhook.url, body, {
      "Content-Type": "application/json; charset=utf-8",
      "Stripe-Signature": signature,
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    });
  };

  return {
    name: "stripe",
    reset: () => {
      replays.clear();
      declines.clear();
      sender.reset();
      eventMs = 1000;
    },
    control: {
      timeline: (body) => {
        eventMs = timelineNumber(((body ?? {}) as Record<string, unknown>).stripe_ms, eventMs);
        return { status: 200, body: { stripe_ms: eventMs } };
      },
      callbacks: () => ({ status: 200, body: { callbacks: sender.sent } }),
      decline: (body) => {
        const { payment_method: paymentMethod, decline_code: declineCode } = (body ?? {}) as Record<string, unknown>;
        if (typeof paymentMethod !== "string" || typeof declineCode !== "string")
          return { status: 400, body: { error: "payment_method and decline_code" } };
        declines.set(paymentMethod, declineCode);
        return { status: 200, body: { declines: Object.fromEntries(declines) } };
      },
    },
    credential: (request) => bearer(request),
    unauthorized: (request) => {
      const key = bearer(request) ?? "";
      // Stripe names the key it did not accept, masked: an answer body the gateway must never pass on.
      return stripeError(401, {
        type: "invalid_request_error",
        message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      });
    },
    recipient: (request) => ["payment_method", "customer"].flatMap((field) => request.form.get(field) ?? []),
    refusal: () =>
      stripeError(402, {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        doc_url: "https://stripe.com/docs/error-codes/card-declined",
      }),
    error: (status) =>
      stripeError(status, {
        type: status >= 500 ? "api_error" : "invalid_request_error",
        message: "An error occurred with our connection to Stripe (fake).",
      }),
    handle: (request) => {
      // GET /v1/payment_intents/search?query=metadata['key']:'value' (Stripe's search language, that one clause).
      if (request.method === "GET" && request.path === "/v1/payment_intents/search") {
        const clause = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(request.query.get("query") ?? "");
        if (!clause)
          return stripeError(400, { type: "invalid_request_error", message: "The fake searches one metadata clause." });
        const data = [...created.values()].filter((intent) => intent.metadata[clause[1]!] === clause[2]);
        return {
          status: 200,
          body: { object: "search_result", url: request.path, has_more: false, next_page: null, data },
        };
      }
      if (request.method !== "POST" || request.path !== "/v1/payment_intents") {
        return stripeError(404, {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${request.method}: ${request.path}).`,
        });
      }
      if (!isForm(request))
        return stripeError(400, {
          type: "invalid_request_error",
          message: "Invalid request: Content-Type must be application/x-www-form-urlencoded",
        });
      const key = request.headers["idempotency-key"];
      const replay = typeof key === "string" ? replays.get(key) : undefined;
      if (replay) {
        if (replay.body !== request.text)
          return stripeError(400, {
            type: "idempotency_error",
            message:
              "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          });
        return { ...replay.reply, headers: { "Idempotent-Replayed": "true" } };
      }
      const amount = Number(request.form.get("amount"));
      const currency = request.form.get("currency");
      let reply: FakeReply;
      if (!request.form.get("amount"))
        reply = stripeError(400, {
          type: "invalid_request_error",
          code: "parameter_missing",
          param: "amount",
          message: "Missing required param: amount.",
        });
      else if (!Number.isInteger(amount) || amount < 1)
        reply = stripeError(400, {
          type: "invalid_request_error",
          code: "parameter_invalid_integer",
          param: "amount",
          message: "Invalid integer: amount",
        });
      else if (!currency || !/^[a-z]{3}$/.test(currency))
        reply = stripeError(400, {
          type: "invalid_request_error",
          code: "parameter_missing",
          param: "currency",
          message: "Missing required param: currency.",
        });
      else {
        const id = `pi_${randomId(24)}`;
        const metadata = Object.fromEntries(
          [...request.form].flatMap(([name, value]) =>
            /^metadata\[(.+)\]$/.exec(name)?.[1] ? [[/^metadata\[(.+)\]$/.exec(name)![1]!, value]] : [],
          ),
        );
        const paymentMethod = request.form.get("payment_method");
        const confirm = request.form.get("confirm") === "true";
        const intent = {
          id,
          object: "payment_intent",
          amount,
          amount_received: confirm && paymentMethod ? amount : 0,
          currency,
          customer: request.form.get("customer"),
          description: request.form.get("description"),
          metadata,
          payment_method: paymentMethod,
          status: !paymentMethod ? "requires_payment_method" : confirm ? "succeeded" : "requires_confirmation",
          client_secret: `${id}_secret_${randomId(24)}`,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        const declineCode =
          paymentMethod && confirm ? (declines.get(paymentMethod) ?? TEST_DECLINES[paymentMethod]) : undefined;
        reply = declineCode ? declined(declineCode, intent) : { status: 200, body: intent };
        created.set(id, declineCode ? { ...intent, status: "requires_payment_method", amount_received: 0 } : intent);
        const origin = { id: `req_${randomId(14)}`, idempotencyKey: typeof key === "string" ? key : null };
        if (declineCode)
          postEvent(
            "payment_intent.payment_failed",
            {
              ...intent,
              status: "requires_payment_method",
              amount_received: 0,
              last_payment_error: { type: "card_error", code: "card_declined", decline_code: declineCode },
            },
            origin,
          );
        else if (intent.status === "succeeded") postEvent("payment_intent.succeeded", intent, origin);
      }
      if (typeof key === "string") replays.set(key, { body: request.text, reply });
      return reply;
    },
  };
};
