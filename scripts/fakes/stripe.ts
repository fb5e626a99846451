/**
 * Stripe: POST /v1/payment_intents (form-encoded, Bearer secret key, Idempotency-Key replayed as
 * Stripe does). Errors: { error: { type, code, decline_code, message } }; a declined card is 402.
 *
 * Declines, as Stripe's test mode gives them: the test payment methods below (pm_card_visa
 * succeeds; pm_card_chargeDeclinedInsufficientFunds declines with insufficient_funds...), and any
 * payment method told to by `POST /__fake/decline {"payment_method": "pm_...", "decline_code": "expired_card"}`
 * (forgotten by /__fake/reset). `POST /__fake/refuse {"recipient": "pm_..."}` declines with generic_decline.
 */
import { bearer, isForm, randomId, type FakeProvider, type FakeReply } from "./server";

const stripeError = (status: number, error: Record<string, unknown>): FakeReply => ({ status, body: { error: { ...error, request_log_url: "https://dashboard.stripe.com/test/logs/req_fake" } } });

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
  const code = ["expired_card", "incorrect_cvc", "processing_error"].includes(declineCode) ? declineCode : "card_declined";
  return stripeError(402, {
    type: "card_error",
    code,
    decline_code: code === "card_declined" ? declineCode : undefined,
    message: "Your card was declined.",
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
    payment_intent: { ...intent, status: "requires_payment_method", amount_received: 0 },
  });
}

export const stripeFake = (): FakeProvider => {
  const replays = new Map<string, { body: string; reply: FakeReply }>();
  const declines = new Map<string, string>();
  return {
    name: "stripe",
    reset: () => {
      replays.clear();
      declines.clear();
    },
    control: {
      decline: (body) => {
        const { payment_method: paymentMethod, decline_code: declineCode } = (body ?? {}) as Record<string, unknown>;
        if (typeof paymentMethod !== "string" || typeof declineCode !== "string") return { status: 400, body: { error: "payment_method and decline_code" } };
        declines.set(paymentMethod, declineCode);
        return { status: 200, body: { declines: Object.fromEntries(declines) } };
      },
    },
    credential: (request) => bearer(request),
    unauthorized: (request) => {
      const key = bearer(request) ?? "";
      // Stripe names the key it did not accept, masked: an answer body the gateway must never pass on.
      return stripeError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}` });
    },
    recipient: (request) => ["payment_method", "customer"].flatMap((field) => request.form.get(field) ?? []),
    refusal: () => stripeError(402, { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined.", doc_url: "https://stripe.com/docs/error-codes/card-declined" }),
    error: (status) => stripeError(status, { type: status >= 500 ? "api_error" : "invalid_request_error", message: "An error occurred with our connection to Stripe (fake)." }),
    handle: (request) => {
      if (request.method !== "POST" || request.path !== "/v1/payment_intents") {
        return stripeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${request.path}).` });
      }
      if (!isForm(request)) return stripeError(400, { type: "invalid_request_error", message: "Invalid request: Content-Type must be application/x-www-form-urlencoded" });
      const key = request.headers["idempotency-key"];
      const replay = typeof key === "string" ? replays.get(key) : undefined;
      if (replay) {
        if (replay.body !== request.text) return stripeError(400, { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with." });
        return { ...replay.reply, headers: { "Idempotent-Replayed": "true" } };
      }
      const amount = Number(request.form.get("amount"));
      const currency = request.form.get("currency");
      let reply: FakeReply;
      if (!request.form.get("amount")) reply = stripeError(400, { type: "invalid_request_error", code: "parameter_missing", param: "amount", message: "Missing required param: amount." });
      else if (!Number.isInteger(amount) || amount < 1) reply = stripeError(400, { type: "invalid_request_error", code: "parameter_invalid_integer", param: "amount", message: "Invalid integer: amount" });
      else if (!currency || !/^[a-z]{3}$/.test(currency)) reply = stripeError(400, { type: "invalid_request_error", code: "parameter_missing", param: "currency", message: "Missing required param: currency." });
      else {
        const id = `pi_${randomId(24)}`;
        const metadata = Object.fromEntries([...request.form].flatMap(([name, value]) => (/^metadata\[(.+)\]$/.exec(name)?.[1] ? [[/^metadata\[(.+)\]$/.exec(name)![1]!, value]] : [])));
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
        const declineCode = paymentMethod && confirm ? (declines.get(paymentMethod) ?? TEST_DECLINES[paymentMethod]) : undefined;
        reply = declineCode ? declined(declineCode, intent) : { status: 200, body: intent };
      }
      if (typeof key === "string") replays.set(key, { body: request.text, reply });
      return reply;
    },
  };
};
