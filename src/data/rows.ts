import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { selectRow, type Database } from "./client";
import { InputError } from "../lib/input-error";
import { companies } from "./schema";

/** A tenant table: every row carries the company it belongs to. */
export type CompanyTable = SQLiteTable & { companyId: SQLiteColumn };
/** A tenant table whose rows are addressed by an id. */
export type CompanyRowTable = CompanyTable & { id: SQLiteColumn };

/**
 * The tenant filter, and any further conditions: every read or write of tenant rows that the
 * helpers below do not cover builds its WHERE with this, so the company is never forgotten.
 */
export const ofCompany = (table: CompanyTable, companyId: string | Placeholder, ...more: (SQL | undefined)[]): SQL =>
  and(eq(table.companyId, companyId), ...more)!;

/** One row of the company by its id (and any further conditions): the WHERE of a lookup, update or delete. */
export const rowOf = (
  table: CompanyRowTable,
  companyId: string | Placeholder,
  id: string | Placeholder,
  ...more: (SQL | undefined)[]
): SQL => ofCompany(table, companyId, eq(table.id, id), ...more);

/** Each table's lookup by company and id, prepared once per database (the hot path of every GET of one resource). */
const rowLookups = new WeakMap<Database, Map<CompanyRowTable, ReturnType<typeof lookupOf>>>();
const lookupOf = (db: Database, table: CompanyRowTable) =>
  db
    .select()
    .from(table)
    .where(rowOf(table, sql.placeholder("companyId"), sql.placeholder("id")))
    .prepare();

/** The company's row with this id, or undefined: another company's id reads as missing, like an unknown one. */
export async function companyRow<T extends CompanyRowTable>(
  db: Database,
  table: T,
  companyId: string,
  id: string,
): Promise<T["$inferSelect"] | undefined> {
  let lookups = rowLookups.get(db);
  if (!lookups) rowLookups.set(db, (lookups = new Map()));
  let lookup = lookups.get(table);
  if (!lookup) lookups.set(table, (lookup = lookupOf(db, table)));
  return (await selectRow(db, lookup, { companyId, id })) as T["$inferSelect"] | undefined;
}

/** Whether the company has a row with this id. */
export async function companyRowExists(
  db: Database,
  table: CompanyRowTable,
  companyId: string,
  id: string,
): Promise<boolean> {
  return (
    (await db
      .select({ id: table.id })
      .from(table)
      .where(rowOf(table, companyId, id))
      .get()) !== undefined
  );
}

/** Refuses (InputError unknown_company: 404 on the operator API) an id no company has, before the panel writes rows that name it. */
export async function requireCompany(db: Database, companyId: string): Promise<void> {
  const company = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) throw new InputError("unknown_company", `No company ${companyId}.`);
}
