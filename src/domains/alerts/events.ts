import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { Alert } from "./model";

export const alertUpdated = defineEvent(
  "alert.updated",
  "An alert was configured, silenced, dismissed or undismissed (PATCH /alerts); `alert` is the alert after the change with its state then, `changed_fields` the stored fields that changed.",
  z.object({
    alert: Alert,
    changed_fields: z.array(z.enum(["threshold", "period", "enabled", "silenced_until", "dismissed"])).max(5),
  }),
);

export const alertTriggered = defineEvent(
  "alert.triggered",
  "An alert crossed its threshold (the balance fell below it, or the period's spend reached it): once per crossing, found by the " +
    "evaluation each tick (at most a minute late). It notifies again only after alert.cleared. A silenced or dismissed alert " +
    "crosses without this event. `alert` is the alert with its state then.",
  z.object({ alert: Alert }),
);

export const alertCleared = defineEvent(
  "alert.cleared",
  "A triggered alert is back on the right side of its threshold (the balance at or over it, the spend under it, or a new period; " +
    "also a threshold changed past the value): the next crossing emits alert.triggered again. `alert` is the alert with its state then.",
  z.object({ alert: Alert }),
);

export const alertEvents: EventDefinition[] = [alertUpdated, alertTriggered, alertCleared];
