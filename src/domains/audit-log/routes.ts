import { z } from "@hono/zod-openapi";
import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { auditLog } from "../../core/db/schema";
import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../core/pagination";

const AuditEntry = z
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

const AuditQuery = OffsetPageQuery.extend({
  resource_type: z.string().max(100).optional().openapi({ description: "Only entries about this resource type" }),
  since: z.iso.datetime({ offset: true }).optional().openapi({ description: "Entries at or after this instant (ISO 8601)" }),
  until: z.iso.datetime({ offset: true }).optional().openapi({ description: "Entries before this instant (ISO 8601)" }),
});

export const auditLogOperations = [
  defineOperation({
    operationId: "listAuditLog",
    method: "get",
    path: "/api/v1/audit-log",
    summary: "Read the activity log",
    description: "Every successful write made through the API: who (key), what (operation), which resource, when. Newest first.",
    scope: "audit:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: AuditQuery },
    responses: { 200: { description: "A page of audit entries", schema: offsetEnvelope(AuditEntry, "AuditPage") } },
    handler: async ({ db, caller, query }) => {
      const filters: SQL[] = [eq(auditLog.companyId, caller.company.id)];
      if (query.resource_type) filters.push(eq(auditLog.resourceType, query.resource_type));
      if (query.since) filters.push(gte(auditLog.createdAt, new Date(query.since).toISOString()));
      if (query.until) filters.push(lt(auditLog.createdAt, new Date(query.until).toISOString()));
      const data = await db
        .select({
          id: auditLog.id,
          key_id: auditLog.keyId,
          operation: auditLog.operation,
          method: auditLog.method,
          path: auditLog.path,
          resource_type: auditLog.resourceType,
          resource_id: auditLog.resourceId,
          request_id: auditLog.requestId,
          created_at: auditLog.createdAt,
        })
        .from(auditLog)
        .where(and(...filters))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.limit)
        .offset(query.offset);
      return { status: 200, body: { data, limit: query.limit, offset: query.offset } };
    },
  }),
];
