/**
 * Stripe: POST /v1/payment_intents (form-encoded, Bearer secret key, Idempotency-Key replayed as
 * Stripe does). Errors: { error: { type, code, decline_code, message } }; a declined card is 402.
 */
import { bearer, isForm, randomId, type FakeProvider, type FakeReply } from "./server";

const stripeError = (status: number, error: Record<string, unknown>): FakeReply => ({ status, body: { error: { ...error, request_log_url: "https://dashboard.stripe.com/test/logs/req_fake" } } });

export const stripeFake = (): FakeProvider => {
  const replays = new Map<string, { body: string; reply: FakeReply }>();
  return {
    name: "stripe",
    reset: () => replays.clear(),
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
        reply = {
          status: 200,
          body: {
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
          },
        };
      }
      if (typeof key === "string") replays.set(key, { body: request.text, reply });
      return reply;
    },
  };
};
