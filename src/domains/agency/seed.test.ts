import { describe, expect, it } from "vitest";
import { db, tenant } from "../../../test/helpers";
import { seededRandom } from "../../lib/random";
import { get } from "../../../test/fixtures/agency";
import { seedAgencyDomain } from "./seed";

describe("the agency seed", () => {
  it("gives a full-scale company a channel the API shows: three subaccounts (one suspended), branded, with calls and spend; a second seed gets its own domains", async () => {
    const seeded = [];
    for (const seed of [1, 2]) {
      const t = await tenant({ plan: "Business", capabilities: ["agency", "white_label"], defaultCurrency: "EUR" });
      const counts = await seedAgencyDomain({
        db,
        company: { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" },
        random: seededRandom(seed),
        now: Date.now(),
        scale: "full",
      });
      expect(counts).toMatchObject({ subaccounts: 3, subaccount_calls: expect.any(Number) });
      seeded.push(t);
    }
    for (const t of seeded) {
      const list = (await get("/api/v1/subaccounts", t.key)).json.data as {
        id: string;
        status: string;
        owner_email: string;
      }[];
      expect(list.map((s) => s.status).sort()).toEqual(["active", "active", "suspended"]);
      expect(list.every((s) => s.owner_email.includes("@"))).toBe(true);
      const brandings = await Promise.all(
        list.map(async (s) => (await get(`/api/v1/subaccounts/${s.id}/branding`, t.key)).json),
      );
      expect(brandings.filter((b) => b.custom_domain_verified)).toHaveLength(1);
      const stats = (await get("/api/v1/agency/stats", t.key)).json;
      expect(stats.subaccounts).toMatchObject({ total: 3, active: 2, suspended: 1 });
      expect(stats.calls).toBeGreaterThan(0);
      expect(stats.spend).toEqual([{ currency: "EUR", amount: expect.any(Number) }]);
    }
    const small = await tenant();
    expect(
      await seedAgencyDomain({
        db,
        company: { id: small.companyId, currency: "EUR", vatRate: 21, region: "ES" },
        random: seededRandom(3),
        now: Date.now(),
        scale: "small",
      }),
    ).toEqual({});
  });
});
