import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { seededRandom } from "../../lib/random";
import { seedClients } from "./seed";

describe("GET /api/v1/clients", () => {
  it("lists the company's saved clients with every field, newest first, in the envelope", async () => {
    const t = await tenant();
    await seedClients(db, t.companyId, seededRandom(1), 3, Date.now());
    const response = await call("/api/v1/clients?limit=2", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ limit: 2, offset: 0 });
    expect(response.json.data).toHaveLength(2);
    expect(Object.keys(response.json.data[0]).sort()).toEqual(
      [
        "address",
        "cif",
        "country",
        "created_at",
        "email",
        "id",
        "location",
        "name",
        "phone",
        "postal_code",
        "province",
        "representative",
        "updated_at",
      ].sort(),
    );
    const [first, second] = response.json.data;
    expect(first.created_at >= second.created_at).toBe(true);
    const rest = await call("/api/v1/clients?limit=2&offset=2", { key: t.key });
    expect(rest.json.data).toHaveLength(1);
  });

  it("never shows another company's clients", async () => {
    const a = await tenant();
    const b = await tenant();
    await seedClients(db, a.companyId, seededRandom(2), 4, Date.now());
    expect((await call("/api/v1/clients", { key: b.key })).json.data).toEqual([]);
  });

  it("clamps paging", async () => {
    const u = await tenant();
    expect((await call("/api/v1/clients?limit=1000&offset=-1", { key: u.key })).json).toMatchObject({
      limit: 100,
      offset: 0,
    });
  });
});
