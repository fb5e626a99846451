import { z } from "@hono/zod-openapi";
import { exampleMemberId } from "../team";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { int32 } from "../../lib/schemas";
import { audioCodecs, dtmfModes, extensionStatuses, numberCapabilities, sipTransports } from "./schema";

const uuid = z.string().uuid().openapi({ maxLength: 36 });
const instant = z.string().openapi({ format: "date-time" });
const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, "An ISO 3166-1 alpha-2 code in capitals, such as ES.")
  .openapi({ description: "ISO 3166-1 alpha-2", maxLength: 2, example: "ES" });

// ---------------------------------------------------------------------------------------------
// Requests

export const NumberPath = z.object({
  number_id: uuid.openapi({
    description: "Id of a phone number of the key's company (a UUID; anything else is 400)",
    example: "8a3c2d1e-5f60-4b7a-9c8d-0e1f2a3b4c5d",
  }),
});

export const ListNumbersQuery = OffsetPageQuery.extend({
  country: countryCode.optional().openapi({ description: "Only numbers of this country" }),
  capability: z.enum(numberCapabilities).optional().openapi({ description: "Only numbers with this capability" }),
});

export const RenameNumberInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .openapi({ description: "The number's new name, 1 to 100 characters", example: "Madrid sales line" }),
  })
  .strict()
  .openapi("RenameNumberInput", { description: "The number's new name.", example: { name: "Madrid sales line" } });

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
    capabilities: z.array(z.enum(numberCapabilities)).max(numberCapabilities.length),
    agent_id: z
      .string()
      .nullable()
      .openapi({ format: "uuid", description: "The voice agent that answers the number; null when none" }),
    created_at: instant,
    updated_at: instant,
  })
  .openapi("PhoneNumber", {
    description: "A phone number of the company: its name, country, capabilities and the voice agent that answers it.",
  });

const SaleRate = z
  .object({
    id: uuid,
    prefix: z.string().openapi({ description: "The destination country's dialling code, without +", example: "34" }),
    country: countryCode,
    destination: z.string().openapi({ example: "Spain mobile" }),
    price_per_minute: z.number().openapi({
      description: "What the company pays per minute, in major units of currency (up to 6 decimals)",
      example: 0.045,
    }),
    currency: z.string().openapi({ description: "ISO 4217", example: "EUR" }),
    minimum_seconds: int32().openapi({ description: "Seconds billed at least per answered call", example: 60 }),
    billing_increment_seconds: int32().openapi({
      description: "After the minimum, time is billed in steps of this many seconds",
      example: 60,
    }),
    updated_at: instant,
  })
  .strict()
  .openapi("SaleRate", {
    description:
      "What the company pays per minute for calls to the mobiles or the landlines of a destination country, and how calls are billed.",
  });

const Destination = z
  .object({
    country: countryCode,
    name: z.string().openapi({ example: "Spain" }),
    dialling_code: z.string().openapi({ example: "+34" }),
  })
  .openapi("CallableDestination", { description: "A country the platform can call, with its dialling code." });

export const SipExtension = z
  .object({
    id: uuid,
    extension: z.string().openapi({ example: "101" }),
    name: z.string().openapi({ example: "Reception" }),
    member_id: z
      .string()
      .nullable()
      .openapi({ format: "uuid", description: "The team member who uses it; null when shared" }),
    profile_id: z
      .string()
      .nullable()
      .openapi({ format: "uuid", description: "The telephony profile it connects with" }),
    status: z.enum(extensionStatuses),
    sip_username: z
      .string()
      .openapi({ description: "The SIP user devices register as (the password is never returned)", example: "ext101" }),
    sip_domain: z.string().openapi({ example: "reformas-demo.sip.example.net" }),
    created_at: instant,
  })
  .strict()
  .openapi("SipExtension", {
    description:
      "A SIP extension of the company: who uses it, its profile and status, and what devices register as (never its password).",
  });

