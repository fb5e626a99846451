import { and, asc, between, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { IN_LIST_MAX } from "../../data/bulk";
import { cursorFirstPageQuery, cursorList, sortedBy, type ListKeys } from "../../data/lists";
import { preparedStatement, type Database } from "../../data/client";
import { providerCallbacks, providerIntents, requestLog } from "../../data/schema";
import type { CursorPage } from "../../lib/pagination";
import type { RequestsFilter } from "./model";

export type RequestLogEntry = typeof requestLog.$inferSelect;

/** What a list shows of an entry: everything but its query and bodies, which only the detail reads. */
const summaryColumns = {
  id: requestLog.id,
  requestId: requestLog.requestId,
  method: requestLog.method,
  path: requestLog.path,
  operation: requestLog.operation,
  status: requestLog.status,
  durationMs: requestLog.durationMs,
  keyId: requestLog.keyId,
  idempotencyKey: requestLog.idempotencyKey,
  replayed: requestLog.replayed,
  createdAt: requestLog.createdAt,
};
export type RequestLogSummary = Pick<RequestLogEntry, keyof typeof summaryColumns>;

/** The list's keys: request_log_company_created_idx (company, created_at, id). */
const requestKeys: ListKeys = { company: requestLog.companyId, at: requestLog.createdAt, id: requestLog.id };

/** `404` is one status, `4xx` the class. */
function statusFilter(status: string): SQL {
  if (!status.endsWith("xx")) return eq(requestLog.status, Number(status));
  const base = Number(status[0]) * 100;
  return between(requestLog.status, base, base + 99);
}

/** The newest requests of no filter (the list's usual first page), prepared once per database. */
const newestRequests = preparedStatement((db) =>
  cursorFirstPageQuery(db.select(summaryColumns).from(requestLog).$dynamic(), requestKeys).prepare(),
);

/**
 * The company's requests, newest first, a cursor page at a time. Read along
 * request_log_company_created_idx (or request_log_company_idempotency_idx with an Idempotency-Key),
 * both starting with the company; the other filters are checked on the rows it walks, which the
 * retention window (14 days) bounds.
 */
export function listRequests(
  db: Database,
  companyId: string,
  filter: Omit<RequestsFilter, keyof CursorPage>,
  page: CursorPage,
) {
  const where = and(
    filter.status === undefined ? undefined : statusFilter(filter.status),
    filter.method === undefined ? undefined : eq(requestLog.method, filter.method),
    filter.path === undefined ? undefined : eq(requestLog.path, filter.path),
    filter.idempotency === undefined ? undefined : eq(requestLog.idempotencyKey, filter.idempotency),
    filter.since === undefined ? undefined : gte(requestLog.createdAt, new Date(filter.since).toISOString()),
    filter.until === undefined ? undefined : lt(requestLog.createdAt, new Date(filter.until).toISOString()),
  );
  return cursorList(db.select(summaryColumns).from(requestLog).$dynamic(), requestKeys, companyId, page, {
    list: "requests",
    where,
    firstPage: where === undefined ? { db, statement: newestRequests(db) } : undefined,
    position: (row) => ({ at: row.createdAt, id: row.id }),
  });
}

/**
 * The company's request with this id (request_log_company_request_idx). A client may send the same
 * X-Request-Id twice: the newest request with it is the one shown, the last written among those of
 * one instant. Ordered by what that index holds (its created_at, then the rowid every index ends
 * with), so the lookup reads one entry of it: ordered by the id, SQLite walked every newer entry of
 * the company's time index instead.
 */
export function requestById(db: Database, companyId: string, requestId: string): Promise<RequestLogEntry | undefined> {
  return requestByIdQuery(db, companyId, requestId).get();
}

export function requestByIdQuery(db: Database, companyId: string, requestId: string) {
  return db
    .select()
    .from(requestLog)
    .where(and(eq(requestLog.companyId, companyId), eq(requestLog.requestId, requestId)))
    .orderBy(desc(requestLog.createdAt), desc(sql`rowid`))
    .limit(1);
}

/** The provider intents a request opened, oldest first (provider_intents_request_idx). */
export function intentsOfRequest(db: Database, companyId: string, requestId: string) {
  return db
    .select()
    .from(providerIntents)
    .where(and(eq(providerIntents.companyId, companyId), eq(providerIntents.requestId, requestId)))
    .orderBy(asc(providerIntents.createdAt), asc(providerIntents.id))
    .limit(IN_LIST_MAX);
}

/** The callbacks about these records, oldest first (provider_callbacks_company_resource_idx). */
export function callbacksAbout(db: Database, companyId: string, resourceIds: readonly string[]) {
  if (resourceIds.length === 0) return Promise.resolve([]);
  return callbacksAboutQuery(db, companyId, resourceIds);
}

export function callbacksAboutQuery(db: Database, companyId: string, resourceIds: readonly string[]) {
  return db
    .select()
    .from(providerCallbacks)
    .where(and(eq(providerCallbacks.companyId, companyId), inArray(providerCallbacks.resourceId, [...resourceIds])))
    .orderBy(sortedBy(providerCallbacks.receivedAt), sortedBy(providerCallbacks.id))
    .limit(IN_LIST_MAX);
}
