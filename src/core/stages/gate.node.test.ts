import { describe, expect, it, vi } from "vitest";
import type { Config } from "../../config";
import { ApiError } from "../../lib/errors";
import type { Gate } from "../operation";
import { flowOf, passed, refusal } from "../../../test/fixtures/stages";
import { gate, gateOpen } from "./gate";

type Switches = Pick<Config, "writeEnabled" | "spendEnabled" | "conversationsEnabled">;
const configWith = (switches: Partial<Switches>) =>
  ({ writeEnabled: false, spendEnabled: false, conversationsEnabled: false, ...switches }) as Config;

describe("gateOpen", () => {
  it("A is always open; W needs writes; C conversations; S both writes and spending", () => {
    const cases: [Gate, Partial<Switches>, boolean][] = [
      ["A", {}, true],
      ["W", {}, false],
      ["W", { writeEnabled: true }, true],
      ["C", { writeEnabled: true }, false],
      ["C", { conversationsEnabled: true }, true],
      ["S", { writeEnabled: true }, false],
      ["S", { spendEnabled: true }, false],
      ["S", { writeEnabled: true, spendEnabled: true }, true],
    ];
    for (const [gateName, switches, open] of cases)
      expect(gateOpen(gateName, configWith(switches)), `${gateName} ${JSON.stringify(switches)}`).toBe(open);
  });
});

describe("the gate stage", () => {
  it("answers a closed gate 404 not_found, as no such path, and the stages after it never run (no key is looked at)", async () => {
    const next = vi.fn(passed);
    const refused = await refusal(gate(flowOf({ method: "post", gate: "W" }, { config: configWith({}) }), next));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ slug: "not_found", detail: "No such path." });
    expect((refused as ApiError).status).toBe(404);
    expect(next).not.toHaveBeenCalled();
  });

  it("passes an open gate to the stages after it, and returns their answer", async () => {
    const next = vi.fn(passed);
    const answer = await gate(
      flowOf({ method: "post", gate: "S" }, { config: configWith({ writeEnabled: true, spendEnabled: true }) }),
      next,
    );
    expect(next).toHaveBeenCalledOnce();
    expect(answer).toEqual(await passed());
  });
});
