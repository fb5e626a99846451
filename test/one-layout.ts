/**
 * The Workers-runtime test files that run in the first store layout of a run only (one store when
 * both run): what they prove does not depend on where a company's rows are kept, so a second run
 * in the other layout would repeat the same requests for the same answers. Every other file runs
 * in both. Each entry says why.
 */
export const ONE_LAYOUT: string[] = [
  // The document's contract (statuses, schemas, headers, media types, unknown parameters) is decided
  // by the declarations before any store is opened, and its leak check (no success names the other
  // lane's ids) is strictest with both lanes' companies in one store, which the one-store layout
  // guarantees; every domain's own tests prove each query reaches the company's store in both layouts.
  "test/fuzz.test.ts",
  // The declarations, the document, the catalogue and the source's layout: no store is opened.
  "test/architecture.test.ts",
  "test/catalogue.test.ts",
  "test/catalogue-drift.test.ts",
  "test/document.test.ts",
  "src/core/docs.test.ts",
  // Checks signatures over strings it makes: no request, no store.
  "src/core/callbacks/verify.test.ts",
  // Reads the columns of the control plane's tables (DB), which every layout migrates alike.
  "test/adding-a-domain.test.ts",
  // Migrates MIGRATION_SCRATCH, a database of its own that no layout's setup touches.
  "test/migrations.test.ts",
];
