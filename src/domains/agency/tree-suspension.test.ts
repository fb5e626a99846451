import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statusCounts } from "../../../test/concurrency";
import { db, operator, slug } from "../../../test/helpers";
import { companies, operatorAuditLog } from "../../data/schema";
import { agency, childOf, get, send } from "../../../test/fixtures/agency";

/** Suspensions of whole subtrees, and their exact reversal, through the agency's PATCH and the operator API. */

const setStatus = (key: string, id: string, status: string) =>
  send("PATCH", `/api/v1/agency/subaccounts/${id}`, key, { status });
const works = async (key: string) => (await get("/api/v1/contacts", key)).status;

/** agency > a > b > c, and a > d: four levels below the agency's own. */
async function chain() {
  const top = await agency();
  const a = await childOf(top.companyId, "Agency");
  const b = await childOf(a.companyId, "Agency");
  const c = await childOf(b.companyId);
  const d = await childOf(a.companyId);
  return { top, a, b, c, d };
}

async function statuses(ids: string[]) {
  const rows = await db
    .select({ id: companies.id, status: companies.status, suspendedBy: companies.suspendedBy })
    .from(companies)
    .where(inArray(companies.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row]));
}

describe("suspending a subtree", () => {
  it("suspends every account below, at any depth, and their keys answer 401 at once; reactivation restores exactly what it suspended", async () => {
    const t = await chain();
    // c was suspended on its own first: it stays suspended through a's suspension and reactivation.
    expect((await setStatus(t.top.key, t.c.companyId, "suspended")).status).toBe(200);

    const suspended = await setStatus(t.top.key, t.a.companyId, "suspended");
    expect(suspended.status).toBe(200);
    expect(suspended.json).toMatchObject({ id: t.a.companyId, status: "suspended" });
    for (const account of [t.a, t.b, t.c, t.d]) expect(await works(account.key)).toBe(401);
    expect(await works(t.top.key)).toBe(200);
    const during = await statuses([t.a.companyId, t.b.companyId, t.c.companyId, t.d.companyId]);
    expect(during[t.b.companyId]).toMatchObject({ status: "suspended", suspendedBy: t.a.companyId });
    expect(during[t.c.companyId]).toMatchObject({ status: "suspended", suspendedBy: t.c.companyId });

    // b is held by a's suspension: activating it alone is 409, saying which suspension holds it.
    const held = await setStatus(t.top.key, t.b.companyId, "active");
    expect(held.status).toBe(409);
    expect(held.json).toMatchObject({ status: 409, subaccount_status: "suspended", suspended_by: t.a.companyId });
    const heldAgain = await setStatus(t.top.key, t.b.companyId, "suspended");
    expect(heldAgain.json).toMatchObject({ status: 409, subaccount_status: "suspended", suspended_by: t.a.companyId });

    const active = await setStatus(t.top.key, t.a.companyId, "active");
    expect(active.status).toBe(200);
    for (const account of [t.a, t.b, t.d]) expect(await works(account.key)).toBe(200);
    expect(await works(t.c.key)).toBe(401);
    expect((await get(`/api/v1/subaccounts/${t.c.companyId}`, t.top.key)).json.status).toBe("suspended");
    expect((await setStatus(t.top.key, t.c.companyId, "active")).status).toBe(200);
    expect(await works(t.c.key)).toBe(200);
  });

  it("concurrent suspensions and reactivations of nested accounts end consistent: everything active after both reactivations", async () => {
    for (let round = 0; round < 3; round++) {
      const t = await chain();
      const ids = [t.a.companyId, t.b.companyId, t.c.companyId, t.d.companyId];
      const suspensions = await Promise.all([
        setStatus(t.top.key, t.a.companyId, "suspended"),
        setStatus(t.top.key, t.b.companyId, "suspended"),
        setStatus(t.top.key, t.a.companyId, "suspended"),
      ]);
      const counts = statusCounts(suspensions);
      expect(counts[200], JSON.stringify(counts)).toBeGreaterThanOrEqual(1);
      expect(suspensions[0]!.status + suspensions[2]!.status).toBe(200 + 409);
      // Each suspended account is held by a suspension that exists: its suspender is suspended by itself, and above or equal to it.
      const during = await statuses(ids);
      for (const id of ids) {
        const row = during[id]!;
        expect(row.status).toBe("suspended");
        expect([t.a.companyId, t.b.companyId]).toContain(row.suspendedBy);
        expect(during[row.suspendedBy!]!.suspendedBy).toBe(row.suspendedBy);
      }
      // Reactivate every suspender at once (b first would be 409 if a holds it): afterwards nothing is suspended.
      const suspenders = [...new Set(Object.values(during).map((row) => row.suspendedBy!))];
      const reactivations = await Promise.all(
        [...suspenders, ...suspenders].map((id) => setStatus(t.top.key, id, "active")),
      );
      expect(statusCounts(reactivations)).toEqual({ 200: suspenders.length, 409: suspenders.length });
      const after = await statuses(ids);
      for (const id of ids) expect(after[id]).toMatchObject({ status: "active", suspendedBy: null });
      for (const account of [t.a, t.b, t.c, t.d]) expect(await works(account.key)).toBe(200);
    }
  });
});

