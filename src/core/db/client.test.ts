import { eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { db } from "../../../test/helpers";
import { bound, insertRow, insertRows, preparedStatement } from "./client";
import { companies } from "./schema";

const toSql = (item: BatchItem<"sqlite">) => (item as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
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
    expect(await read(mine.id)).toMatchObject({ capabilities: ["kb", "spend"], spendEnabled: true, defaultRegion: "ES", status: "active" });
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
    const stored = await db.select({ id: companies.id, spendEnabled: companies.spendEnabled }).from(companies).where(inArray(companies.id, [toSql(a).params[0] as string, fewer.id]));
    expect(Object.fromEntries(stored.map((row) => [row.id, row.spendEnabled]))).toEqual({ [toSql(a).params[0] as string]: true, [fewer.id]: false });
  });

  it("leaves rows with SQL values to drizzle, so their expressions are built with them", async () => {
    const row = { ...company("Expression"), name: sql<string>`upper('expression')` as unknown as string };
    await db.batch([insertRow(db, companies, row)]);
    const [stored] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.id));
    expect(stored?.name).toBe("EXPRESSION");
  });

  it("refuses a table whose omitted column draws its default in JavaScript (it would be drawn once)", () => {
    const drawn = sqliteTable("drawn_defaults", { id: text("id").primaryKey(), token: text("token").$defaultFn(() => crypto.randomUUID()) });
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
    const results = await db.batch([bound(rename(db), { id: first.id, name: "Uno" }), bound(rename(db), { id: second.id, name: "Dos" })]);
    expect(results).toEqual([[{ id: first.id, spendEnabled: true, capabilities: ["kb", "spend"] }], [{ id: second.id, spendEnabled: true, capabilities: ["kb", "spend"] }]]);
    const names = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, second.id));
    expect(names).toEqual([{ name: "Dos" }]);
  });
});
