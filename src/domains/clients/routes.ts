import { z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../core/pagination";
import { clients } from "./schema";

const ClientSummary = z
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

export const clientOperations = [
  defineOperation({
    operationId: "listClients",
    method: "get",
    path: "/api/v1/clients",
    summary: "List saved clients",
    description: "Saved clients of the key's company, newest first (created_at, then id, descending).",
    scope: "clients:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { query: OffsetPageQuery },
    responses: { 200: { description: "A page of clients", schema: offsetEnvelope(ClientSummary, "ClientPage") } },
    handler: async ({ db, caller, query }) => {
      const data = await db
        .select({
          id: clients.id,
          name: clients.name,
          cif: clients.cif,
          email: clients.email,
          phone: clients.phone,
          address: clients.address,
          location: clients.location,
          province: clients.province,
          country: clients.country,
          postal_code: clients.postalCode,
          representative: clients.representative,
          created_at: clients.createdAt,
          updated_at: clients.updatedAt,
        })
        .from(clients)
        .where(and(eq(clients.companyId, caller.company.id)))
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(query.limit)
        .offset(query.offset);
      return { status: 200, body: { data, limit: query.limit, offset: query.offset } };
    },
  }),
];
