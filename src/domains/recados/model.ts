import { z } from "@hono/zod-openapi";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { timestamp, uuid } from "../../lib/schemas";
import type { RecadoRow } from "./schema";

export const ListRecadosQuery = OffsetPageQuery.extend({
  read: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .openapi({
      type: "string",
      enum: ["true", "false"],
      description: "Only slips already read (`true`) or not yet read (`false`); anything else is 400",
    }),
});

export const Recado = z
  .object({
    id: uuid(),
    caller_name: z.string().openapi({ description: "Who called, as the caller gave it", example: "Lucía Fernández" }),
    phone: z
      .string()
      .nullable()
      .openapi({ description: "The caller's number (E.164); null when it was withheld", example: "+34612345678" }),
    message: z.string().openapi({
      description: "What the caller asked to pass on",
      example: "Please call back about the kitchen quote before Friday.",
    }),
    call_id: z
      .string()
      .nullable()
      .openapi({ format: "uuid", description: "The call during which the agent took it; null when not recorded" }),
    taken_at: timestamp().openapi({ description: "When the agent took it" }),
    read: z.boolean().openapi({ description: "Whether someone of the team has read it" }),
  })
  .openapi("Recado", {
    description:
      "A message slip: what a caller asked an agent to pass on, with who called, when, and whether it was read.",
  });

export const RecadoPage = offsetEnvelope(Recado, "RecadoPage", "A page of message slips, newest first");

export const toRecado = (row: RecadoRow): z.output<typeof Recado> => ({
  id: row.id,
  caller_name: row.callerName,
  phone: row.phone,
  message: row.message,
  call_id: row.callId,
  taken_at: row.takenAt,
  read: row.read,
});

export const recadoPageExample = {
  data: [
    {
      id: "5b0c6d7e-8f90-4a1b-9c2d-3e4f5a6b7c8d",
      caller_name: "Lucía Fernández",
      phone: "+34612345678",
      message: "Please call back about the kitchen quote before Friday.",
      call_id: "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      taken_at: "2026-04-26T09:41:12.000Z",
      read: false,
    },
  ],
  limit: 50,
  offset: 0,
};
