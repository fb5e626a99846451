import { z } from "@hono/zod-openapi";
import { OffsetPageQuery } from "../../core/pagination";

/** One successful write made through the API. */
export const AuditEntry = z
  .object({
    id: z.string(),
    key_id: z.string().openapi({ description: "The API key that made the change" }),
    operation: z.string().openapi({ description: "operationId of the write", example: "createBudget" }),
    method: z.string(),
    path: z.string(),
    resource_type: z.string(),
    resource_id: z.string().nullable(),
    request_id: z.string(),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AuditEntry");

export const AuditQuery = OffsetPageQuery.extend({
  resource_type: z.string().max(100).optional().openapi({ description: "Only entries about this resource type" }),
  since: z.iso.datetime({ offset: true }).optional().openapi({ description: "Entries at or after this instant (ISO 8601)" }),
  until: z.iso.datetime({ offset: true }).optional().openapi({ description: "Entries before this instant (ISO 8601)" }),
});
