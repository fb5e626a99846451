import { z } from "@hono/zod-openapi";

/** A saved client of the company, as the list shows it. */
export const ClientSummary = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    cif: z.string().nullable().openapi({ description: "Tax identifier" }),
    email: z.string().nullable().openapi({ format: "email" }),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    location: z.string().nullable(),
    province: z.string().nullable(),
    country: z.string().nullable(),
    postal_code: z.string().nullable(),
    representative: z.string().nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("ClientSummary");
