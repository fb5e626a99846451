import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import catalogueFile from "../spec/catalogue.json";
import extensionsFile from "../spec/extensions.json";
import { buildCatalogue } from "../scripts/lib/catalogue";

/**
 * spec/catalogue.json is written from the specification's operations.json and spec/extensions.json
 * (npm run catalogue).
 * When that file is at hand, vitest.config.ts passes its text in (SPEC_OPERATIONS_JSON names it),
 * and this test checks that the committed
 * catalogue still equals what the specification gives. A clone with nothing beside it skips it.
 */
it("spec/catalogue.json equals the catalogue written from the specification's operations.json", (context) => {
  const specification = env.SPEC_OPERATIONS_JSON;
  if (specification === undefined) {
    const reason = "no specification to compare with: SPEC_OPERATIONS_JSON is unset";
    // Printed as well: the default reporter shows a skipped test's note only in verbose mode.
    console.warn(`skipped: ${reason}`);
    return context.skip(reason);
  }
  const expected = buildCatalogue(JSON.parse(specification) as unknown, extensionsFile);
  expect(catalogueFile.operations.map((op) => `${op.method} ${op.path}`)).toEqual(
    expected.operations.map((op) => `${op.method} ${op.path}`),
  );
  expect(catalogueFile, "run: npm run catalogue -- <operations.json>").toEqual(expected);
});
