import type { D1Migration } from "cloudflare:test";

// The Worker's bindings come from src/bindings.d.ts (npm run types); the tests add their own.
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** An empty database of the tests' own, for migrating step by step (test/migrations.test.ts). */
      MIGRATION_SCRATCH: D1Database;
      /** The specification's operations.json, when vitest.config.ts found it (test/catalogue-drift.test.ts). */
      SPEC_OPERATIONS_JSON?: string;
      /** This test file's fake providers' origins by provider, as JSON (test/fakes.setup.ts). */
      FAKE_PROVIDERS: string;
      /** "own" when this runtime ends with its test file, "shared" when it runs file after file (vitest.config.ts). */
      TEST_RUNTIME: "own" | "shared";
      /** Where an own runtime gives its fake providers back when its file ends (test/fakes.setup.ts). */
      FAKES_RELEASE_URL: string;
    }
  }
}
