/// <reference types="vite/client" />
import { env } from "cloudflare:test";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import catalogueFile from "../spec/catalogue.json";
import extensionsFile from "../spec/extensions.json";
import { CatalogueSchema, ExtensionsSchema } from "../scripts/lib/catalogue";
import { knownScopes } from "../src/keys/scopes";
import { domains } from "../src/domains";
import { domainLoaders } from "../src/domains/loaders";

/**
 * The steps of README.md's "Adding a domain", each checked for every domain folder, so a step a
 * newcomer skips fails here with the step to take. The steps other tests already check are not
 * repeated: the catalogue lists the operation with the declaration's scope, gate, plans and codes,
 * and the codes include what the pipeline answers (test/catalogue.test.ts); examples, descriptions
 * and limits (test/document.test.ts); the layout rules (test/architecture.test.ts); the committed
 * client types equal the document's (test/e2e/document.e2e.test.ts, in the e2e stage).
 *
 * The folders are found by Vite at build time (import.meta.glob), like the sources of
 * test/architecture.test.ts, so this runs in the Workers runtime like every other test.
 */
const domainIndexes = import.meta.glob("/src/domains/*/index.ts");
const domainSchemas = import.meta.glob("/src/domains/*/schema.ts", { eager: true }) as Record<
  string,
  Record<string, unknown>
>;

/** `/src/domains/contact-lists/index.ts` -> `contact-lists`. */
const folderOf = (file: string) => file.split("/")[3]!;
const folders = Object.keys(domainIndexes).map(folderOf).sort();
const label = (op: { method: string; path: string }) => `${op.method.toUpperCase()} ${op.path}`;

describe("adding a domain: every folder under src/domains", () => {
  it("finds the domain folders", () => {
    expect(folders).toContain("contacts");
    expect(folders.length).toBeGreaterThanOrEqual(30);
  });

  it("is listed once in src/domains/loaders.ts, under its folder's name", () => {
    const listed = Object.keys(domainLoaders.domains).sort();
    const unlisted = folders.filter((folder) => !listed.includes(folder));
    expect(unlisted, "add each to the list in src/domains/loaders.ts (its loader, under the folder's name)").toEqual(
      [],
    );
    expect(listed).toEqual(folders);
    // defineDomain's name is the folder's, so the table's names are the loaders'.
    expect(domains.map((domain) => domain.name).sort(), "defineDomain's name is the folder's").toEqual(folders);
  });

  it("uses only scopes of knownScopes (src/keys/scopes.ts)", () => {
    const known: readonly string[] = knownScopes;
    const unknown = domains.flatMap((domain) =>
      domain.operations
        .filter((op) => !known.includes(op.scope))
        .map((op) => `${domain.name}: ${label(op)} needs ${op.scope}`),
    );
    expect(unknown, "add each scope to knownScopes in src/keys/scopes.ts").toEqual([]);
  });
});

describe("adding a domain: operations beyond the specification", () => {
  const catalogue = CatalogueSchema.parse(catalogueFile);
  const extensions = ExtensionsSchema.parse(extensionsFile);

  it("each operation of spec/extensions.json is in spec/catalogue.json, marked as an extension, and only those", () => {
    const recorded = catalogue.operations.filter((op) => op.extension).map(label);
    expect(recorded, "run: npm run catalogue").toEqual(extensions.operations.map(label));
    for (const op of extensions.operations) {
      const entry = catalogue.operations.find((candidate) => label(candidate) === label(op));
      expect(entry, `${label(op)}: run npm run catalogue`).toMatchObject({
        ...op,
        codes: [...new Set(op.codes)].sort((a, b) => a - b),
        extension: true,
      });
    }
  });
});

describe("adding a domain: the migrations create every table of its schema.ts", () => {
  /** Each table a domain's schema.ts exports, with its columns' SQL names. */
  const declaredTables = Object.entries(domainSchemas).flatMap(([file, exports]) =>
    Object.values(exports)
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .map((table) => ({
        domain: folderOf(file),
        table: getTableName(table),
        columns: Object.values(getTableColumns(table)).map((column) => column.name),
      })),
  );

  /**
   * The columns each of these tables has in the migrated database (test/setup.ts applies the
   * migrations); none for a table no migration creates. D1 allows PRAGMA table_info, one table a statement.
   */
  async function migratedColumns(tables: readonly string[]): Promise<Map<string, Set<string>>> {
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const answers = await env.DB.batch<{ name: string }>(
      tables.map((table) => env.DB.prepare(`PRAGMA table_info(${quoted(table)})`)),
    );
    return new Map(
      tables.map((table, index) => [table, new Set(answers[index]!.results.map((column) => column.name))]),
    );
  }

  it("finds the domains' tables", () => {
    expect(declaredTables.map(({ table }) => table)).toContain("contacts");
  });

  it("with every column", async () => {
    const migrated = await migratedColumns(declaredTables.map(({ table }) => table));
    const missing = declaredTables.flatMap(({ domain, table, columns }) => {
      const created = migrated.get(table)!;
      if (created.size === 0) return [`${domain}: table ${table}`];
      return columns.filter((column) => !created.has(column)).map((column) => `${domain}: column ${table}.${column}`);
    });
    expect(
      missing,
      "run: npm run db:generate -- --name <domain> (drizzle-kit writes the migration into migrations/)",
    ).toEqual([]);
  });
});
