import { z } from "@hono/zod-openapi";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "../../lib/pagination";
import { timestamp, uuid } from "../../lib/schemas";
import { MAX_MESSAGE_TEXT, Message, messageExample, SERVICE_WINDOW_HOURS } from "../conversations";

/** Phones per POST /whatsapp/check. */
export const CHECK_MAX_PHONES = 100;
/** Parameters of one template message (the Cloud API's body placeholders {{1}}…). */
const MAX_TEMPLATE_PARAMETERS = 20;
/** The longest cursor or since token the API hands out (documented; anything else is not one of ours). */
const TOKEN_MAX = 512;

const phoneText = z.string().trim().min(1).max(40).openapi({
  description: "Any usual notation; without a country code it is read in the company's default region",
  example: "+34 612 345 678",
});

/**
 * A lenient integer of a query that declares no 400: clamped into [1, max]; a value that is not a
 * number means the default.
 */
const lenientLimit = (fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw) => {
      const value = raw === undefined || raw.trim() === "" ? Number.NaN : Number(raw);
      return Number.isFinite(value) ? Math.min(max, Math.max(1, Math.trunc(value))) : fallback;
    })
    .openapi({
      type: "integer",
      format: "int32",
      minimum: 1,
      maximum: max,
      default: fallback,
      description: `How many, clamped to 1..${max}; a value that is not a number means ${fallback}.`,
    });

// ---------------------------------------------------------------------------------------------
// POST /whatsapp/check

const sendableKinds = ["text", "template_only", "none"] as const;

export const CheckInput = z
  .object({
    phones: z
      .array(phoneText)
      .min(1)
      .max(CHECK_MAX_PHONES)
      .openapi({ description: `1 to ${CHECK_MAX_PHONES} phones` }),
  })
  .openapi("WhatsAppCheckInput", { description: "Phones to check before writing to them." });

const PhoneCheck = z
  .object({
    input: z.string().openapi({ description: "The phone as sent" }),
    e164: z.string().nullable().openapi({ description: "Its E.164 form; null when it is not a valid number" }),
    country: z.string().nullable().openapi({ description: "ISO 3166-1 alpha-2 region of the number" }),
    window_open: z.boolean().openapi({
      description: `Whether the contact wrote to the company's number in the last ${SERVICE_WINDOW_HOURS} hours (the customer-service window)`,
    }),
    window_expires_at: timestamp().nullable().openapi({ description: "When the open window closes" }),
    can_send: z.enum(sendableKinds).openapi({
      description:
        "text: free text or templates; template_only: the window is closed, only an approved template; none: not a number that can be on WhatsApp",
    }),
    reserved_for_external_bot: z
      .boolean()
      .openapi({ description: "The phone's thread is reserved for an external bot (POST /whatsapp/whitelist)" }),
    reason: z.string().nullable().openapi({ description: "Why nothing can be sent" }),
  })
  .openapi("WhatsAppPhoneCheck", { description: "What can be sent to one phone, and why." });

export const CheckResult = z
  .object({
    data: z.array(PhoneCheck).max(CHECK_MAX_PHONES).openapi({ description: "One entry per phone sent, in order" }),
  })
  .openapi("WhatsAppCheckResult", { description: "Per phone: E.164 form, window, and what can be sent." });

export type PhoneCheckView = z.output<typeof PhoneCheck>;

// ---------------------------------------------------------------------------------------------
// POST /whatsapp/send

/** A text message: only within the customer-service window. */
const SendText = z
  .object({
    to: phoneText,
    type: z.literal("text").openapi({ description: `Free text, only within the ${SERVICE_WINDOW_HOURS}-hour window` }),
    text: z
      .string({ error: (issue) => (issue.input === undefined ? "A text message needs text." : undefined) })
      .trim()
      .min(1)
      .max(MAX_MESSAGE_TEXT)
      .openapi({ description: "The text" }),
  })
  .openapi("WhatsAppSendText", { description: "A free-text message (type text)." });

/** A template message: an approved template, at any time. */
const SendTemplate = z
  .object({
    to: phoneText,
    type: z.literal("template").openapi({ description: "An approved template, at any time" }),
    template: z
      .object(
        {
          name: z
            .string()
            .min(1)
            .max(512)
            .openapi({ description: "An approved template's name (GET /whatsapp/templates)" }),
          language: z
            .string()
            .min(2)
            .max(15)
            .openapi({ description: "Its language code, such as es or en_US", example: "es" }),
          parameters: z
            .array(z.string().min(1).max(1024))
            .max(MAX_TEMPLATE_PARAMETERS)
            .default([])
            .openapi({ description: "Values of its body placeholders {{1}}, {{2}}… in order" }),
        },
        { error: (issue) => (issue.input === undefined ? "A template message needs template." : undefined) },
      )
      .openapi({ description: "The template" }),
  })
  .openapi("WhatsAppSendTemplate", { description: "An approved template message (type template)." });

/** Text or template, told apart by `type` (a discriminator in the document). */
export const SendInput = z
  .discriminatedUnion("type", [SendText, SendTemplate], { error: 'type is "text" or "template".' })
  .openapi("WhatsAppSendInput", { description: "A text or template message to one phone, by its type." });

export const sendExample: z.input<typeof SendInput> = {
  to: "+34612345678",
  type: "template",
  template: { name: "appointment_reminder", language: "es", parameters: ["Lucía", "jueves 10:00"] },
};
export const sentExample: z.input<typeof Message> = {
  ...messageExample,
  author: "api",
  type: "template",
  text: null,
  template: { name: "appointment_reminder", language: "es", parameters: ["Lucía", "jueves 10:00"] },
  status: "sent",
  provider_message_id: "wamid.HBgLMzQ2MTIzNDU2NzgVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA",
  sent_at: "2026-03-02T09:15:00.000Z",
};

