import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, tenant } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum } from "../../../test/wallet-operations";
import { seededRandom } from "../../lib/random";
import { seedCompany } from "../../admin/seed";
import { calls } from "../calls";
import { dialledCalls } from "./schema";

describe("the demo's dialled calls", () => {
  it("are settled through the wallet like the API's: the ledger stays a chain adding up to the balance, and each call has its calls row", async () => {
    const t = await tenant({ plan: "Business", defaultCurrency: "EUR", defaultRegion: "ES" });
    const seeded = await seedCompany(
      db,
      { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" },
      seededRandom(5),
      Date.now(),
      "full",
    );
    expect(seeded.dialled_calls).toBe(2);
    const rows = await db.select().from(dialledCalls).where(eq(dialledCalls.companyId, t.companyId));
    expect(rows).toHaveLength(2);
    const logged = await db
      .select()
      .from(calls)
      .where(
        inArray(
          calls.id,
          rows.map((row) => row.id),
        ),
      );
    expect(logged.map((row) => [row.status, row.result]).sort()).toEqual([
      ["completed", "answered"],
      ["completed", "no_answer"],
    ]);
    for (const row of logged)
      expect(row.costMinor).toBeLessThanOrEqual(rows.find((dialling) => dialling.id === row.id)!.reservedMinor);
    expect(await checkedLedgerSum(t.companyId)).toBe(await balanceOf(t.companyId));
  });
});
