import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../core/events";

const trunk = {
  id: z.string().uuid().openapi({ description: "The SIP trunk's id" }),
  name: z.string(),
};

export const sipTrunkCreated = defineEvent("sip_trunk.created", "A SIP trunk was created (and its monthly price charged); its password is never part of an event.", z.object({ ...trunk, host: z.string(), created_at: z.string().openapi({ format: "date-time" }) }));
export const sipTrunkUpdated = defineEvent(
  "sip_trunk.updated",
  "A SIP trunk was changed; `changed_fields` names the fields (password included when it was replaced, never its value).",
  z.object({ ...trunk, changed_fields: z.array(z.string()).max(10), updated_at: z.string().openapi({ format: "date-time" }) }),
);
export const sipTrunkDeleted = defineEvent("sip_trunk.deleted", "A SIP trunk was deleted.", z.object({ ...trunk, deleted_at: z.string().openapi({ format: "date-time" }) }));

export const sipTrunkEvents: EventDefinition[] = [sipTrunkCreated, sipTrunkUpdated, sipTrunkDeleted];