// ---------------------------------------------------------------------------------------------
// GET /whatsapp/messages (polling)

export const PollQuery = z.object({
  since: z.string().optional().openapi({
    maxLength: TOKEN_MAX,
    description:
      "`next_since` of the previous poll; omit it to read from the oldest message. A value the API did not give out reads from the oldest message again (`restarted`).",
  }),
  limit: lenientLimit(PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX),
});

export const PollResult = z
  .object({
    data: z.array(Message).max(PAGE_LIMIT_MAX).openapi({
      description: "Messages after `since`, oldest first, in the order they were recorded; notes are not included",
    }),
    next_since: z
      .string()
      .max(TOKEN_MAX)
      .openapi({ description: "Pass as `since` in the next poll (also when `data` is empty)" }),
    has_more: z.boolean().openapi({ description: "More messages are waiting: poll again at once" }),
    restarted: z.boolean().openapi({
      description: "`since` was not a value this API gave out, so the list started from the oldest message",
    }),
  })
  .openapi("WhatsAppPoll", { description: "The messages after a polling position, and the next position." });

export const pollExample: z.input<typeof PollResult> = {
  data: [
    {
      ...messageExample,
      direction: "inbound",
      author: "contact",
      status: "delivered",
      text: "¿Pueden venir el jueves?",
    },
  ],
  next_since: "WzEsMTIzLCIiXQ.3f9a0c1b2d3e4f5a6b",
  has_more: false,
  restarted: false,
};

// ---------------------------------------------------------------------------------------------
// GET /whatsapp/templates

/** The Cloud API's template categories. */
export const templateCategories = ["MARKETING", "UTILITY", "AUTHENTICATION"] as const;

export const TemplatesQuery = z.object({
  limit: lenientLimit(PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX),
  cursor: z.string().min(1).max(TOKEN_MAX).optional().openapi({ description: "page.next_cursor of the previous page" }),
});

const Template = z
  .object({
    id: z.string().openapi({ description: "The provider's template id" }),
    name: z.string(),
    language: z.string(),
    category: z.enum(templateCategories),
    status: z
      .enum(["APPROVED"])
      .openapi({ description: "Only approved templates are listed: they are the ones that can be sent" }),
    components: z.array(z.record(z.string(), z.unknown())).max(20).openapi({
      description:
        "The template's components (header, body with {{n}} placeholders, footer, buttons) as the provider describes them",
    }),
  })
  .openapi("WhatsAppTemplate", {
    description: "An approved message template of the company's WhatsApp Business Account.",
  });

export const TemplatePage = z
  .object({
    data: z.array(Template).max(PAGE_LIMIT_MAX),
    page: z.object({ has_more: z.boolean(), next_cursor: z.string().max(TOKEN_MAX).nullable() }),
  })
  .openapi("WhatsAppTemplatePage", { description: "A page of approved templates, in the provider's order." });

export const templatePageExample: z.input<typeof TemplatePage> = {
  data: [
    {
      id: "1000000000000001",
      name: "appointment_reminder",
      language: "es",
      category: "UTILITY",
      status: "APPROVED",
      components: [{ type: "BODY", text: "Hola {{1}}, le recordamos su cita del {{2}}." }],
    },
  ],
  page: { has_more: false, next_cursor: null },
};

// ---------------------------------------------------------------------------------------------
// POST /whatsapp/typing

export const TypingInput = z
  .object({
    message_id: uuid().openapi({
      description: "An inbound message (GET /whatsapp/messages or a conversation's messages)",
    }),
  })
  .openapi("WhatsAppTypingInput", {
    description: "The inbound message to mark read, showing its sender that we are typing.",
  });

export const TypingResult = z
  .object({
    message: Message,
    typing: z
      .literal(true)
      .openapi({ description: "The typing indicator is shown (for up to 25 seconds, or until the reply)" }),
  })
  .openapi("WhatsAppTyping", { description: "The message, now read." });

export const typingExample: z.input<typeof TypingInput> = { message_id: messageExample.id };
export const typingResultExample: z.input<typeof TypingResult> = {
  message: {
    ...messageExample,
    direction: "inbound",
    author: "contact",
    status: "read",
    read_at: "2026-03-02T09:16:00.000Z",
  },
  typing: true,
};

// ---------------------------------------------------------------------------------------------
// Whitelist

export const WhitelistInput = z
  .object({ phone: phoneText })
  .openapi("WhatsAppWhitelistInput", { description: "The phone whose thread an external bot handles." });
export const WhitelistQuery = z.object({ phone: phoneText });

export const WhitelistEntry = z
  .object({
    phone: z.string().openapi({ description: "E.164", example: "+34612345678" }),
    reserved_for_external_bot: z
      .boolean()
      .openapi({ description: "Whether the thread is now reserved for the external bot" }),
    reserved_at: timestamp()
      .nullable()
      .openapi({ description: "Since when (the first reservation; repeating it keeps it)" }),
    changed: z
      .boolean()
      .openapi({ description: "Whether this request changed anything (both operations are idempotent)" }),
  })
  .openapi("WhatsAppWhitelistEntry", { description: "Whether a phone's thread is reserved for an external bot." });

export const whitelistExample: z.input<typeof WhitelistInput> = { phone: "+34612345678" };
export const whitelistEntryExample: z.input<typeof WhitelistEntry> = {
  phone: "+34612345678",
  reserved_for_external_bot: true,
  reserved_at: "2026-03-02T09:00:00.000Z",
  changed: true,
};
