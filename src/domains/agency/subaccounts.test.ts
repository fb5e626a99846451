import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statusCounts } from "../../../test/concurrency";
import { db, slug } from "../../../test/helpers";
import { balanceOf, fund, ledgerOf } from "../../../test/wallet-operations";
import { auditLog, companies } from "../../data/schema";
import { agency, childOf, get, keyFor, send } from "../../../test/fixtures/agency";
import { setAgencyPrice } from "./panel";

const create = (key: string, body: unknown, idempotencyKey?: string) =>
  send("POST", "/api/v1/agency/subaccounts", key, body, idempotencyKey);
const input = (n: number | string, extra: Record<string, unknown> = {}) => ({
  name: `Client ${n} SL`,
  plan: "Business",
  owner_email: `owner${n}@client.example`,
  ...extra,
});

describe("POST /api/v1/agency/subaccounts", () => {
  it("creates an active client company under the caller, inheriting its region, currency and VAT rate; no setup price, no charge", async () => {
    const a = await agency();
    const response = await create(a.key, input(1, { owner_email: "Owner1@Client.Example" }));
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      name: "Client 1 SL",
      plan: "Business",
      status: "active",
      owner_email: "owner1@client.example",
      agency_id: a.companyId,
      setup_charge: null,
    });
    const stored = await db.select().from(companies).where(eq(companies.id, response.json.id)).get();
    expect(stored).toMatchObject({
      parentCompanyId: a.companyId,
      plan: "Business",
      status: "active",
      defaultCurrency: "EUR",
      spendEnabled: false,
      capabilities: [],
    });
    expect((await get(`/api/v1/subaccounts/${response.json.id}`, a.key)).json).toEqual({
      ...response.json,
      setup_charge: undefined,
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.operation, "createSubaccount")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ resourceType: "subaccount", resourceId: response.json.id });
  });

  it("debits the agency's setup price in the same transaction, with its ledger entry; a retry with the same key charges nothing more", async () => {
    const a = await agency();
    await fund(a.companyId, 10_000);
    await setAgencyPrice(db, a.companyId, { setupPrice: "49.90" });
    const key = crypto.randomUUID();
    const first = await create(a.key, input(2), key);
    expect(first.status).toBe(201);
    expect(first.json.setup_charge).toMatchObject({ amount: 49.9, currency: "EUR" });
    expect(await balanceOf(a.companyId)).toBe(10_000 - 4_990);
    const ledger = await ledgerOf(a.companyId);
    expect(ledger.at(-1)).toMatchObject({
      id: first.json.setup_charge.transaction_id,
      kind: "charge",
      amountMinor: -4_990,
      referenceType: "subaccount",
      referenceId: first.json.id,
    });

    const retry = await create(a.key, input(2), key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.json).toEqual(first.json);
    expect(await balanceOf(a.companyId)).toBe(10_000 - 4_990);
    expect((await get("/api/v1/subaccounts", a.key)).json.data).toHaveLength(1);
  });

  it("a balance that does not cover the setup price is 409 with the amounts, and nothing is created or charged", async () => {
    const a = await agency();
    await fund(a.companyId, 1_000);
    await setAgencyPrice(db, a.companyId, { setupPrice: "25" });
    const response = await create(a.key, input(3));
    expect(response.status).toBe(409);
    expect(slug(response.json)).toBe("conflict");
    expect(response.json).toMatchObject({ amount_minor: 2_500, balance_minor: 1_000, currency: "EUR" });
    expect(await balanceOf(a.companyId)).toBe(1_000);
    expect((await get("/api/v1/subaccounts", a.key)).json.data).toEqual([]);
  });

  it("twenty concurrent creations that together exceed the balance: the ones that fit succeed, the ledger sums to the balance", async () => {
    const a = await agency();
    await fund(a.companyId, 10_000);
    await setAgencyPrice(db, a.companyId, { setupPrice: "15" });
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, n) => create(a.key, input(`race${n}`))));
    expect(statusCounts(outcomes)).toEqual({ 201: 6, 409: 14 });
    expect(await balanceOf(a.companyId)).toBe(10_000 - 6 * 1_500);
    const ledger = await ledgerOf(a.companyId);
    expect(ledger.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBe(await balanceOf(a.companyId));
    expect((await get("/api/v1/subaccounts", a.key)).json.data).toHaveLength(6);
  });

  it("one owner email per subaccount in the agency's tree (case-insensitive): 409 naming the existing one, races too; another agency may reuse it", async () => {
    const a = await agency();
    const first = await create(a.key, input(4));
    const again = await create(a.key, input("4b", { owner_email: "OWNER4@client.example" }));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ existing_subaccount_id: first.json.id });

    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, n) => create(a.key, input(`same${n}`, { owner_email: "same@client.example" }))),
    );
    expect(statusCounts(racing)).toEqual({ 201: 1, 409: 4 });

    const other = await agency();
    expect((await create(other.key, input(4))).status).toBe(201);
  });

  it("refuses a plan above the agency's own, and invalid input, with 400 naming the field", async () => {
    const a = await agency("Agency");
    const above = await create(a.key, input(5, { plan: "Enterprise" }));
    expect(above.status).toBe(400);
    expect(above.json.errors).toEqual([{ path: "body.plan", message: expect.stringContaining("Agency") }]);
    expect((await create(a.key, input(6, { plan: "Agency" }))).status).toBe(201);
    const invalid = await create(a.key, { name: "", plan: "Gold", owner_email: "not-an-email", extra: 1 });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "body.extra",
      "body.name",
      "body.owner_email",
      "body.plan",
    ]);
  });
});

