import { z } from "@hono/zod-openapi";
import { OffsetPageQuery, offsetEnvelope } from "../../core/pagination";
import { audioCodecs, dtmfModes, extensionStatuses, numberCapabilities, sipTransports } from "./schema";

const uuid = z.string().uuid();
const instant = z.string().openapi({ format: "date-time" });
const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, "An ISO 3166-1 alpha-2 code in capitals, such as ES.")
  .openapi({ description: "ISO 3166-1 alpha-2", example: "ES" });

// ---------------------------------------------------------------------------------------------
// Requests

export const NumberPath = z.object({
  number_id: uuid.openapi({ description: "Id of a phone number of the key's company (a UUID; anything else is 400)", example: "8a3c2d1e-5f60-4b7a-9c8d-0e1f2a3b4c5d" }),
});

export const ListNumbersQuery = OffsetPageQuery.extend({
  country: countryCode.optional().openapi({ description: "Only numbers of this country" }),
  capability: z.enum(numberCapabilities).optional().openapi({ description: "Only numbers with this capability" }),
});

export const RenameNumberInput = z
  .object({
    name: z.string().trim().min(1).max(100).openapi({ description: "The number's new name, 1 to 100 characters", example: "Madrid sales line" }),
  })
  .strict()
  .openapi("RenameNumberInput", { example: { name: "Madrid sales line" } });

export const ListRatesQuery = OffsetPageQuery.extend({
  country: countryCode.optional().openapi({ description: "Only rates of this destination country" }),
});

export const ListExtensionsQuery = OffsetPageQuery.extend({
  status: z.enum(extensionStatuses).optional().openapi({ description: "Only extensions in this status" }),
});

// ---------------------------------------------------------------------------------------------
// Responses

export const PhoneNumber = z
  .object({
    id: uuid,
    number: z.string().openapi({ description: "E.164", example: "+34910123456" }),
    name: z.string().openapi({ example: "Madrid sales line" }),
    country: countryCode,
    capabilities: z.array(z.enum(numberCapabilities)),
    agent_id: z.string().nullable().openapi({ format: "uuid", description: "The voice agent that answers the number; null when none" }),
    created_at: instant,
    updated_at: instant,
  })
  .openapi("PhoneNumber");

export const SaleRate = z
  .object({
    id: uuid,
    prefix: z.string().openapi({ description: "Dialling prefix without +; the longest matching prefix applies", example: "346" }),
    country: countryCode,
    destination: z.string().openapi({ example: "Spain mobile" }),
    price_per_minute: z.number().openapi({ description: "What the company pays per minute, in major units of currency (up to 6 decimals)", example: 0.045 }),
    currency: z.string().openapi({ description: "ISO 4217", example: "EUR" }),
    minimum_seconds: z.number().int().openapi({ description: "Seconds billed at least per answered call", example: 60 }),
    billing_increment_seconds: z.number().int().openapi({ description: "After the minimum, time is billed in steps of this many seconds", example: 60 }),
    updated_at: instant,
  })
  .strict()
  .openapi("SaleRate");

export const Destination = z
  .object({
    country: countryCode,
    name: z.string().openapi({ example: "Spain" }),
    dialling_code: z.string().openapi({ example: "+34" }),
  })
  .openapi("CallableDestination");

export const SipExtension = z
  .object({
    id: uuid,
    extension: z.string().openapi({ example: "101" }),
    name: z.string().openapi({ example: "Reception" }),
    member_id: z.string().nullable().openapi({ format: "uuid", description: "The team member who uses it; null when shared" }),
    profile_id: z.string().nullable().openapi({ format: "uuid", description: "The telephony profile it connects with" }),
    status: z.enum(extensionStatuses),
    sip_username: z.string().openapi({ description: "The SIP user devices register as (the password is never returned)", example: "ext101" }),
    sip_domain: z.string().openapi({ example: "reformas-demo.sip.example.net" }),
    created_at: instant,
  })
  .strict()
  .openapi("SipExtension");

export const TelephonyProfile = z
  .object({
    id: uuid,
    name: z.string().openapi({ example: "Office (TLS + SRTP)" }),
    transport: z.enum(sipTransports),
    codecs: z.array(z.enum(audioCodecs)).openapi({ description: "In order of preference" }),
    dtmf_mode: z.enum(dtmfModes),
    srtp: z.boolean().openapi({ description: "Media encrypted with SRTP" }),
    recording: z.boolean().openapi({ description: "Calls on this profile are recorded" }),
    max_concurrent_calls: z.number().int(),
    trunk_host: z.string().nullable().openapi({ description: "The SIP trunk's host; null without a trunk (its credentials are never returned)", example: "trunk.carrier.example.net" }),
    created_at: instant,
    updated_at: instant,
  })
  .strict()
  .openapi("TelephonyProfile");

export const PhoneNumberPage = offsetEnvelope(PhoneNumber, "PhoneNumberPage");
export const SaleRatePage = offsetEnvelope(SaleRate, "SaleRatePage");
export const DestinationPage = offsetEnvelope(Destination, "CallableDestinationPage");
export const SipExtensionPage = offsetEnvelope(SipExtension, "SipExtensionPage");
export const TelephonyProfilePage = offsetEnvelope(TelephonyProfile, "TelephonyProfilePage");

export type PhoneNumberView = z.output<typeof PhoneNumber>;
