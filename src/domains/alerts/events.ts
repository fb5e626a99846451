import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../core/events";
import { Alert } from "./model";

export const alertUpdated = defineEvent(
  "alert.updated",
  "An alert was configured, silenced, dismissed or undismissed (PATCH /alerts); `alert` is the alert after the change with its state then, `changed_fields` the stored fields that changed.",
  z.object({
    alert: Alert,
    changed_fields: z.array(z.enum(["threshold", "period", "enabled", "silenced_until", "dismissed"])).max(5),
  }),
);

export const alertEvents: EventDefinition[] = [alertUpdated];
