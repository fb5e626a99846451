import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, operator, slug } from "../../../test/helpers";
import { teamInvites, teamMembers } from "../team/schema";
import { agency, childOf, get, send } from "../../../test/fixtures/agency";
import { balanceOf, fund, ledgerOf } from "../../../test/wallet-operations";

/** The packaging gates an agency sets on a subaccount, enforced where the subaccount buys and admits people. */

const packaging = (agencyKey: string, subaccountId: string, gates: Record<string, boolean>) =>
  send("PATCH", `/api/v1/subaccounts/${subaccountId}/packaging`, agencyKey, gates);
const addons = async (key: string) =>
  (await get("/api/v1/billing/addons", key)).json.data as { type: string; available: boolean; hired: boolean }[];
const hire = (key: string, type = "extra_concurrent_calls") =>
  send("POST", "/api/v1/billing/addons", key, { addon_type: type });
const changePlan = (key: string) =>
  send("POST", "/api/v1/billing/subscription", key, { plan: "Business", cycle: "monthly" });
const invite = (companyId: string, email = `${crypto.randomUUID().slice(0, 8)}@example.com`) =>
  operator(`/companies/${companyId}/team/invites`, { method: "POST", body: { email } });
/** Invites hold seats: the companies that invite contract a few first. */
const contractSeats = (companyId: string) =>
  operator(`/companies/${companyId}/team/seats`, { method: "PUT", body: { contracted: 5 } });
const accept = (companyId: string, inviteId: string) =>
  operator(`/companies/${companyId}/team/invites/${inviteId}/accept`, {
    method: "POST",
    body: { name: "Lucía García" },
  });

const invitesOf = (companyId: string) => db.select().from(teamInvites).where(eq(teamInvites.companyId, companyId));

/** An agency with a funded subaccount on Starter, and the subaccount's key. */
async function funded() {
  const a = await agency();
  const client = await childOf(a.companyId, "Starter");
  await fund(client.companyId, 50_000);
  return { agencyKey: a.key, ...client };
}

describe("packaging gates", () => {
  it("hide_addons: the list shows none available, hiring is 403 not_offered naming the gate, nothing charged", async () => {
    const t = await funded();
    expect((await addons(t.key)).some((addon) => addon.available)).toBe(true);
    expect((await packaging(t.agencyKey, t.companyId, { hide_addons: true })).status).toBe(200);
    const listed = await addons(t.key);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((addon) => !addon.available && !addon.hired)).toBe(true);
    const refused = await hire(t.key);
    expect(refused.status, refused.text).toBe(403);
    expect(slug(refused.json)).toBe("not_offered");
    expect(refused.json.gate).toBe("hide_addons");
    expect(refused.json.detail).toContain("hide_addons");
    expect(await balanceOf(t.companyId)).toBe(50_000);
    expect(await ledgerOf(t.companyId)).toHaveLength(1);
    // The agency opens it again: the subaccount hires.
    await packaging(t.agencyKey, t.companyId, { hide_addons: false });
    expect((await hire(t.key)).status).toBe(201);
  });

  it("hide_plans: a plan change is 403 not_offered naming the gate; the add-ons stay offered", async () => {
    const t = await funded();
    await packaging(t.agencyKey, t.companyId, { hide_plans: true });
    const refused = await changePlan(t.key);
    expect(refused.status, refused.text).toBe(403);
    expect(slug(refused.json)).toBe("not_offered");
    expect(refused.json.gate).toBe("hide_plans");
    expect(await balanceOf(t.companyId)).toBe(50_000);
    expect((await addons(t.key)).some((addon) => addon.available)).toBe(true);
  });

  it("hide_plans: cancelling the plan is 403 not_offered too; the subscription stays; open again, the cancel goes through", async () => {
    const t = await funded();
    expect((await changePlan(t.key)).status).toBe(201);
    await packaging(t.agencyKey, t.companyId, { hide_plans: true });
    const refused = await send("DELETE", "/api/v1/billing/subscription", t.key);
    expect(refused.status, refused.text).toBe(403);
    expect(slug(refused.json)).toBe("not_offered");
    expect(refused.json.gate).toBe("hide_plans");
    expect((await get("/api/v1/billing/subscription", t.key)).json).toMatchObject({ cancel_at_period_end: false });
    await packaging(t.agencyKey, t.companyId, { hide_plans: false });
    const cancelled = await send("DELETE", "/api/v1/billing/subscription", t.key);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toMatchObject({ cancel_at_period_end: true });
  });

  it("allow_signup off (the default of a subaccount): no invite is made or accepted; on, the invitee joins", async () => {
    const t = await funded();
    expect((await contractSeats(t.companyId)).status).toBe(200);
    const closed = await invite(t.companyId);
    expect(closed.status, closed.text).toBe(403);
    expect(slug(closed.json)).toBe("not_offered");
    expect(closed.json.gate).toBe("allow_signup");
    expect(await invitesOf(t.companyId)).toEqual([]);

    await packaging(t.agencyKey, t.companyId, { allow_signup: true });
    const made = await invite(t.companyId, "Ana@Example.com");
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ email: "ana@example.com", status: "pending", role: null });
    // Closing the gate also stops an invite already sent.
    await packaging(t.agencyKey, t.companyId, { allow_signup: false });
    expect(slug((await accept(t.companyId, made.json.id)).json)).toBe("not_offered");
    await packaging(t.agencyKey, t.companyId, { allow_signup: true });
    const joined = await accept(t.companyId, made.json.id);
    expect(joined.status, joined.text).toBe(201);
    expect(joined.json).toMatchObject({
      name: "Lucía García",
      email: "ana@example.com",
      handle: "lucia.garcia",
      status: "active",
    });
    expect((await accept(t.companyId, made.json.id)).status).toBe(404);
    expect(await invitesOf(t.companyId)).toMatchObject([{ id: made.json.id, status: "accepted" }]);
    expect(await db.select().from(teamMembers).where(eq(teamMembers.companyId, t.companyId))).toMatchObject([
      { id: joined.json.id, email: "ana@example.com" },
    ]);
  });

  it("the same company without gates, and a company no agency packages, buy and invite", async () => {
    const t = await funded();
    expect((await hire(t.key)).status).toBe(201);
    expect((await changePlan(t.key)).status).toBe(201);
    const a = await agency();
    await fund(a.companyId, 50_000);
    expect((await contractSeats(a.companyId)).status).toBe(200);
    expect((await invite(a.companyId)).status).toBe(201);
    expect((await hire(a.key, "priority_support")).status).toBeLessThan(300);
  });
});
