import { and, gte, lt, eq, sql } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { preparedVariants, type Database } from "../../data/client";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { auditLog } from "../../data/schema";
import type { AuditEntryView, AuditQuery } from "./model";

/** Backed by audit_log_company_created_idx. */
const auditKeys: ListKeys = { company: auditLog.companyId, at: auditLog.createdAt, id: auditLog.id };

export function listAuditEntries(db: Database, companyId: string, query: z.output<typeof AuditQuery>) {
  const filters = {
    resourceType: Boolean(query.resource_type),
    since: Boolean(query.since),
    until: Boolean(query.until),
  };
  const values = {
    resourceType: query.resource_type,
    since: query.since ? new Date(query.since).toISOString() : undefined,
    until: query.until ? new Date(query.until).toISOString() : undefined,
  };
  // method is the write's method, upper case (the pipeline records only writes).
  return preparedOffsetList(db, auditPage(db, filters), companyId, query, (row) => row as AuditEntryView, values);
}

/** The audit page query of each set of filters, prepared once per database. */
const auditPage = preparedVariants((db, filters: { resourceType: boolean; since: boolean; until: boolean }) =>
  offsetPageQuery(
    db
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
      .$dynamic(),
    auditKeys,
    and(
      filters.resourceType ? eq(auditLog.resourceType, sql.placeholder("resourceType")) : undefined,
      filters.since ? gte(auditLog.createdAt, sql.placeholder("since")) : undefined,
      filters.until ? lt(auditLog.createdAt, sql.placeholder("until")) : undefined,
    ),
  ).prepare(),
);
