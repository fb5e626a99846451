import { Column, getTableColumns, is, Param, Placeholder, sql, SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { drizzle } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

export type Database = ReturnType<typeof drizzle>;

/**
 * A statement built once per database and reused: hot-path queries skip drizzle's per-request
 * SQL building. Values go in through `sql.placeholder`, never into the SQL text.
 */
export function preparedStatement<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * preparedStatement for each variant of a statement: `filters` says which optional conditions a
 * request has (a list's filters), and each combination is built once per database when first
 * asked for, its values still placeholders.
 */
export function preparedVariants<Filters extends Record<string, boolean>, Statement>(
  build: (db: Database, filters: Filters) => Statement,
): (db: Database, filters: Filters) => Statement {
  const variants = new Map<string, (db: Database) => Statement>();
  return (db, filters) => {
    const key = Object.entries(filters)
      .map(([name, on]) => (on ? name : ""))
      .join(",");
    let variant = variants.get(key);
    if (!variant) variants.set(key, (variant = preparedStatement((database) => build(database, filters))));
    return variant(db);
  };
}

/**
 * preparedStatement for each count of a statement's repeated placeholders (the ids of an IN list,
 * the instants of one aggregate): each count is built once per database when first asked for.
 */
export function preparedPerCount<Statement>(
  build: (db: Database, count: number) => Statement,
): (db: Database, count: number) => Statement {
  const counts = new Map<number, (db: Database) => Statement>();
  return (db, count) => {
    let statement = counts.get(count);
    if (!statement) counts.set(count, (statement = preparedStatement((database) => build(database, count))));
    return statement(db);
  };
}

/** The placeholders `id0`..`idN` of an IN list of `count` ids, and the values that fill them. */
export const idPlaceholders = (count: number) =>
  Array.from({ length: count }, (_, index) => sql.placeholder(`id${index}`));
export const idValues = (ids: readonly string[], values: Record<string, unknown> = {}) => {
  ids.forEach((id, index) => {
    values[`id${index}`] = id;
  });
  return values;
};

/**
 * The rows of a statement built by preparedStatement as D1's raw arrays, each read into a
 * fixed-shape object by `read` through `column`, which gives a column's value by its key in the
 * select. Neither drizzle's per-row decoding nor D1's arrays-to-objects conversion runs: together
 * the largest part of a list's own CPU time, measured. Only for hot queries whose values need no
 * decoding (text, integers, nulls); the query still runs on `db`'s client (the request's session).
 */
export async function readRows<Row, Out>(
  db: Database,
  statement: { getQuery(): { sql: string; params: unknown[] } },
  columns: { [K in keyof Row]: unknown },
  values: Record<string, unknown>,
  read: (column: <K extends keyof Row>(key: K) => Row[K]) => Out,
): Promise<Out[]> {
  const { sql } = statement.getQuery();
  const params = bindingOf(statement)(values);
  const positions = positionsOf(columns);
  const rows = await db.$client
    .prepare(sql)
    .bind(...params)
    .raw();
  // One accessor for every row, reading the current one by the column's position.
  let current: unknown[] = [];
  const column = <K extends keyof Row>(key: K) => current[positions[key as string]!] as Row[K];
  return rows.map((row) => {
    current = row;
    return read(column);
  });
}

/** A select prepared by preparedStatement (`.prepare()`): what its `.all()` and `.get()` answer. */
export interface PreparedSelect<Row> {
  getQuery(): { sql: string; params: unknown[] };
  all(values?: Record<string, unknown>): Promise<Row[]>;
  get(values?: Record<string, unknown>): Promise<Row | undefined>;
}

/**
 * The rows of a select prepared by preparedStatement, exactly as its own `.all(values)` maps them
 * (each column through its decoder: JSON, booleans, `mapWith`; nested selections as nested
 * objects), but read as D1's raw arrays and decoded by a reader built once per statement:
 * drizzle's mapResultRow asks `is()` of every field of every row and fills its placeholders with
 * `is()` per parameter, which with the SQL building was the largest part of a read's own CPU, measured.
 */
export async function selectRows<Row>(
  db: Database,
  statement: PreparedSelect<Row>,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const rows = await db.$client
    .prepare(statement.getQuery().sql)
    .bind(...bindingOf(statement)(values))
    .raw();
  const read = readerOf(statement);
  return read
    ? rows.map((row) => read(row) as Row)
    : (statement as unknown as { mapAllResult(rows: unknown[][]): Row[] }).mapAllResult(rows);
}

/** The first row of `selectRows`, or undefined (what the statement's `.get(values)` answers). */
export async function selectRow<Row>(
  db: Database,
  statement: PreparedSelect<Row>,
  values: Record<string, unknown>,
): Promise<Row | undefined> {
  return (await selectRows(db, statement, values))[0];
}

type RowReader = (row: unknown[]) => Record<string, unknown>;
type Decoder = { mapFromDriverValue(value: unknown): unknown };
const readers = new WeakMap<object, RowReader | null>();
const identity = (value: unknown) => value;

/**
 * How a raw row becomes drizzle's row, worked out once: each position's key (and nested key), and
 * its decoder, chosen as drizzle's mapResultRow chooses it. Null (drizzle maps it) for a nested
 * selection over joins, whose all-null joined objects drizzle turns into null, and for a subquery field.
 */
function readerOf(statement: object): RowReader | null {
  let reader = readers.get(statement);
  if (reader !== undefined) return reader;
  const { fields, joinsNotNullableMap } = statement as {
    fields?: { path: string[]; field: unknown }[];
    joinsNotNullableMap?: unknown;
  };
  const plain = (field: unknown) => is(field, Column) || is(field, SQL) || is(field, SQL.Aliased);
  if (
    fields === undefined ||
    !fields.every((entry) => plain(entry.field)) ||
    (joinsNotNullableMap && fields.some((entry) => entry.path.length > 1))
  ) {
    reader = null;
  } else {
    const keys = fields.map((entry) => entry.path);
    const decoders = fields.map(({ field }) => {
      const decoder: Decoder = is(field, Column)
        ? field
        : ((is(field, SQL) ? field : (field as SQL.Aliased).sql) as unknown as { decoder: Decoder }).decoder;
      // Text and number columns return what they are given: no call for them.
      return decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue
        ? identity
        : (value: unknown) => decoder.mapFromDriverValue(value);
    });
    reader = (row) => {
      const out: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) {
        const raw = row[index];
        const value = raw === null ? null : decoders[index]!(raw);
        const path = keys[index]!;
        if (path.length === 1) out[path[0]!] = value;
        else {
          let node = out;
          for (let depth = 0; depth < path.length - 1; depth++)
            node = (node[path[depth]!] ??= {}) as Record<string, unknown>;
          node[path[path.length - 1]!] = value;
        }
      }
      return out;
    };
  }
  readers.set(statement, reader);
  return reader;
}

const positionCache = new WeakMap<object, Record<string, number>>();

/** Each selected column's position in a raw row: drizzle selects the columns in their key order. */
function positionsOf(columns: Record<string, unknown>): Record<string, number> {
  let positions = positionCache.get(columns);
  if (!positions) {
    positions = Object.fromEntries(Object.keys(columns).map((key, index) => [key, index]));
    positionCache.set(columns, positions);
  }
  return positions;
}

/** What `.prepare()` gives and what drizzle's batch asks of each item's `_prepare()`. */
interface PreparedQuery {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
}

/**
 * A statement prepared once (preparedStatement, with `sql.placeholder`s) bound to one request's
 * values, as an item of a write's batch. drizzle's batch calls each item's `_prepare()`, which for a
 * query builder builds the SQL again (the largest part of a write's own CPU time, measured); this
 * item hands it the prepared statement instead, its placeholders filled as drizzle fills them: one
 * that stands for a column's value (in VALUES or SET) goes through the column's encoder (JSON,
 * booleans), one inside an SQL expression is bound as given.
 */
export function bound(prepared: PreparedQuery, values: Record<string, unknown>): BatchItem<"sqlite"> {
  return boundParams(prepared, bindingOf(prepared)(values));
}

/** `bound` with the statement's parameters already in order. */
function boundParams(prepared: PreparedQuery, params: unknown[]): BatchItem<"sqlite"> {
  const { sql: text } = prepared.getQuery();
  const item = {
    // drizzle's batch binds `stmt` (the statement drizzle prepared on its client) with `params`.
    _prepare: () => ({
      stmt: (prepared as PreparedQuery & { stmt: unknown }).stmt,
      getQuery: () => ({ sql: text, params }),
      mapResult: (response: unknown, isFromBatch?: boolean) => prepared.mapResult(response, isFromBatch),
    }),
    toSQL: () => ({ sql: text, params }),
  };
  return item as unknown as BatchItem<"sqlite">;
}

type Binding = (values: Record<string, unknown>) => unknown[];
const bindings = new WeakMap<object, Binding>();

/**
 * How a prepared statement's parameters are filled, worked out once: drizzle's fillPlaceholders
 * tells a placeholder from a constant by `is()` for every parameter of every call, which showed in
 * the write's profile. Same result: a placeholder standing for a column's value is encoded by the
 * column, one inside an expression is bound as given, and a missing value is an error.
 */
function bindingOf(prepared: { getQuery(): { params: unknown[] } }): Binding {
  let binding = bindings.get(prepared);
  if (!binding) {
    const slots = prepared.getQuery().params.map((param): ((values: Record<string, unknown>) => unknown) => {
      const placeholder = placeholderOf(param);
      if (!placeholder) return () => param;
      const { name, encode } = placeholder;
      return (values) => {
        if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
        return encode ? encode.mapToDriverValue(values[name]) : values[name];
      };
    });
    binding = (values) => slots.map((slot) => slot(values));
    bindings.set(prepared, binding);
  }
  return binding;
}

type Encoder = { mapToDriverValue(value: unknown): unknown };

/** A prepared parameter that is a placeholder: its name, and its column's encoder when it stands for a column's value. */
function placeholderOf(param: unknown): { name: string; encode: Encoder | undefined } | undefined {
  if (is(param, Placeholder)) return { name: param.name, encode: undefined };
  if (is(param, Param) && is(param.value, Placeholder))
    return { name: param.value.name, encode: param.encoder as Encoder | undefined };
  return undefined;
}

/** A row insert built once, and where each of its parameters comes from: a row's value (encoded by its column) or a constant. */
interface RowInsert {
  prepared: PreparedQuery;
  slots: ({ row: number; key: string; encode: Encoder | undefined } | { constant: unknown })[];
}

const rowInserts = new WeakMap<Database, Map<SQLiteTable, Map<string, RowInsert>>>();

/**
 * INSERT of `rows` (one statement) as a batch item whose SQL drizzle builds once per isolate for
 * each table, set of columns and number of rows, each value a placeholder (encoded by its column,
 * as in drizzle's own insert). Rows with SQL values, or with different columns, are built by
 * drizzle as usual. A `$defaultFn` column must be given a value: built once, it would draw once.
 */
export function insertRows<T extends SQLiteTable>(
  db: Database,
  table: T,
  rows: readonly T["$inferInsert"][],
): BatchItem<"sqlite"> {
  const given = rows.map((row) =>
    Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const keys = given[0] ?? [];
  const signature = keys.join(",");
  const expression = (value: unknown) =>
    typeof value === "object" && value !== null && (is(value, SQL) || is(value, Placeholder));
  const plain =
    given.every((rowKeys) => rowKeys.join(",") === signature) &&
    rows.every((row) => keys.every((key) => !expression((row as Record<string, unknown>)[key])));
  if (!plain || rows.length === 0)
    return db.insert(table).values(rows as T["$inferInsert"][]) as unknown as BatchItem<"sqlite">;
  let byTable = rowInserts.get(db);
  if (!byTable) rowInserts.set(db, (byTable = new Map()));
  let byShape = byTable.get(table);
  if (!byShape) byTable.set(table, (byShape = new Map()));
  const shape = `${rows.length}:${signature}`;
  let insert = byShape.get(shape);
  if (!insert) {
    const drawn = Object.entries(getTableColumns(table) as Record<string, Column>).find(
      ([key, column]) => !keys.includes(key) && (column.defaultFn || column.onUpdateFn),
    );
    if (drawn)
      throw new Error(`insertRows: ${drawn[0]} has a $defaultFn, which a statement built once would draw once.`);
    const sources = new Map<string, { row: number; key: string }>();
    const placeholders = rows.map((_, row) =>
      Object.fromEntries(
        keys.map((key) => {
          sources.set(`${key}_${row}`, { row, key });
          return [key, sql.placeholder(`${key}_${row}`)];
        }),
      ),
    );
    const prepared = (
      db.insert(table).values(placeholders as T["$inferInsert"][]) as unknown as { prepare(): PreparedQuery }
    ).prepare();
    const slots = prepared.getQuery().params.map((param) => {
      const placeholder = placeholderOf(param);
      return placeholder ? { ...sources.get(placeholder.name)!, encode: placeholder.encode } : { constant: param };
    });
    insert = { prepared, slots };
    byShape.set(shape, insert);
  }
  // Each parameter read straight from its row: no record of named values per request.
  const params = insert.slots.map((slot) => {
    if ("constant" in slot) return slot.constant;
    const value = (rows[slot.row] as Record<string, unknown>)[slot.key];
    return slot.encode ? slot.encode.mapToDriverValue(value) : value;
  });
  return boundParams(insert.prepared, params);
}

/** INSERT of one row, its SQL built once per isolate (insertRows). */
export const insertRow = <T extends SQLiteTable>(db: Database, table: T, row: T["$inferInsert"]) =>
  insertRows(db, table, [row]);
