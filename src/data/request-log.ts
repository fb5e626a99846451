import { type Database, insertRow } from "./client";
import { requestLog } from "./schema";

export type RequestLogRow = typeof requestLog.$inferInsert;

/** A request body or response body is kept in the log up to this size (UTF-8 bytes); a larger one only by its size. */
export const REQUEST_LOG_BODY_MAX_BYTES = 16 * 1024;

/** The request log keeps a company's requests this long (retention, src/work/retention.ts). */
export const REQUEST_LOG_RETENTION_DAYS = 14;

/**
 * Writes one request's entry into its company's store (the request log, GET /api/v1/requests): a
 * batch of one insert whose SQL is built once per isolate, since drizzle building it anew was most of
 * the entry's CPU after its bodies.
 */
export async function recordRequest(db: Database, row: RequestLogRow): Promise<void> {
  await db.batch([insertRow(db, requestLog, row)]);
}
