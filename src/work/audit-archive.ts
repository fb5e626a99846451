import { asc, inArray, lt } from "drizzle-orm";
import { IN_LIST_MAX, inChunks } from "../data/bulk";
import type { Database } from "../data/client";
import { auditLog } from "../data/schema";

/**
 * The audit log past its time in D1 goes to R2 as gzip-compressed JSON Lines, one object per
 * company and day: audit/<company_id>/<YYYY-MM-DD>.jsonl.gz. Rows are deleted from D1 only once an
 * object that holds them is stored, so an entry is always in one place or the other (or, after a
 * crash between the two, in both: the next run finds it already archived and only deletes it).
 */

/** Entries read per batch (the oldest first, through audit_log_created_idx). */
const ENTRIES_PER_BATCH = 500;
/** Batches per tick. */
const BATCHES_PER_TICK = 4;

type AuditEntry = typeof auditLog.$inferSelect;

export const auditArchiveKey = (companyId: string, day: string) => `audit/${companyId}/${day}.jsonl.gz`;

/** One archived entry per line, with the column names of the table. */
const line = (entry: AuditEntry) =>
  JSON.stringify({
    id: entry.id,
    company_id: entry.companyId,
    key_id: entry.keyId,
    operation: entry.operation,
    method: entry.method,
    path: entry.path,
    resource_type: entry.resourceType,
    resource_id: entry.resourceId,
    request_id: entry.requestId,
    created_at: entry.createdAt,
  });

async function gzip(text: string): Promise<ArrayBuffer> {
  return new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
}

/** The lines of an archived object. */
export async function readArchive(object: R2ObjectBody): Promise<string[]> {
  const text = await new Response(object.body.pipeThrough(new DecompressionStream("gzip"))).text();
  return text.split("\n").filter((entry) => entry.length > 0);
}

/**
 * Adds `entries` (one company, one day) to their day's object, keeping what it holds: a
 * compare-and-set on the object's ETag (or on its absence), so two runs never overwrite each
 * other's lines. Returns false when the object changed meanwhile (the next run tries again).
 */
async function appendToArchive(bucket: R2Bucket, key: string, entries: readonly AuditEntry[]): Promise<boolean> {
  const existing = await bucket.get(key);
  const lines = existing ? await readArchive(existing) : [];
  const held = new Set(lines.map((entry) => (JSON.parse(entry) as { id: string }).id));
  const added = entries.filter((entry) => !held.has(entry.id)).map(line);
  if (added.length === 0) return true;
  const stored = await bucket.put(key, await gzip(`${[...lines, ...added].join("\n")}\n`), {
    onlyIf: existing ? { etagMatches: existing.etag } : { etagDoesNotMatch: "*" },
    httpMetadata: { contentType: "application/x-ndjson", contentEncoding: "gzip" },
  });
  return stored !== null;
}

/** Archives and then deletes audit entries written before `cutoff` (ISO), in bounded batches. Returns the entries removed. */
export async function archiveAuditLog(bucket: R2Bucket, db: Database, cutoff: string): Promise<number> {
  let removed = 0;
  for (let batch = 0; batch < BATCHES_PER_TICK; batch++) {
    const entries = await db
      .select()
      .from(auditLog)
      .where(lt(auditLog.createdAt, cutoff))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
      .limit(ENTRIES_PER_BATCH);
    if (entries.length === 0) break;
    const byObject = new Map<string, AuditEntry[]>();
    for (const entry of entries) {
      const key = auditArchiveKey(entry.companyId, entry.createdAt.slice(0, 10));
      const group = byObject.get(key);
      if (group) group.push(entry);
      else byObject.set(key, [entry]);
    }
    const archived: string[] = [];
    for (const [key, group] of byObject) {
      if (await appendToArchive(bucket, key, group)) archived.push(...group.map((entry) => entry.id));
    }
    for (const ids of inChunks(archived, IN_LIST_MAX)) await db.delete(auditLog).where(inArray(auditLog.id, ids));
    removed += archived.length;
    // An object changed under this run: stop here rather than read the same entries again.
    if (archived.length < entries.length) break;
  }
  return removed;
}
