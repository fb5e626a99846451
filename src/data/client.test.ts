import { eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { db, tenant } from "../../test/helpers";
import { bound, insertRow, insertRows, preparedStatement, selectRow, selectRows } from "./client";
import { companyRow } from "./rows";
import { apiKeys, companies } from "./schema";

const toSql = (item: BatchItem<"sqlite">) =>
  (item as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
const company = (name: string) => ({
  id: crypto.randomUUID(),
  name,
  plan: "Business" as const,
  capabilities: ["kb", "spend"],
  spendEnabled: true,
  createdAt: "2026-11-21T10:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
});

describe("statements built once per isolate", () => {
  it("insertRows stores what drizzle's own insert stores: JSON and boolean columns encoded, omitted columns at their defaults", async () => {
    const [mine, drizzles] = [company("Built once"), company("Built by drizzle")];
    await db.batch([insertRow(db, companies, mine), db.insert(companies).values(drizzles)]);
    const read = async (id: string) => {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      const { id: _id, name: _name, ...rest } = row!;
      return rest;
    };
    expect(await read(mine.id)).toEqual(await read(drizzles.id));
    expect(await read(mine.id)).toMatchObject({
      capabilities: ["kb", "spend"],
      spendEnabled: true,
      defaultRegion: "ES",
      status: "active",
    });
  });

  it("reuses the SQL of a shape (table, columns, rows) and binds each call's values", async () => {
    const [a, b] = [insertRow(db, companies, company("A")), insertRow(db, companies, company("B"))];
    expect(toSql(a).sql).toBe(toSql(b).sql);
    expect(toSql(a).params).not.toEqual(toSql(b).params);
    expect(toSql(a).params).toContain('["kb","spend"]'); // encoded by the column, as drizzle does
    expect(toSql(insertRows(db, companies, [company("C"), company("D")])).sql).not.toBe(toSql(a).sql);
    // A row without a column is another shape: the column's default is bound, not the last value.
    const { spendEnabled: _omitted, ...fewer } = company("E");
    await db.batch([a, insertRow(db, companies, fewer)]);
    const stored = await db
      .select({ id: companies.id, spendEnabled: companies.spendEnabled })
      .from(companies)
      .where(inArray(companies.id, [toSql(a).params[0] as string, fewer.id]));
    expect(Object.fromEntries(stored.map((row) => [row.id, row.spendEnabled]))).toEqual({
      [toSql(a).params[0] as string]: true,
      [fewer.id]: false,
    });
  });

  it("leaves rows with SQL values to drizzle, so their expressions are built with them", async () => {
    const row = { ...company("Expression"), name: sql<string>`upper('expression')` as unknown as string };
    await db.batch([insertRow(db, companies, row)]);
    const [stored] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.id));
    expect(stored?.name).toBe("EXPRESSION");
  });

  it("refuses a table whose omitted column draws its default in JavaScript (it would be drawn once)", () => {
    const drawn = sqliteTable("drawn_defaults", {
      id: text("id").primaryKey(),
      token: text("token").$defaultFn(() => crypto.randomUUID()),
    });
    expect(() => insertRow(db, drawn, { id: "x" })).toThrow(/token has a \$defaultFn/);
  });

  it("bound: a prepared statement's placeholders filled per request, its RETURNING mapped as drizzle maps it", async () => {
    const rename = preparedStatement((database) =>
      database
        .update(companies)
        .set({ name: sql`${sql.placeholder("name")}` })
        .where(eq(companies.id, sql.placeholder("id")))
        .returning({ id: companies.id, spendEnabled: companies.spendEnabled, capabilities: companies.capabilities })
        .prepare(),
    );
    const [first, second] = [company("One"), company("Two")];
    await db.batch([insertRow(db, companies, first), insertRow(db, companies, second)]);
    const results = await db.batch([
      bound(rename(db), { id: first.id, name: "Uno" }),
      bound(rename(db), { id: second.id, name: "Dos" }),
    ]);
    expect(results).toEqual([
      [{ id: first.id, spendEnabled: true, capabilities: ["kb", "spend"] }],
      [{ id: second.id, spendEnabled: true, capabilities: ["kb", "spend"] }],
    ]);
    const names = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, second.id));
    expect(names).toEqual([{ name: "Dos" }]);
  });

  it("selectRows answers what drizzle's own .all() answers: JSON, booleans, mapWith, nested selections, joins", async () => {
    const [parent, child] = [company("Parent"), company("Child")];
    await db.batch([
      insertRow(db, companies, parent),
      insertRow(db, companies, { ...child, parentCompanyId: parent.id, spendEnabled: false }),
    ]);
    const values = { ids: JSON.stringify([parent.id, child.id]) };
    const ofBoth = sql`${companies.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`;
    const statements: ((database: typeof db) => Parameters<typeof selectRows>[1])[] = [
      preparedStatement((database) =>
        database.select().from(companies).where(ofBoth).orderBy(companies.name).prepare(),
      ),
      preparedStatement((database) =>
        database
          .select({
            id: companies.id,
            upper: sql<string>`upper(${companies.name})`.as("upper"),
            length: sql<number>`length(${companies.name})`.mapWith(String),
            flags: { spend: companies.spendEnabled, capabilities: companies.capabilities },
          })
          .from(companies)
          .where(ofBoth)
          .orderBy(companies.name)
          .prepare(),
      ),
      // A nested selection over a left join: drizzle's own mapping (an all-null joined object is null).
      preparedStatement((database) =>
        database
          .select({
            id: companies.id,
            parent: { id: sql<string | null>`parent.id`, name: sql<string | null>`parent.name` },
            key: { id: apiKeys.id },
          })
          .from(companies)
          .leftJoin(sql`companies AS parent`, sql`parent.id = ${companies.parentCompanyId}`)
          .leftJoin(apiKeys, eq(apiKeys.companyId, companies.id))
          .where(ofBoth)
          .orderBy(companies.name)
          .prepare(),
      ),
    ];
    const sameAsDrizzle = async (statement: Parameters<typeof selectRows>[1]) => {
      const drizzles = await statement.all(values);
      expect(drizzles).toHaveLength(2);
      const mine = await selectRows(db, statement, values);
      expect(mine).toEqual(drizzles);
      // Byte-identical once serialized: the same keys in the same order.
      expect(JSON.stringify(mine)).toBe(JSON.stringify(drizzles));
      expect(await selectRow(db, statement, values)).toEqual(drizzles[0]);
      expect(await selectRow(db, statement, { ids: "[]" })).toBeUndefined();
    };
    for (const statement of statements) await sameAsDrizzle(statement(db));
  });

  it("companyRow: the company's row by id as drizzle reads it, none of another company's", async () => {
    const [mine, other] = [await tenant(), await tenant()];
    const asDrizzle = (await db.select().from(apiKeys).where(eq(apiKeys.companyId, mine.companyId)).get())!;
    expect(JSON.stringify(await companyRow(db, apiKeys, mine.companyId, asDrizzle.id))).toBe(JSON.stringify(asDrizzle));
    expect(await companyRow(db, apiKeys, other.companyId, asDrizzle.id)).toBeUndefined();
    expect(await companyRow(db, apiKeys, mine.companyId, "no-such-key")).toBeUndefined();
  });
});
