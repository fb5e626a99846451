import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { webhookEvents } from "../src/domains/webhooks/schema";
import { db } from "./helpers";

export type EventRow = typeof webhookEvents.$inferSelect;

/**
 * The company's events (the webhooks outbox), of one type if named, in the order they were written:
 * by time, then by rowid for two of the same millisecond. Never read them without an order: the
 * table's indexes leave SQLite's natural order to its planner.
 */
export function eventRowsOf(companyId: string, type?: string): Promise<EventRow[]> {
  const where: SQL[] = [eq(webhookEvents.companyId, companyId)];
  if (type !== undefined) where.push(eq(webhookEvents.type, type));
  return db
    .select()
    .from(webhookEvents)
    .where(and(...where))
    .orderBy(asc(webhookEvents.createdAt), sql`rowid`);
}

/** The data of the company's events of `type` (all types if none is named), parsed, in the order they were written. */
export async function eventDataOf(companyId: string, type?: string): Promise<Record<string, unknown>[]> {
  return (await eventRowsOf(companyId, type)).map((row) => JSON.parse(row.data) as Record<string, unknown>);
}
