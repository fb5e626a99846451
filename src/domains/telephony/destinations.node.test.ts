import { describe, expect, it } from "vitest";
import { destinations } from "./destinations";

describe("callable destinations", () => {
  it("are in the English alphabetical order of their names (sorted without a collator at start-up)", () => {
    const names = destinations.map((destination) => destination.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});
