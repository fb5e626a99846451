import { z } from "@hono/zod-openapi";
import { OffsetPageQuery } from "../../lib/pagination";
import { timestamp, uuid } from "../../lib/schemas";

/** One successful write made through the API. */
export const AuditEntry = z
  .object({
    id: uuid(),
    key_id: z
      .string()
      .openapi({ description: "The API key that made the change (`key_<32 hex>`)", pattern: "^key_[0-9a-f]{32}$" }),
    operation: z.string().openapi({ description: "operationId of the write", example: "createBudget" }),
    method: z.enum(["POST", "PUT", "PATCH", "DELETE"]),
    path: z.string().openapi({ description: "The request's path", example: "/api/v1/budgets" }),
    resource_type: z.string().openapi({
      description:
        "What the write changed: `budget`, `contact`, `contact_list`, `team_invite`, `webhook_subscription`, `webhook_delivery`, `api_key`... " +
        "An open set (each domain adds its own), hence a string rather than an enum; filter with `resource_type`.",
      example: "budget",
    }),
    resource_id: z
      .string()
      .nullable()
      .openapi({ description: "Id of the resource; null for a write that touched many (an import)" }),
    request_id: z.string().openapi({ description: "The request's X-Request-Id" }),
    created_at: timestamp(),
  })
  .openapi("AuditEntry", {
    description: "One successful write made through the API: who (key), what (operation), which resource, when.",
  });

export type AuditEntryView = z.output<typeof AuditEntry>;

export const auditPageExample = {
  data: [
    {
      id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b",
      key_id: "key_3f0c9a7e5b2d4c18a6e0f1b2c3d4e5f6",
      operation: "createBudget",
      method: "POST" as const,
      path: "/api/v1/budgets",
      resource_type: "budget",
      resource_id: "5b0f3a1e-2c4d-4e8f-9a6b-7c8d9e0f1a2b",
      request_id: "3b1f0c2e-6a53-4c7e-9d0b-2f4a8c1e7d55",
      created_at: "2026-04-26T10:15:30.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export const AuditQuery = OffsetPageQuery.extend({
  resource_type: z.string().max(100).optional().openapi({ description: "Only entries about this resource type" }),
  since: z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({ maxLength: 64, description: "Entries at or after this instant (ISO 8601)" }),
  until: z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({ maxLength: 64, description: "Entries before this instant (ISO 8601)" }),
});
