import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../test/helpers";
import { homeOf } from "./routing";
import { companies } from "./schema";
import { parseBookmark } from "./session";
import { databaseFor, everyDatabase, placementOf, storeBinding, storeCount, storeOf } from "./tenancy";

const budget = { client_name: "Ana", items: [{ concept: "Work", units: 1, unit_price: 10 }] };
const D1_BOOKMARK = "0000000a-00000001-00004f8c-7d9e1b2a3c4d5e6f7a8b9c0d1e2f3a4b";

describe("the homes of statements", () => {
  it("control-plane tables go to the control plane, others to the store, a join of both is mixed", () => {
    expect(homeOf('select "id" from "companies" where "companies"."id" = ?')).toBe("control");
    expect(homeOf('insert into "api_keys" ("id") values (?)')).toBe("control");
    expect(
      homeOf('insert into "plan_prices" ("plan") values (?) on conflict ("plan") do update set "amount_micros" = ?'),
    ).toBe("control");
    expect(homeOf('select * from "budgets" where "budgets"."company_id" = ?')).toBe("tenant");
    expect(
      homeOf('insert into "batch_preconditions" ("holds") values ((EXISTS (SELECT 1 FROM "api_keys" WHERE "id" = ?)))'),
    ).toBe("control");
    expect(
      homeOf('insert into "batch_preconditions" ("holds") values ((EXISTS (SELECT 1 FROM "wallets" WHERE "id" = ?)))'),
    ).toBe("tenant");
    expect(homeOf("SELECT name FROM pragma_table_info(?1)")).toBe("tenant");
    expect(
      homeOf(
        "WITH RECURSIVE subtree(id) AS (SELECT ? UNION SELECT child.id FROM companies AS child JOIN subtree ON child.parent_company_id = subtree.id) SELECT id FROM subtree",
      ),
    ).toBe("control");
    expect(
      homeOf('select * from "companies" left join "call_settings" on "call_settings"."company_id" = "companies"."id"'),
    ).toBe("mixed");
  });
});

describe("bookmarks name their store", () => {
  it("store 0 keeps D1's own form; another store's is prefixed", () => {
    expect(parseBookmark(D1_BOOKMARK)).toEqual({ store: 0, d1: D1_BOOKMARK });
    expect(parseBookmark(`s2.${D1_BOOKMARK}`)).toEqual({ store: 2, d1: D1_BOOKMARK });
    expect(parseBookmark(`s0.${D1_BOOKMARK}`)).toBeUndefined();
    expect(parseBookmark("nope")).toBeUndefined();
  });

  it("a bookmark of another store than the caller's is 400; its own store's is read with", async () => {
    const t = await tenant();
    const store = await storeOf(env, t.companyId);
    const created = await call("/api/v1/budgets", { method: "POST", key: t.key, body: budget });
    expect(created.status).toBe(201);
    const bookmark = created.headers.get("X-D1-Bookmark")!;
    expect(parseBookmark(bookmark)?.store).toBe(store);
    expect((await call("/api/v1/budgets", { key: t.key, headers: { "X-D1-Bookmark": bookmark } })).status).toBe(200);
    const foreign = `s${store + 1}.${parseBookmark(bookmark)!.d1}`;
    const refused = await call("/api/v1/budgets", { key: t.key, headers: { "X-D1-Bookmark": foreign } });
    expect(refused.status).toBe(400);
    expect(slug(refused.json)).toBe("validation_error");
  });
});

describe("placement and the seam", () => {
  it("companies spread over the stores; a subaccount goes to its agency's store", async () => {
    // Each new company goes to a store with the fewest companies, whatever the files before this one placed.
    const companiesPerStore = async () => {
      const { results } = await env.DB.prepare(
        "SELECT store, count(*) AS companies FROM companies GROUP BY store",
      ).all<{
        store: number;
        companies: number;
      }>();
      return Array.from(
        { length: storeCount(env) },
        (_, store) => results.find((row) => row.store === store)?.companies ?? 0,
      );
    };
    for (let n = 0; n < storeCount(env) * 2; n++) {
      const before = await companiesPerStore();
      const store = await storeOf(env, (await tenant()).companyId);
      expect(before[store], `companies per store before: ${before.join(", ")}`).toBe(Math.min(...before));
    }
    const agency = await tenant({ plan: "Agency" });
    const child = await tenant({ plan: "Business", parentCompanyId: agency.companyId });
    expect(await storeOf(env, child.companyId)).toBe(await storeOf(env, agency.companyId));
    expect(await placementOf(env, agency.companyId)).toBe(await storeOf(env, agency.companyId));
  });

  it("a company's rows are written in its store only, and read back through databaseFor", async () => {
    const t = await tenant();
    const store = await storeOf(env, t.companyId);
    const created = await call("/api/v1/budgets", { method: "POST", key: t.key, body: budget });
    expect(created.status).toBe(201);
    for (let other = 0; other < storeCount(env); other++) {
      const { results } = await storeBinding(env, other)!
        .prepare("SELECT id FROM documents WHERE company_id = ?")
        .bind(t.companyId)
        .all();
      expect(results.length, `store ${other}`).toBe(other === store ? 1 : 0);
    }
    const { results } = await databaseFor(env, t.companyId)
      .$client.prepare("SELECT id FROM documents WHERE company_id = ?")
      .bind(t.companyId)
      .all();
    expect(results).toHaveLength(1);
    // The directory is in the control plane whatever the store: one row, in DB.
    expect(await db.select({ store: companies.store }).from(companies).where(eq(companies.id, t.companyId))).toEqual([
      { store },
    ]);
    expect(everyDatabase(env)).toHaveLength(storeCount(env));
  });
});
