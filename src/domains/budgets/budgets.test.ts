import { describe, expect, it } from "vitest";
import { call, slug, tenant } from "../../../test/helpers";

describe("smoke", () => {
  it("lists and creates", async () => {
    const t = await tenant();
    const created = await call("/api/v1/budgets", { key: t.key, body: { client_name: "Ana", items: [{ concept: "x", units: 1, unit_price: 10 }] } });
    expect(created.status).toBe(201);
    const list = await call("/api/v1/budgets", { key: t.key });
    expect(list.json.data).toHaveLength(1);
    expect(slug((await call("/api/v1/budgets")).json)).toBe("unauthorized");
  });
});
