import type { SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * A fixed id the OpenAPI document's examples name (an agent, a template, a contact...) and which
 * row of a company stands for it. Declared by the domain that owns the rows, beside the id
 * (DomainModule.examples); when an operator names a company for the examples
 * (PUT /admin/v1/docs/examples-company), the served document shows that company's row's id
 * wherever the fixed one stood, so that try-it with its key finds what the examples name.
 */
export interface ExampleRow {
  /** The id as the examples write it. */
  id: string;
  /** The rows it stands for: a tenant table with its `id` and `companyId` columns. */
  table: SQLiteTable & { id: AnySQLiteColumn; companyId: AnySQLiteColumn };
  /**
   * The company's rows in this order (a column ascending, or desc(column)): columns of an index that
   * starts with company_id (created_at then id: the oldest first), so finding the row reads a few
   * index entries.
   */
  order: readonly (AnySQLiteColumn | SQL)[];
  /** Which row in that order: 0 (the default) the first, 1 the second... */
  nth?: number;
  /** Only rows like these (an inbound WhatsApp message, say). */
  where?: SQL | undefined;
}
