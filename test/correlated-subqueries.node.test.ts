import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * drizzle writes a column without its table in a single-table select, also inside a `sql`
 * template. In a correlated subquery, `${inner.companyId} = ${outer.companyId}` then reads
 * `"company_id" = "company_id"`, which SQLite binds to the inner table on both sides: a company
 * filter that is always true. Every column of another table than the subquery's own is therefore
 * written `${qualified(table.column)}` (src/data/bulk.ts), or the inner table is aliased and named
 * by its alias. This reads the sources: in each `FROM ${table}` of a `sql` template, the columns the
 * subquery's rest names bare must all be that table's.
 */

const root = join(import.meta.dirname, "..");
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
const files = sources(join(root, "src")).map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, "utf8"),
}));

/** The drizzle tables the schemas declare, by their variable's name. */
const tables = new Set(
  files.flatMap(({ text }) => [...text.matchAll(/export const (\w+) = sqliteTable\(/g)].map((m) => m[1]!)),
);

/** The text of a subquery after its `FROM ${table}`: up to the parenthesis that closes it, or the template's end. */
function subqueryRest(text: string, from: number): string {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    if (char === "`") return text.slice(from, at);
    if (char === "{" || char === "(") depth++;
    if (char === "}" || char === ")") {
      if (depth === 0) return text.slice(from, at);
      depth--;
    }
  }
  return text.slice(from);
}

/** Each bare column of another table than the subquery's own, as `file: inner <- outer.column`. */
function bareOuterColumns(path: string, text: string): string[] {
  // A local name for a table (`const d = webhookDeliveries`) is that table.
  const aliases = new Map(
    [...text.matchAll(/const (\w+) = (\w+);/g)].filter((m) => tables.has(m[2]!)).map((m) => [m[1]!, m[2]!]),
  );
  const tableOf = (name: string) => aliases.get(name) ?? (tables.has(name) ? name : undefined);
  const found: string[] = [];
  for (const match of text.matchAll(/FROM \$\{(\w+)\}(?! AS )/g)) {
    const inner = tableOf(match[1]!);
    if (!inner) continue;
    const rest = subqueryRest(text, match.index + match[0].length);
    for (const column of rest.matchAll(/\$\{(\w+)\.(\w+)\}/g)) {
      const table = tableOf(column[1]!);
      if (table && table !== inner) found.push(`${path}: FROM ${inner} names ${column[1]}.${column[2]} bare`);
    }
  }
  return found;
}

describe("correlated subqueries in sql templates", () => {
  it("name every column of an outer table with its table (qualified), so no company filter compares a table with itself", () => {
    expect(tables.size).toBeGreaterThan(50);
    expect(files.flatMap(({ path, text }) => bareOuterColumns(path, text))).toEqual([]);
  });

  it("finds the mistake it is for (the whitelist check as it was)", () => {
    // A placeholder as the source writes it (`${name}`), spelled apart so that no string here holds one.
    const at = (name: string) => `$${"{"}${name}}`;
    const before =
      "const whatsappWhitelist = x; const conversations = y;\n" +
      `const reservedForBot = sql<number>\`EXISTS (SELECT 1 FROM ${at("whatsappWhitelist")} WHERE ` +
      `${at("whatsappWhitelist.companyId")} = ${at("conversations.companyId")} AND ` +
      `${at("whatsappWhitelist.phone")} = ${at("conversations.contactPhone")})\`;`;
    expect(bareOuterColumns("before.ts", before)).toEqual([
      "before.ts: FROM whatsappWhitelist names conversations.companyId bare",
      "before.ts: FROM whatsappWhitelist names conversations.contactPhone bare",
    ]);
  });
});
