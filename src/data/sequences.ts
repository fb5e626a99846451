import { integer } from "drizzle-orm/sqlite-core";

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
