import { z } from "@hono/zod-openapi";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { int32, resourceSequenceField, timestamp, uuid } from "../../lib/schemas";
import { personal } from "../../lib/redaction";
import { SendSourceSchema } from "../../work/sends";
import { smsDeliveryStatuses, smsEncodings, smsStatuses, type SmsMessageRow } from "./schema";

/** Recipients one check takes. */
const CHECK_NUMBERS_MAX = 100;
/** The longest text one SMS request takes, in characters (the provider's own limit). */
const SMS_TEXT_MAX = 1600;

const phoneText = personal(
  z.string().trim().min(1).max(32).openapi({
    description: "A phone number: E.164, or national in the account's default region",
    example: "+34612345678",
  }),
);
const smsText = personal(
  z
    .string()
    .min(1)
    .max(SMS_TEXT_MAX)
    .openapi({
      description: `1 to ${SMS_TEXT_MAX} characters`,
      example: "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo",
    }),
);
const major = (description: string) => z.number().min(0).openapi({ description, example: 0.07 });

export const checkSmsExample = {
  numbers: ["+34612345678", "612 345 679", "+1 202 555 0143"],
  text: "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo",
};
export const sendSmsExample = {
  to: "+34612345678",
  text: "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo",
};

export const CheckSmsInput = z
  .object({
    numbers: z
      .array(phoneText)
      .min(1)
      .max(CHECK_NUMBERS_MAX)
      .openapi({ description: `1 to ${CHECK_NUMBERS_MAX} recipients` }),
    text: smsText.optional().openapi({ description: "A text to count segments and price for (optional)" }),
  })
  .strict()
  .openapi("CheckSmsInput", {
    description: "Recipients to check without sending, and optionally the text to price.",
    example: {
      numbers: ["+34612345678", "612 345 679", "+1 202 555 0143"],
      text: "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo",
    },
  });

export const SendSmsInput = z
  .object({ to: phoneText, text: smsText })
  .strict()
  .openapi("SendSmsInput", {
    description: "One SMS: the recipient and the text.",
    example: { to: "+34612345678", text: "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo" },
  });

export const SmsHistoryQuery = OffsetPageQuery.extend({
  status: z.enum(smsStatuses).optional().openapi({ description: "Only messages in this status" }),
});

const recipientVerdicts = ["allowed", "invalid_number", "not_mobile", "destination_not_covered", "no_rate"] as const;
export type RecipientVerdict = (typeof recipientVerdicts)[number];

const lineTypes = ["mobile", "landline", "voip", "other"] as const;
export type LineType = (typeof lineTypes)[number];
/** How the check read the lines: the provider's lookup, or the offline metadata (lookup not configured, or failing). */
export const lookupStatuses = ["used", "not_configured", "failed"] as const;

const SmsSegmentationView = z
  .object({
    encoding: z.enum(smsEncodings).openapi({
      description: "GSM-7 when every character is in the GSM 03.38 alphabet (or its extension table), else UCS-2",
    }),
    characters: int32().openapi({ description: "Characters (Unicode code points)", example: 58 }),
    segments: int32({ min: 1 }).openapi({
      description: "Segments the text is sent as (GSM-7: 160, or 153 per part; UCS-2: 70, or 67 per part)",
      example: 1,
    }),
  })
  .openapi("SmsSegmentation", {
    description: "How a text is encoded and how many segments it takes; every segment is billed.",
  });

const CheckedRecipient = z
  .object({
    input: z.string().openapi({ description: "The number as sent", example: "612 345 679" }),
    e164: z
      .string()
      .nullable()
      .openapi({ description: "Its E.164 form; null when it is not a valid number", example: "+34612345679" }),
    country: z
      .string()
      .nullable()
      .openapi({ description: "ISO 3166-1 alpha-2 of the number; null when invalid", example: "ES" }),
    valid: z.boolean().openapi({ description: "Whether it is a valid phone number" }),
    allowed: z.boolean().openapi({ description: "Whether an SMS can be sent to it from this account" }),
    verdict: z.enum(recipientVerdicts).openapi({
      description:
        "allowed; invalid_number; not_mobile (a fixed line cannot receive SMS); destination_not_covered (a country the platform does not reach); no_rate (no SMS price for its country on this account)",
    }),
    price_per_segment: major("What one segment to it costs, in major units; null when not allowed").nullable(),
    price: major(
      "What the text costs to it (segments x price per segment); null without a text or when not allowed",
    ).nullable(),
    line_type: z.enum(lineTypes).nullable().openapi({
      description:
        "mobile, landline, voip (fixed or not) or other (toll-free, premium, shared cost, voicemail, pager, personal); null when it cannot be told",
      example: "mobile",
    }),
    reachable: z.boolean().nullable().openapi({
      description:
        "Whether an SMS reaches the line (a mobile or VoIP line does, a landline does not); null when it cannot be told",
    }),
    source: z.enum(["lookup", "offline"]).openapi({
      description:
        "Where line_type and reachable come from: the provider's number lookup, or the offline numbering metadata (the lookup was not configured, failed, or could not type the line; an invalid number is never looked up)",
      example: "lookup",
    }),
  })
  .openapi("CheckedSmsRecipient", {
    description:
      "One recipient of a check: its E.164 form and country, whether it can receive an SMS from this account, and the price.",
  });

