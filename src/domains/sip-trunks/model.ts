import { z } from "@hono/zod-openapi";
import { hostRefusal } from "../../lib/destination";
import ipaddr from "ipaddr.js";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { parsePhone } from "../../lib/phone";
import { int32, requireSome } from "../../lib/schemas";
import { trunkStatuses, trunkTransports } from "./schema";
import { secret } from "../../lib/redaction";

/** Bounds of a trunk's fields. */
const MAX_TRUNK_CHANNELS = 500;
/** The provider's rule for a SIP credential (Twilio): 12 characters at least, a digit, both cases. */
const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 128;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

const host = z
  .string()
  .max(253)
  .refine((value) => HOSTNAME.test(value) || ipaddr.isValid(value), "A host name (sip.example.com) or an IP address.")
  // The platform places calls to it: the destination check of every host a tenant sets (no private, loopback or metadata address, no internal name).
  .superRefine((value, context) => {
    if (!HOSTNAME.test(value) && !ipaddr.isValid(value)) return;
    const refusal = hostRefusal(value);
    if (refusal) context.addIssue({ code: "custom", message: refusal });
  })
  .openapi({ description: "The carrier's SIP host: a name or an IP address", example: "sip.carrier.example" });

const fields = {
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .openapi({ description: "Unique within the company", example: "Main carrier" }),
  host,
  port: z
    .number()
    .int()
    .min(1)
    .max(65_535)
    .openapi({ format: "int32", description: "Default 5060 (5061 with tls)", example: 5060 }),
  transport: z.enum(trunkTransports).openapi({ description: "udp, tcp or tls" }),
  username: z.string().min(1).max(32).openapi({
    description: "The account the platform registers with (32 characters at most, the provider's rule)",
    example: "acme-sip",
  }),
  password: secret(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH)
      .max(PASSWORD_MAX_LENGTH)
      .refine(
        (value) => /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value),
        "At least one digit, one lower-case and one upper-case letter.",
      )
      .openapi({
        description:
          "Write-only: stored encrypted, never answered. 12 to 128 characters with a digit and both cases (the provider's rule)",
        example: "s3cret-Passw0rd",
        writeOnly: true,
      }),
  ),
  caller_id: z
    .string()
    .max(16)
    .refine(
      (value) => /^\+[1-9]\d{6,14}$/.test(value) && parsePhone(value) !== undefined,
      "A phone number in E.164 (+34912345678).",
    )
    .nullable()
    .openapi({ description: "E.164 shown to the called party; null: the carrier's default", example: "+34912345678" }),
  channels: z
    .number()
    .int()
    .min(1)
    .max(MAX_TRUNK_CHANNELS)
    .openapi({ format: "int32", description: "Simultaneous calls the trunk carries", example: 10 }),
};

export const CreateTrunkInput = z
  .object({
    ...fields,
    port: fields.port.optional(),
    transport: fields.transport.default("udp"),
    caller_id: fields.caller_id.optional(),
  })
  .strict()
  .openapi("CreateSipTrunkInput", { description: "A SIP trunk to create; the password is write-only." });

export const createTrunkExample = {
  name: "Main carrier",
  host: "sip.carrier.example",
  port: 5060,
  transport: "udp" as const,
  username: "acme-sip",
  password: "s3cret-Passw0rd",
  caller_id: "+34912345678",
  channels: 10,
};

export const UpdateTrunkInput = requireSome(
  z.object(fields).partial().strict(),
  "Send at least one field to change.",
).openapi("UpdateSipTrunkInput", { description: "The fields to change; a new password replaces the stored one." });

export const updateTrunkExample = { channels: 20, password: "N3w-s3cret-Passw0rd" };

export const SipTrunk = z
  .object({
    id: z.string().uuid().openapi({ maxLength: 36 }),
    name: z.string(),
    host: z.string(),
    port: int32({ min: 1, max: 65_535 }),
    transport: z.enum(trunkTransports),
    username: z.string(),
    password_set: z.literal(true).openapi({ description: "A password is stored; it is never answered" }),
    status: z.enum(trunkStatuses).openapi({
      description:
        "active: paid and renewed monthly; suspended: a renewal found the wallet short (POST /sip-trunks/{trunk_id}/resume pays a new month)",
    }),
    current_period_end: z
      .string()
      .openapi({ format: "date-time", description: "The end of the month paid for: the trunk renews then" }),
    caller_id: z.string().nullable(),
    channels: int32({ min: 1, max: MAX_TRUNK_CHANNELS }),
    monthly_price: z
      .number()
      .openapi({ description: "Charged through the wallet when created, in major units of currency" }),
    currency: z.string().openapi({ example: "EUR" }),
    numbers: int32().openapi({
      description: "Phone numbers routed through the trunk (a trunk in use cannot be deleted)",
    }),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .strict()
  .openapi("SipTrunk", { description: "A SIP trunk of the company, without its password." });

export const sipTrunkExample = {
  id: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b",
  name: "Main carrier",
  host: "sip.carrier.example",
  port: 5060,
  transport: "udp" as const,
  username: "acme-sip",
  password_set: true as const,
  status: "active" as const,
  current_period_end: "2026-05-01T09:00:00.000Z",
  caller_id: "+34912345678",
  channels: 10,
  monthly_price: 15,
  currency: "EUR",
  numbers: 1,
  created_at: "2026-04-01T09:00:00.000Z",
  updated_at: "2026-04-01T09:00:00.000Z",
};

export const ListTrunksQuery = OffsetPageQuery;
export const SipTrunkPage = offsetEnvelope(SipTrunk, "SipTrunkPage", "A page of SIP trunks, newest first");
export const sipTrunkPageExample = { data: [sipTrunkExample], limit: 50, offset: 0 };

export const TrunkPath = z.object({
  trunk_id: z.string().max(36).openapi({
    format: "uuid",
    description: "Id of a SIP trunk of the key's company",
    example: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b",
  }),
});

export const DeletedTrunk = z
  .object({ id: z.string().uuid().openapi({ maxLength: 36 }), deleted: z.literal(true) })
  .openapi("DeletedSipTrunk", { description: "A SIP trunk that was deleted." });
export const deletedTrunkExample = { id: sipTrunkExample.id, deleted: true as const };
