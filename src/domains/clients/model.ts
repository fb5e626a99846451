import { z } from "@hono/zod-openapi";
import { timestamp, uuid } from "../../lib/schemas";

/** A saved client of the company, as the list shows it. */
export const ClientSummary = z
  .object({
    id: uuid(),
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
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("ClientSummary", {
    description: "A client the company saved (in the panel), with its contact and tax details.",
  });

export const clientPageExample = {
  data: [
    {
      id: "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      name: "Acme SL",
      cif: "B12345678",
      email: "billing@acme.example",
      phone: "+34612345678",
      address: "Calle Mayor 1",
      location: "Madrid",
      province: "Madrid",
      country: "ES",
      postal_code: "28013",
      representative: "Lucía García",
      created_at: "2026-03-02T09:00:00.000Z",
      updated_at: "2026-03-02T09:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

/**
 * Who a client named by a budget is: its e-mail address (case-insensitive) when the budget gives
 * one, else its name (case-insensitive, Unicode-normalised, spaces collapsed). Two budgets for
 * "Acme SL" save one client; so do "acme sl" and "ACME  SL".
 */
export function clientIdentity(name: string, email: string | null): string {
  if (email !== null && email.trim() !== "") return `email:${email.trim().toLowerCase()}`;
  return `name:${name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase()}`;
}
