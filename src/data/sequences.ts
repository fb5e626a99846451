import { and, eq, is, SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { integer } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";
import type { EmittedEvent, Fill, SequencedTable } from "./events";

/**
 * A row's position in its company's own sequence (1, 2, 3… per company and table, never reused),
 * for the tables whose lists and polling cursors carry it. It is drawn by an AFTER INSERT trigger
 * of the table (custom migration 0052) from the company's row in `sequences` (series
 * `seq:<table>`), in the inserting statement, so an insert names no seq and D1's one write
 * transaction at a time keeps the numbers in commit order.
 *
 * Why not SQLite's AUTOINCREMENT rowid, as before: its numbers belong to a database, and a company
 * moving to another store (src/work/moves.ts) must keep the positions its clients hold in cursors, which
 * the other store may already have given to another company's rows. A company's own sequence moves
 * with it (its `sequences` row is tenant data) and cannot collide with anyone's.
 *
 * The column is 0 only between the insert and its trigger, within one statement; the unique index
 * on (company_id, seq) each such table declares catches a number drawn twice.
 */
export const companySequence = () => integer("seq").notNull().default(0);

/**
 * A resource's own sequence (1, 2, 3… per row): the number of the last event about it. Each event
 * about the row (an EmittedEvent with its `resource`) advances it in the batch of the change it
 * reports and carries the number it drew as `data.sequence`, so the events of one resource are
 * numbered in commit order (D1 runs one write transaction at a time) and the row's GET shows the
 * last. 0: no event yet.
 */
export const resourceSequence = () => integer("sequence").notNull().default(0);

const placeholders = { company: "sequence.company", id: "sequence.id", offset: "sequence.offset" } as const;
/** The number an event drew, read inside its batch: one expression per table, so event inserts are prepared once. */
const drawnExpressions = new WeakMap<SequencedTable, SQL>();
function drawnExpression(table: SequencedTable): SQL {
  let expression = drawnExpressions.get(table);
  if (!expression) {
    expression = sql`((SELECT ${table.sequence} FROM ${table} WHERE ${table.companyId} = ${sql.placeholder(placeholders.company)} AND ${table.id} = ${sql.placeholder(placeholders.id)}) - ${sql.placeholder(placeholders.offset)})`;
    drawnExpressions.set(table, expression);
  }
  return expression;
}

/**
 * The statements that advance the sequence of every resource `events` are about (one UPDATE per
 * resource, by its number of events), for the write's batch after its own statements and before
 * the events' rows; and the events, each with a fill that sets `data.sequence` to its own number:
 * the k-th of n events about one resource in this batch gets the resource's new sequence - (n - 1 - k),
 * so events of one batch are numbered in the order they were emitted.
 */
export function sequenceStatements(
  db: Database,
  companyId: string,
  events: readonly EmittedEvent[],
): { statements: BatchItem<"sqlite">[]; events: EmittedEvent[] } {
  const counts = new Map<SequencedTable, Map<string, number>>();
  for (const { resource } of events) {
    if (!resource) continue;
    const ids = counts.get(resource.table) ?? new Map<string, number>();
    counts.set(resource.table, ids.set(resource.id, (ids.get(resource.id) ?? 0) + 1));
  }
  if (counts.size === 0) return { statements: [], events: [...events] };
  const statements: BatchItem<"sqlite">[] = [];
  for (const [table, ids] of counts)
    for (const [id, count] of ids)
      statements.push(
        db
          .update(table)
          .set({ sequence: sql`${table.sequence} + ${count}` } as Record<string, SQL>)
          .where(and(eq(table.companyId, companyId), eq(table.id, id))),
      );
  const seen = new Map<SequencedTable, Map<string, number>>();
  const numbered = events.map((event) => {
    const { resource } = event;
    if (!resource) return event;
    const ids = seen.get(resource.table) ?? new Map<string, number>();
    seen.set(resource.table, ids);
    const index = ids.get(resource.id) ?? 0;
    ids.set(resource.id, index + 1);
    const offset = counts.get(resource.table)!.get(resource.id)! - 1 - index;
    const values = { [placeholders.company]: companyId, [placeholders.id]: resource.id, [placeholders.offset]: offset };
    const others = Object.values(event.fill ?? {});
    // The outbox takes one kind of fill per event: plain SQL when the event's other fills are.
    const fill: Fill = others.some((value) => is(value, SQL))
      ? sql`((SELECT ${resource.table.sequence} FROM ${resource.table} WHERE ${resource.table.companyId} = ${companyId} AND ${resource.table.id} = ${resource.id}) - ${offset})`
      : { expression: drawnExpression(resource.table), values };
    return { ...event, fill: { ...event.fill, sequence: fill } };
  });
  return { statements, events: numbered };
}
