import { and, gte, lt, eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import type { Database } from "../../core/db/client";
import { offsetList, type ListKeys } from "../../core/db/lists";
import { auditLog } from "../../core/db/schema";
import type { AuditEntryView, AuditQuery } from "./model";

/** Backed by audit_log_company_created_idx. */
const auditKeys: ListKeys = { company: auditLog.companyId, at: auditLog.createdAt, id: auditLog.id };

export function listAuditEntries(db: Database, companyId: string, query: z.output<typeof AuditQuery>) {
  const where = and(
    query.resource_type ? eq(auditLog.resourceType, query.resource_type) : undefined,
    query.since ? gte(auditLog.createdAt, new Date(query.since).toISOString()) : undefined,
    query.until ? lt(auditLog.createdAt, new Date(query.until).toISOString()) : undefined,
  );
  const select = db
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
    .$dynamic();
  // method is the write's method, upper case (the pipeline records only writes).
  return offsetList(select, auditKeys, companyId, query, { where, map: (row) => row as AuditEntryView });
}
