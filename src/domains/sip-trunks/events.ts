import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";

const trunk = {
  id: z.string().uuid().openapi({ description: "The SIP trunk's id" }),
  name: z.string(),
};

export const sipTrunkCreated = defineEvent(
  "sip_trunk.created",
  "A SIP trunk was created (and its monthly price charged); its password is never part of an event.",
  z.object({ ...trunk, host: z.string(), created_at: z.string().openapi({ format: "date-time" }) }),
);
export const sipTrunkUpdated = defineEvent(
  "sip_trunk.updated",
  "A SIP trunk was changed; `changed_fields` names the fields (password included when it was replaced, never its value).",
  z.object({
    ...trunk,
    changed_fields: z.array(z.string()).max(10),
    updated_at: z.string().openapi({ format: "date-time" }),
  }),
);
export const sipTrunkDeleted = defineEvent(
  "sip_trunk.deleted",
  "A SIP trunk was deleted.",
  z.object({ ...trunk, deleted_at: z.string().openapi({ format: "date-time" }) }),
);

const amount = z.number().openapi({ description: "In major units of currency" });
const instant = z.string().openapi({ format: "date-time" });
export const sipTrunkRenewed = defineEvent(
  "sip_trunk.renewed",
  "A SIP trunk's month ended and the next one was charged to the wallet (and invoiced).",
  z.object({ ...trunk, charged: amount, currency: z.string(), current_period_end: instant, renewed_at: instant }),
);
export const sipTrunkSuspended = defineEvent(
  "sip_trunk.suspended",
  "A SIP trunk's month ended and the wallet could not pay the next one: the trunk is suspended (kept, not deleted) until it is resumed.",
  z.object({ ...trunk, price: amount, currency: z.string(), balance: amount, suspended_at: instant }),
);
export const sipTrunkResumed = defineEvent(
  "sip_trunk.resumed",
  "A suspended SIP trunk was resumed: a new month was charged to the wallet (and invoiced).",
  z.object({ ...trunk, charged: amount, currency: z.string(), current_period_end: instant, resumed_at: instant }),
);

export const sipTrunkEvents: EventDefinition[] = [
  sipTrunkCreated,
  sipTrunkUpdated,
  sipTrunkDeleted,
  sipTrunkRenewed,
  sipTrunkSuspended,
  sipTrunkResumed,
];