export const SmsCheck = z
  .object({
    text: SmsSegmentationView.nullable().openapi({
      description: "The text's encoding and segments; null without a text",
    }),
    currency: z.string().openapi({ description: "ISO 4217 of every price", example: "EUR" }),
    recipients: z.array(CheckedRecipient).max(CHECK_NUMBERS_MAX),
    allowed: int32().openapi({ description: "How many recipients are allowed" }),
    total_price: major("What sending the text to every allowed recipient costs; null without a text").nullable(),
    lookup: z
      .object({
        status: z.enum(lookupStatuses).openapi({
          description:
            "used: every valid number was looked up with the provider; not_configured: the provider's lookup is not configured, so every line was read offline; failed: the lookup failed, so the numbers it had not answered were read offline",
        }),
        detail: z
          .string()
          .nullable()
          .openapi({ description: "Why the lines were read offline; null when the lookup was used" }),
      })
      .openapi({
        description:
          "Whether the provider's number lookup read the lines, or the check fell back to the offline numbering metadata",
      }),
  })
  .openapi("SmsCheck", {
    description:
      "The outcome of a check: each recipient, and the text's segments and price. Nothing was sent or charged.",
  });

export const SmsMessage = z
  .object({
    id: uuid(),
    to: personal(z.string().openapi({ description: "E.164", example: "+34612345678" })),
    country: z.string().openapi({ description: "ISO 3166-1 alpha-2", example: "ES" }),
    text: personal(z.string()),
    encoding: z.enum(smsEncodings),
    segments: int32({ min: 1 }),
    price_per_segment: major("In major units"),
    cost: major("segments x price_per_segment, in major units, debited from the wallet"),
    currency: z.string().openapi({ example: "EUR" }),
    status: z.enum(smsStatuses).openapi({
      description:
        "sending: handed to the provider now; sent: the provider accepted it; failed: it was not sent, or the carrier could not deliver it (its cost was refunded)",
    }),
    refunded: z.boolean().openapi({ description: "Whether the cost went back to the wallet (a failed send)" }),
    provider_message_id: z
      .string()
      .nullable()
      .openapi({ description: "The provider's id, once accepted", example: "SM3f9a0c2b7d5e4f6a8b1c2d3e4f5a6b7c" }),
    failure_reason: z.string().nullable(),
    delivery_status: z.enum(smsDeliveryStatuses).nullable().openapi({
      description:
        "What the carrier reported once the provider accepted it (delivered, undelivered, failed); null until it reports",
      example: "delivered",
    }),
    delivery_updated_at: timestamp().nullable().openapi({ description: "When the delivery status was recorded" }),
    source: SendSourceSchema,
    created_at: timestamp(),
    sent_at: timestamp().nullable(),
    sequence: resourceSequenceField(),
  })
  .strict()
  .openapi("SmsMessage", {
    description: "An SMS sent through the API: recipient, text, segments, what it cost, and what became of it.",
  });

export const SmsHistoryPage = offsetEnvelope(SmsMessage, "SmsHistoryPage", "A page of sent SMS, newest first");

export type SmsMessageView = z.output<typeof SmsMessage>;

export function toSmsMessage(row: SmsMessageRow, toMajor: (minor: number) => number): SmsMessageView {
  return {
    id: row.id,
    to: row.toNumber,
    country: row.country,
    text: row.body,
    encoding: row.encoding,
    segments: row.segments,
    price_per_segment: toMajor(row.pricePerSegmentMinor),
    cost: toMajor(row.costMinor),
    currency: row.currency,
    status: row.status,
    refunded: row.refunded,
    provider_message_id: row.providerMessageId,
    failure_reason: row.failureReason,
    delivery_status: row.deliveryStatus,
    delivery_updated_at: row.deliveryUpdatedAt,
    source: row.source,
    created_at: row.createdAt,
    sent_at: row.sentAt,
    sequence: row.sequence,
  };
}

export const smsMessageExample: SmsMessageView = {
  id: "6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a",
  to: "+34612345678",
  country: "ES",
  text: "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo",
  encoding: "GSM-7",
  segments: 1,
  price_per_segment: 0.07,
  cost: 0.07,
  currency: "EUR",
  status: "sent",
  refunded: false,
  provider_message_id: "SM3f9a0c2b7d5e4f6a8b1c2d3e4f5a6b7c",
  failure_reason: null,
  delivery_status: "delivered",
  delivery_updated_at: "2026-04-26T09:50:03.000Z",
  source: "api",
  created_at: "2026-04-26T09:50:00.000Z",
  sent_at: "2026-04-26T09:50:01.000Z",
  sequence: 2,
};

export const smsHistoryPageExample = { data: [smsMessageExample], limit: 50, offset: 0 };

export const smsCheckExample: z.input<typeof SmsCheck> = {
  text: { encoding: "GSM-7", characters: 60, segments: 1 },
  currency: "EUR",
  recipients: [
    {
      input: "+34612345678",
      e164: "+34612345678",
      country: "ES",
      valid: true,
      allowed: true,
      verdict: "allowed",
      price_per_segment: 0.07,
      price: 0.07,
      line_type: "mobile",
      reachable: true,
      source: "lookup",
    },
    {
      input: "+34 910 123 456",
      e164: "+34910123456",
      country: "ES",
      valid: true,
      allowed: false,
      verdict: "not_mobile",
      price_per_segment: null,
      price: null,
      line_type: "landline",
      reachable: false,
      source: "lookup",
    },
    {
      input: "12345",
      e164: null,
      country: null,
      valid: false,
      allowed: false,
      verdict: "invalid_number",
      price_per_segment: null,
      price: null,
      line_type: null,
      reachable: null,
      source: "offline",
    },
  ],
  allowed: 1,
  total_price: 0.07,
  lookup: { status: "used", detail: null },
};
