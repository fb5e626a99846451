import { describe, expect, it } from "vitest";
import { planSets, plans } from "../../src/core/operation";
import { casesOf, label, type Kind } from "./declarations";
import { spending, surfaces, worker } from "./surfaces";
import { exampleBody } from "./world";

/**
 * The generated security suite (authentication, gates, isolation .test.ts beside this file) runs
 * as many cases of each kind as the declarations call for, counted here independently of the
 * generator, so that a generator that silently stopped generating fails; and every operation with
 * a body has an example its own schema accepts (the other-company cases need a valid body).
 */

for (const surface of surfaces) {
  const ops = surface.operations;
  const withGate = (...gates: string[]) => ops.filter((op) => gates.includes(op.gate)).length;
  const notInEveryPlan = ops.filter((op) => planSets[op.plans].length < plans.length).length;
  const expected: Record<Kind, number> = {
    unauthenticated: 3 * ops.length,
    insufficientScope: ops.length,
    // W and C have one switch each; S closes with either of its two.
    gateClosed: withGate("W", "C") + 2 * withGate("S"),
    gateOpen: ops.length,
    planRefused: notInEveryPlan,
    planGranted: notInEveryPlan,
    spendNotEnabled: withGate("S"),
    idempotencyKeyRequired: withGate("S"),
    otherCompany: ops.filter((op) => /\{([a-z_]*_)?(id|uuid)\}/.test(op.path)).length,
  };

  describe(`${surface.name}: generated security cases`, () => {
    it("are as many of each kind as the declarations call for", () => {
      const cases = casesOf(ops);
      const generated = Object.fromEntries(Object.entries(cases).map(([kind, list]) => [kind, list.length]));
      console.info(`security cases for ${surface.name} (${ops.length} operations): ${JSON.stringify(generated)}`);
      expect(generated).toEqual(expected);
    });

    it("give every operation with a request body an example its schema accepts", () => {
      const missing = ops.flatMap((op) => {
        const example = exampleBody(surface, op);
        return example && !example.valid ? [`${label(op)} (${op.operationId})`] : [];
      });
      expect(missing, "give these operations a request body example (OpenAPI example, or EXAMPLES in test/security/world.ts)").toEqual([]);
    });
  });
}

describe("coverage", () => {
  it("runs every kind, gate S included, on some surface today", () => {
    const total = (kind: Kind) => surfaces.reduce((sum, surface) => sum + casesOf(surface.operations)[kind].length, 0);
    for (const kind of Object.keys(casesOf([])) as Kind[]) expect(total(kind), kind).toBeGreaterThan(0);
    expect(casesOf(spending.operations).spendNotEnabled).toHaveLength(1);
    expect(worker.operations.length).toBeGreaterThanOrEqual(32);
  });
});
