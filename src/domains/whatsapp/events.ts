import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";

const phone = z.string().openapi({ description: "E.164" });
const at = z.string().openapi({ format: "date-time" });

export const whitelistAdded = defineEvent(
  "whatsapp.whitelist.added",
  "A phone's thread was reserved for an external bot: its inbound messages go to webhooks only and the automation stays silent (repeating it emits nothing).",
  z.object({ phone, reserved_at: at }),
);

export const whitelistRemoved = defineEvent(
  "whatsapp.whitelist.removed",
  "A phone's thread was returned to the automation (removing a phone that was not reserved emits nothing).",
  z.object({ phone, removed_at: at }),
);

export const whatsappEvents: EventDefinition[] = [whitelistAdded, whitelistRemoved];
