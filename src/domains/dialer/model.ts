import { z } from "@hono/zod-openapi";
import { int32 } from "../../lib/schemas";
import { callStatuses } from "../calls";
import { exampleAgentId } from "../agents";
import { DEFAULT_CALL_SECONDS, LONGEST_CALL_SECONDS, MAX_CALL_SECONDS } from "./rating";

export const DialInput = z
  .object({
    to: z.string().min(1).max(32).openapi({
      description:
        "The number to call, E.164 (or national, read in the account's region); its country must be a callable destination (GET /rates/countries)",
      example: "+34612345678",
    }),
    agent_id: z.string().uuid().openapi({
      maxLength: 36,
      description:
        "The voice agent that talks (GET /agents); another company's or an unknown one is 400; it needs a published version, else 409",
      example: "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
    }),
    from_number_id: z.string().uuid().optional().openapi({
      maxLength: 36,
      description:
        "The number of the account the call is placed from (GET /numbers; another company's or an unknown one is 404). Omitted: the agent's number, else the account's oldest voice number, else the platform's caller ID. A number routed through a SIP trunk dials through that trunk.",
      example: "8a3c2d1e-5f60-4b7a-9c8d-0e1f2a3b4c5d",
    }),
    max_duration_seconds: int32({ min: 60, max: LONGEST_CALL_SECONDS })
      .optional()
      .openapi({
        description: `The longest the call may last, in seconds of talk time: the provider cuts it there, and the wallet reserves its cost at the destination's rate (rounded up to the rate's billing increments), the unused part refunded when it ends. At most the plan's maximum (${Object.entries(
          MAX_CALL_SECONDS,
        )
          .map(([plan, seconds]) => `${plan} ${seconds / 60} min`)
          .join(", ")}), else 400. Omitted: ${DEFAULT_CALL_SECONDS / 60} minutes (the plan's maximum when lower).`,
        example: 1200,
      }),
  })
  .strict()
  .openapi("DialInput", { description: "Who to call, and which voice agent talks." });

export const dialExample = { to: "+34612345678", agent_id: exampleAgentId };

export const DialledCall = z
  .object({
    id: z.string().uuid().openapi({
      maxLength: 36,
      description:
        "The call's id: GET /calls/{call_id} reads it from now on, while it is in progress and once it ended",
    }),
    status: z.enum(callStatuses).openapi({
      description:
        "queued: handed to the provider's queue; ringing; in_progress (answered); completed (ended: its result says how, answered, no_answer, busy or cancelled); failed",
    }),
    direction: z.literal("outbound"),
    to: z.string().openapi({ description: "E.164" }),
    from: z.string().nullable().openapi({ description: "E.164 the call is placed from" }),
    agent_id: z.string().uuid(),
    country: z.string().openapi({ description: "ISO 3166-1 alpha-2 of the destination" }),
    rate: z.object({
      price_per_minute: z.number().openapi({ description: "In major units of currency" }),
      minimum_seconds: int32(),
      billing_increment_seconds: int32({ min: 1 }),
    }),
    reserved: z.number().openapi({
      description: "Held from the wallet until the call ends, then settled against its real cost, in major units",
    }),
    reserved_seconds: int32().openapi({ description: "The talk time the reservation covers: the call is cut there" }),
    currency: z.string().openapi({ example: "EUR" }),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("DialledCall", { description: "An outbound call launched through the API, with its reservation." });

export const dialledCallExample = {
  id: "0c6f1d7e-2b3a-4c5d-8e9f-a0b1c2d3e4f5",
  status: "queued" as const,
  direction: "outbound" as const,
  to: "+34612345678",
  from: "+34910000000",
  agent_id: exampleAgentId,
  country: "ES",
  rate: { price_per_minute: 0.02, minimum_seconds: 60, billing_increment_seconds: 60 },
  reserved: 0.1,
  reserved_seconds: 300,
  currency: "EUR",
  created_at: "2026-04-30T10:00:00.000Z",
};
