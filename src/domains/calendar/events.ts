import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { Override, Schedule } from "./model";

export const scheduleUpdated = defineEvent(
  "calendar.schedule_updated",
  "The weekly working hours (or their time zone) were set.",
  Schedule,
);

export const overrideSet = defineEvent(
  "calendar.override_set",
  "A date got its own hours, or was closed; `override` is the exception as stored.",
  z.object({ override: Override }),
);

export const overrideRemoved = defineEvent(
  "calendar.override_removed",
  "A date's exception was removed: it follows its weekday's hours again; `override` is the exception as it was.",
  z.object({ override: Override }),
);

export const calendarEvents: EventDefinition[] = [scheduleUpdated, overrideSet, overrideRemoved];
