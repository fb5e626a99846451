import { z } from "@hono/zod-openapi";
import { defineEvent } from "../../data/events";
import { timestamp, uuid } from "../../lib/schemas";

export const budgetCreated = defineEvent(
  "budget.created",
  "A draft budget was created through the API.",
  z.object({
    id: uuid(),
    budget_number: z.string(),
    status: z.literal("draft"),
    client_name: z.string(),
    client_email: z.string().nullable(),
    document_currency: z.string(),
    subtotal: z.number(),
    iva_amount: z.number(),
    total: z.number(),
    created_at: timestamp(),
  }),
);

export const budgetEvents = [budgetCreated];