describe("operator suspensions: POST /admin/v1/companies/{company_id}/suspend and /reactivate", () => {
  it("suspend a top agency: its whole tree is locked out; reactivate restores exactly it; both audited; 409 and 404 as problems", async () => {
    const t = await chain();
    await setStatus(t.top.key, t.d.companyId, "suspended");
    const suspended = await operator(`/companies/${t.top.companyId}/suspend`, { method: "POST" });
    expect(suspended.status).toBe(200);
    expect(suspended.json).toMatchObject({
      company: { company_id: t.top.companyId, status: "suspended", suspended_by: t.top.companyId },
      accounts_changed: 4,
    });
    for (const account of [t.top, t.a, t.b, t.c, t.d]) expect(await works(account.key)).toBe(401);

    const again = await operator(`/companies/${t.top.companyId}/suspend`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ status: 409, subaccount_status: "suspended" });
    const held = await operator(`/companies/${t.b.companyId}/reactivate`, { method: "POST" });
    expect(held.status).toBe(409);
    expect(held.json).toMatchObject({ status: 409, subaccount_status: "suspended", suspended_by: t.top.companyId });
    const unknown = await operator(`/companies/${crypto.randomUUID()}/suspend`, { method: "POST" });
    expect(unknown.status).toBe(404);

    const reactivated = await operator(`/companies/${t.top.companyId}/reactivate`, { method: "POST" });
    expect(reactivated.status).toBe(200);
    expect(reactivated.json).toMatchObject({ company: { status: "active", suspended_by: null }, accounts_changed: 4 });
    for (const account of [t.top, t.a, t.b, t.c]) expect(await works(account.key)).toBe(200);
    expect(await works(t.d.key)).toBe(401);

    const audit = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.companyId, t.top.companyId));
    expect(audit.map((entry) => entry.operation).sort()).toEqual(["reactivateCompany", "suspendCompany"]);
  });

  it("two operator suspensions at once: one 200, one 409", async () => {
    const t = await chain();
    const outcomes = await Promise.all(
      [1, 2].map(() => operator(`/companies/${t.a.companyId}/suspend`, { method: "POST" })),
    );
    expect(statusCounts(outcomes)).toEqual({ 200: 1, 409: 1 });
    const refused = outcomes.find((outcome) => outcome.status === 409)!;
    expect(slug(refused.json)).toBe("conflict");
    expect(refused.json.subaccount_status).toBe("suspended");
  });
});

describe("PUT /admin/v1/companies/{company_id}/agency-price", () => {
  it("sets the setup price the agency's next creation debits; invalid amounts and unknown members are 400, an unknown company 404", async () => {
    const a = await agency();
    const set = await operator(`/companies/${a.companyId}/agency-price`, {
      method: "PUT",
      body: { setup_price: 12.5 },
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ company_id: a.companyId, setup_price: 12.5, currency: "EUR" });
    expect(
      (await operator(`/companies/${a.companyId}/agency-price`, { method: "PUT", body: { setup_price: 1.005 } }))
        .status,
    ).toBe(400);
    expect(
      (await operator(`/companies/${a.companyId}/agency-price`, { method: "PUT", body: { setup_price: -1 } })).status,
    ).toBe(400);
    expect(
      (
        await operator(`/companies/${a.companyId}/agency-price`, {
          method: "PUT",
          body: { setup_price: 1, currency: "USD" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await operator(`/companies/${crypto.randomUUID()}/agency-price`, { method: "PUT", body: { setup_price: 1 } }))
        .status,
    ).toBe(404);
  });
});
