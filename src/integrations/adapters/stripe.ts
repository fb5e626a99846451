import { z } from "zod";
import { form, type Link, type ProviderProfile, url } from "../link";

/** Stripe Payment Intents (form-encoded, Bearer secret key): https://docs.stripe.com/api/payment_intents */

/**
 * Stripe's decline codes (https://docs.stripe.com/declines/codes) in our own words: a problem
 * never carries the provider's message. An unlisted code reads as a plain decline.
 */
const declineReasons: Record<string, string> = {
  generic_decline: "the card was declined",
  card_declined: "the card was declined",
  insufficient_funds: "the card has insufficient funds",
  lost_card: "the card was reported lost",
  stolen_card: "the card was reported stolen",
  expired_card: "the card has expired",
  incorrect_cvc: "the card's security code is incorrect",
  processing_error: "an error occurred while processing the card",
  card_velocity_exceeded: "the card's spending limit was exceeded",
  do_not_honor: "the card's bank declined the charge",
  fraudulent: "the charge was flagged as fraudulent",
  authentication_required: "the card requires an authentication the cardholder must complete",
  card_not_supported: "the card does not support this kind of purchase",
  currency_not_supported: "the card does not support this currency",
};
const StripeError = z.object({
  error: z.object({ type: z.string(), code: z.string().optional(), decline_code: z.string().optional() }),
});

const stripeProfile = {
  name: "stripe",
  label: "Stripe",
  variables: { baseUrl: "STRIPE_BASE_URL", secretKey: "STRIPE_SECRET_KEY" },
  errorCode: (body) => {
    const error = StripeError.safeParse(body).data?.error;
    return error ? (error.decline_code ?? error.code ?? error.type) : undefined;
  },
  // A card error (HTTP 402) is the payer's bank or card refusing: the payment method was declined.
  refusal: (status, body) => {
    const error = StripeError.safeParse(body).data?.error;
    if (status !== 402 || error?.type !== "card_error") return undefined;
    return declineReasons[error.decline_code ?? error.code ?? "card_declined"] ?? declineReasons.card_declined;
  },
} as const satisfies ProviderProfile;

const PaymentIntent = z.object({
  id: z.string(),
  object: z.literal("payment_intent"),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});

export interface PaymentIntentInput {
  /** In the currency's minor unit, as Stripe counts it (cents for EUR). */
  amountMinor: number;
  /** ISO 4217, any case. */
  currency: string;
  customer?: string;
  paymentMethod?: string;
  /** Confirm at once (an off-session charge of a saved payment method). */
  confirm?: boolean;
  offSession?: boolean;
  description?: string;
  metadata?: Record<string, string>;
  /** Sent as Stripe's Idempotency-Key, so a retried request never charges twice. */
  idempotencyKey: string;
}

export function payments(link: Link) {
  return {
    async createPaymentIntent(
      input: PaymentIntentInput,
    ): Promise<{ id: string; status: string; amountMinor: number; currency: string }> {
      const s = link.require(stripeProfile, await link.settings(stripeProfile), ["baseUrl", "secretKey"]);
      const metadata = Object.fromEntries(
        Object.entries(input.metadata ?? {}).map(([key, value]) => [`metadata[${key}]`, value]),
      );
      const answer = await link.send(
        stripeProfile,
        {
          method: "POST",
          url: url(s.baseUrl, "/v1/payment_intents"),
          headers: {
            Authorization: `Bearer ${s.secretKey}`,
            "Content-Type": "application/x-www-form-urlencoded",
            "Idempotency-Key": input.idempotencyKey,
          },
          body: form({
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            customer: input.customer,
            payment_method: input.paymentMethod,
            confirm: input.confirm,
            off_session: input.offSession,
            description: input.description,
            ...metadata,
          }),
        },
        PaymentIntent,
      );
      return {
        id: answer.id,
        status: answer.status,
        amountMinor: answer.amount,
        currency: answer.currency.toUpperCase(),
      };
    },
    /**
     * The payment intents whose metadata has `key` = `value` (GET /v1/payment_intents/search), so
     * that due work learns what became of a charge whose answer was lost without charging again.
     * Stripe's search sees an intent within about a minute of its creation; a lookup comes much later.
     */
    async findPaymentIntents(
      key: string,
      value: string,
    ): Promise<{ id: string; status: string; amountMinor: number; currency: string }[]> {
      const s = link.require(stripeProfile, await link.settings(stripeProfile), ["baseUrl", "secretKey"]);
      const quoted = (text: string) => text.replaceAll("\\", "\\\\").replaceAll("'", "\\'");
      const answer = await link.send(
        stripeProfile,
        {
          method: "GET",
          url: url(s.baseUrl, "/v1/payment_intents/search", { query: `metadata['${quoted(key)}']:'${quoted(value)}'` }),
          headers: { Authorization: `Bearer ${s.secretKey}` },
        },
        z.object({ data: z.array(PaymentIntent) }),
      );
      return answer.data.map((intent) => ({
        id: intent.id,
        status: intent.status,
        amountMinor: intent.amount,
        currency: intent.currency.toUpperCase(),
      }));
    },
  };
}