describe("GET /api/v1/subaccounts", () => {
  it("lists newest first with status and name filters (case-insensitive, % and _ literal); an invalid status is 400", async () => {
    const a = await agency();
    const names = ["Dental Norte", "Gym 100%", "Dental Sur", "Gym_Centro"];
    const made = [];
    for (const [n, name] of names.entries()) {
      made.push(await childOf(a.companyId, "Starter", name));
      // Distinct creation times, so that newest first is one order.
      await db
        .update(companies)
        .set({ createdAt: `2026-01-0${n + 1}T00:00:00.000Z` })
        .where(eq(companies.id, made[n]!.companyId));
    }
    await db.update(companies).set({ status: "suspended" }).where(eq(companies.id, made[2]!.companyId));
    const ids = (response: Awaited<ReturnType<typeof get>>) => response.json.data.map((s: { name: string }) => s.name);

    expect(ids(await get("/api/v1/subaccounts", a.key))).toEqual([...names].reverse());
    expect(ids(await get("/api/v1/subaccounts?search=dental", a.key))).toEqual(["Dental Sur", "Dental Norte"]);
    expect(ids(await get("/api/v1/subaccounts?search=%25", a.key))).toEqual(["Gym 100%"]);
    expect(ids(await get("/api/v1/subaccounts?search=_", a.key))).toEqual(["Gym_Centro"]);
    // D1 refuses LIKE patterns over 50 bytes: the longest search the document allows, full of
    // characters LIKE would escape, still answers.
    for (const search of ["x".repeat(100), "%_".repeat(50), "\\%".repeat(33)]) {
      const long = await get(`/api/v1/subaccounts?search=${encodeURIComponent(search)}`, a.key);
      expect([long.status, long.json.data], search).toEqual([200, []]);
    }
    expect(ids(await get("/api/v1/subaccounts?status=suspended", a.key))).toEqual(["Dental Sur"]);
    expect(ids(await get("/api/v1/subaccounts?status=active&limit=2&offset=1", a.key))).toEqual([
      "Gym 100%",
      "Dental Norte",
    ]);
    const invalid = await get("/api/v1/subaccounts?status=deleted", a.key);
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors[0].path).toBe("query.status");
  });

  it("a subaccount's own key cannot list its agency's tree, even with the agency plan: it sees only its own subaccounts", async () => {
    const a = await agency();
    const sub = await childOf(a.companyId, "Agency");
    await childOf(a.companyId);
    const subKey = await keyFor(sub.companyId);
    expect((await get("/api/v1/subaccounts", subKey.key)).json.data).toEqual([]);
  });
});
