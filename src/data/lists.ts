import { and, desc, eq, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { invalidField } from "../lib/errors";
import type { CursorPage, OffsetPage } from "../lib/pagination";
import { selectRows, type Database, type PreparedSelect } from "./client";
import { base64ToString, stringToBase64, uint8ArrayToHex } from "uint8array-extras";

/**
 * An ORDER BY term that sorts the rows a lookup found, for a lookup by a selective index (a
 * request's events, a record's callbacks): SQLite's planner, without statistics, would rather walk
 * the company's whole time index in order than sort a few rows, and reads every row of the company
 * that way. The unary plus is SQLite's way of keeping a term from using an index.
 */
export const sortedBy = (column: Column): SQL => sql`+${column}`;

/**
 * What every list of tenant rows is keyed by: the company column (the tenant filter), and the
 * position of a row in the list's stable newest-first order (a time, then an id to break ties).
 * Every list is backed by an index on (company, at, id), or one that starts with the company.
 */
export interface ListKeys {
  company: Column;
  at: Column;
  id: Column;
  /**
   * `at` alone orders the company's rows (a company sequence, unique): the list orders by it only.
   * With the id as a tie-break that cannot tie, SQLite's planner walked the company's whole
   * (company, at) index for a filtered list (a conversation's messages) rather than read the
   * filter's own (company, filter, at) index.
   */
  uniqueAt?: true;
}

/** The tenant rows of `query` in the list's order: the company filter and the order are always applied. */
export function companyRows<Q extends SQLiteSelect>(
  query: Q,
  keys: ListKeys,
  companyId: string | Placeholder,
  where?: SQL,
) {
  const order = keys.uniqueAt ? [desc(keys.at)] : [desc(keys.at), desc(keys.id)];
  return query.where(and(eq(keys.company, companyId), where)).orderBy(...order);
}

/**
 * An offset list's page query with the company, the limit and the offset as placeholders
 * (`companyId`, `limit`, `offset`; `where` may name more), to prepare once per database
 * (preparedStatement) and read with preparedOffsetList.
 */
export const offsetPageQuery = <Q extends SQLiteSelect>(query: Q, keys: ListKeys, where?: SQL) =>
  companyRows(query, keys, sql.placeholder("companyId"), where)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));

/**
 * `{ data, limit, offset }` for one offset page of the company's rows, over a page query prepared
 * once (offsetPageQuery): its SQL is not built, nor its rows mapped through drizzle, on every
 * request (selectRows). `values` fills the placeholders of `where`.
 */
export async function preparedOffsetList<Row, T>(
  db: Database,
  statement: PreparedSelect<Row>,
  companyId: string,
  page: OffsetPage,
  map: (row: Row) => T,
  values: Record<string, unknown> = {},
): Promise<{ data: T[]; limit: number; offset: number }> {
  const rows = await selectRows(db, statement, { ...values, companyId, limit: page.limit, offset: page.offset });
  return { data: rows.map(map), limit: page.limit, offset: page.offset };
}

/** A cursor list's first page with the company and the limit as placeholders (`companyId`, `limit`), to prepare once for cursorList's `firstPage`. */
export const cursorFirstPageQuery = <Q extends SQLiteSelect>(query: Q, keys: ListKeys, where?: SQL) =>
  companyRows(query, keys, sql.placeholder("companyId"), where).limit(sql.placeholder("limit"));

/** Where a cursor points: after the row with this position, in one list of one company. */
interface Position {
  at: string | number;
  id: string;
}

const CURSOR_VERSION = 1;

async function checksum(payload: string, list: string, companyId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${list}\n${companyId}\n${payload}`));
  return uint8ArrayToHex(new Uint8Array(digest, 0, 9));
}

/**
 * An opaque cursor: the position, versioned, with a checksum over the list's name and the company,
 * so that a cursor edited by hand, or taken from another list or another company, is refused. The
 * checksum is not a secret: a forged cursor could only position a page within the caller's own rows.
 */
export async function encodeCursor(position: Position, list: string, companyId: string): Promise<string> {
  const payload = stringToBase64(JSON.stringify([CURSOR_VERSION, position.at, position.id]), { urlSafe: true });
  return `${payload}.${await checksum(payload, list, companyId)}`;
}

const refused = () =>
  invalidField(
    "query.cursor",
    "This cursor is not one this list gave out (edited, expired by a new API version, or from another list); start again without a cursor.",
  );

export async function decodeCursor(cursor: string, list: string, companyId: string): Promise<Position> {
  const [payload, sum, ...rest] = cursor.split(".");
  if (!payload || !sum || rest.length > 0 || sum !== (await checksum(payload, list, companyId))) throw refused();
  try {
    const [version, at, id] = JSON.parse(base64ToString(payload)) as unknown[];
    if (version !== CURSOR_VERSION || (typeof at !== "string" && typeof at !== "number") || typeof id !== "string")
      throw refused();
    return { at, id };
  } catch {
    throw refused();
  }
}

/**
 * `{ data, page: { has_more, next_cursor } }` for one cursor page of the company's rows: it reads
 * one row more than the limit to tell whether another page follows. `list` names the list in
 * the cursor (a list with a parent includes the parent's id: "messages:<conversation>").
 */
export async function cursorList<Q extends SQLiteSelect, T = Awaited<Q>[number]>(
  query: Q,
  keys: ListKeys,
  companyId: string,
  page: CursorPage,
  options: {
    list: string;
    position: (row: Awaited<Q>[number]) => Position;
    where?: SQL;
    map?: (row: Awaited<Q>[number]) => T;
    /** The first page's query prepared once (cursorFirstPageQuery over the same query, keys and where), with the values of `where`'s placeholders. */
    firstPage?: { db: Database; statement: PreparedSelect<Awaited<Q>[number]>; values?: Record<string, unknown> };
  },
): Promise<{ data: T[]; page: { has_more: boolean; next_cursor: string | null } }> {
  const after = page.cursor === undefined ? undefined : await decodeCursor(page.cursor, options.list, companyId);
  // Row-value comparison walks the (company, at, id) index from the position on.
  const from = !after
    ? undefined
    : keys.uniqueAt
      ? sql`${keys.at} < ${after.at}`
      : sql`(${keys.at}, ${keys.id}) < (${after.at}, ${after.id})`;
  const first = after ? undefined : options.firstPage;
  const rows: Awaited<Q>[number][] = first
    ? await selectRows(first.db, first.statement, { ...first.values, companyId, limit: page.limit + 1 })
    : await companyRows(query, keys, companyId, and(options.where, from)).limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const map = options.map ?? ((row: Awaited<Q>[number]) => row as unknown as T);
  return {
    data: shown.map(map),
    page: {
      has_more: hasMore,
      next_cursor: hasMore && last ? await encodeCursor(options.position(last), options.list, companyId) : null,
    },
  };
}
