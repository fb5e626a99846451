import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";

export const numberRenamed = defineEvent(
  "number.renamed",
  "A phone number of the company was given a new name.",
  z.object({
    id: z.string().uuid().openapi({ description: "The phone number's id" }),
    number: z.string().openapi({ description: "The number, E.164" }),
    name: z.string().openapi({ description: "Its new name" }),
    renamed_at: z.string().openapi({ format: "date-time" }),
  }),
);

export const telephonyEvents: EventDefinition[] = [numberRenamed];