export const TelephonyProfile = z
  .object({
    id: uuid,
    name: z.string().openapi({ example: "Office (TLS + SRTP)" }),
    transport: z.enum(sipTransports),
    codecs: z.array(z.enum(audioCodecs)).max(audioCodecs.length).openapi({ description: "In order of preference" }),
    dtmf_mode: z.enum(dtmfModes),
    srtp: z.boolean().openapi({ description: "Media encrypted with SRTP" }),
    recording: z.boolean().openapi({ description: "Calls on this profile are recorded" }),
    max_concurrent_calls: int32(),
    trunk_host: z.string().nullable().openapi({
      description: "The SIP trunk's host; null without a trunk (its credentials are never returned)",
      example: "trunk.carrier.example.net",
    }),
    created_at: instant,
    updated_at: instant,
  })
  .strict()
  .openapi("TelephonyProfile", {
    description:
      "A telephony profile: SIP transport, codecs, DTMF, encryption and recording, and its trunk's host (never its credentials).",
  });

export const PhoneNumberPage = offsetEnvelope(
  PhoneNumber,
  "PhoneNumberPage",
  "A page of the company's phone numbers, newest first",
);
export const SaleRatePage = offsetEnvelope(SaleRate, "SaleRatePage", "A page of the company's sale rates");
export const DestinationPage = offsetEnvelope(
  Destination,
  "CallableDestinationPage",
  "A page of the countries the platform can call",
);
export const SipExtensionPage = offsetEnvelope(
  SipExtension,
  "SipExtensionPage",
  "A page of the company's SIP extensions",
);
export const TelephonyProfilePage = offsetEnvelope(
  TelephonyProfile,
  "TelephonyProfilePage",
  "A page of the company's telephony profiles",
);

export const phoneNumberExample: z.input<typeof PhoneNumber> = {
  id: "8a3c2d1e-5f60-4b7a-9c8d-0e1f2a3b4c5d",
  number: "+34910123456",
  name: "Madrid sales line",
  country: "ES",
  capabilities: [...numberCapabilities],
  agent_id: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  created_at: "2026-01-10T08:00:00.000Z",
  updated_at: "2026-04-26T10:15:30.000Z",
};

export const phoneNumberPageExample = { data: [phoneNumberExample], limit: 50, offset: 0 };

export const renameNumberExample: z.input<typeof RenameNumberInput> = { name: "Madrid sales line" };

export const saleRatePageExample = {
  data: [
    {
      id: "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
      prefix: "34",
      country: "ES",
      destination: "Spain mobile",
      price_per_minute: 0.027,
      currency: "EUR",
      minimum_seconds: 60,
      billing_increment_seconds: 60,
      updated_at: "2026-03-01T00:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export const destinationPageExample = {
  data: [{ country: "ES", name: "Spain", dialling_code: "+34" }],
  limit: 50,
  offset: 0,
};

export const sipExtensionPageExample = {
  data: [
    {
      id: "c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f",
      extension: "101",
      name: "Reception",
      member_id: exampleMemberId,
      profile_id: "d4e5f6a7-b8c9-4d0e-9f2a-3b4c5d6e7f8a",
      status: extensionStatuses[0],
      sip_username: "ext101",
      sip_domain: "reformas-demo.sip.example.net",
      created_at: "2026-01-10T08:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export const telephonyProfilePageExample = {
  data: [
    {
      id: "d4e5f6a7-b8c9-4d0e-9f2a-3b4c5d6e7f8a",
      name: "Office (TLS + SRTP)",
      transport: sipTransports[0],
      codecs: [...audioCodecs],
      dtmf_mode: dtmfModes[0],
      srtp: true,
      recording: false,
      max_concurrent_calls: 10,
      trunk_host: "trunk.carrier.example.net",
      created_at: "2026-01-10T08:00:00.000Z",
      updated_at: "2026-01-10T08:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export type PhoneNumberView = z.output<typeof PhoneNumber>;
