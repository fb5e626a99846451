import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { newAgent } from "../../../test/fixtures/agents";
import { read, send } from "../../../test/fixtures/billing";
import { spendingCompany } from "../../../test/security/spend-fixtures";
import { seedDemo } from "../../admin/seed";
import { operatorAuditLog } from "../../data/schema";
import { phoneNumbers } from "./schema";

/** The operator's numbers against the Twilio fake (scripts/fakes/twilio.ts), shared by every test file. */
const twilio = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).twilio!;
const incoming = `/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/IncomingPhoneNumbers`;

async function fakeRequests(match: string): Promise<{ method: string; path: string; body: string }[]> {
  const response = await fetch(`${twilio}/__fake/requests?match=${encodeURIComponent(match)}`);
  return ((await response.json()) as { requests: { method: string; path: string; body: string }[] }).requests;
}
const script = (body: Record<string, unknown>) =>
  fetch(`${twilio}/__fake/script`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });

const rent = (companyId: string, body: Record<string, unknown> = {}) =>
  operator(`/companies/${companyId}/numbers`, { method: "POST", body });
const assign = (companyId: string, numberId: string, body: Record<string, unknown>) =>
  operator(`/companies/${companyId}/numbers/${numberId}`, { method: "PATCH", body });
const release = (companyId: string, numberId: string) =>
  operator(`/companies/${companyId}/numbers/${numberId}`, { method: "DELETE" });
const rows = (companyId: string) => db.select().from(phoneNumbers).where(eq(phoneNumbers.companyId, companyId));

/** A trunk is charged to the wallet: its company has spending enabled and a balance. */
const trunkOf = (key: string) =>
  send("POST", "/api/v1/sip-trunks", key, {
    name: "Main carrier",
    host: "sip.carrier.example",
    username: "acme",
    password: "Very-s3cret-trunk-pass",
    channels: 10,
  });

describe("POST /admin/v1/companies/{company_id}/numbers", () => {
  it("rents a number of the company's country through the provider, listed by that company only", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    const other = await tenant();
    const rented = await rent(t.companyId);
    expect(rented.status).toBe(201);
    expect(rented.json).toMatchObject({
      country: "ES",
      agent_id: null,
      trunk_id: null,
      status: "active",
      capabilities: ["voice"],
    });
    expect(rented.json.number).toMatch(/^\+3491\d{7}$/);
    expect(rented.json.provider_sid).toMatch(/^PN[0-9a-f]{32}$/);

    const bought = await fakeRequests(rented.json.number);
    expect(bought.filter((r) => r.method === "POST" && r.path === `${incoming}.json`)).toHaveLength(1);
    expect(new URLSearchParams(bought.find((r) => r.method === "POST")!.body).get("FriendlyName")).toBe(
      rented.json.number_id,
    );

    const listed = await call("/api/v1/numbers", { key: t.key });
    expect(listed.json.data.map((n: { id: string }) => n.id)).toEqual([rented.json.number_id]);
    expect(listed.json.data[0]).toMatchObject({ number: rented.json.number, country: "ES", agent_id: null });
    expect((await call("/api/v1/numbers", { key: other.key })).json.data).toEqual([]);
    const audit = await db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.companyId, t.companyId), eq(operatorAuditLog.operation, "rentNumber")));
    expect(audit).toMatchObject([{ resourceType: "phone_number", resourceId: rented.json.number_id }]);
  });

  it("rents a mobile number of another country for one of the company's agents, and refuses another company's agent", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const rented = await rent(t.companyId, { country: "GB", type: "mobile", agent_id: agent.id, name: "UK mobile" });
    expect(rented.status).toBe(201);
    expect(rented.json).toMatchObject({
      country: "GB",
      agent_id: agent.id,
      name: "UK mobile",
      capabilities: ["voice", "sms"],
    });
    expect(rented.json.number).toMatch(/^\+447\d{9}$/);
    expect((await call("/api/v1/numbers", { key: t.key })).json.data[0]).toMatchObject({ agent_id: agent.id });

    const stranger = await tenant();
    const before = (await fakeRequests(`POST ${incoming}.json`)).length;
    const refused = await rent(stranger.companyId, { agent_id: agent.id });
    expect(refused.status).toBe(404);
    expect(await rows(stranger.companyId)).toEqual([]);
    expect((await fakeRequests(`POST ${incoming}.json`)).length).toBe(before);
  });

  it("leaves no row when the provider fails the purchase, and asks it once", async () => {
    const t = await tenant();
    const before = (await fakeRequests(`POST ${incoming}.json`)).length;
    await script({ status: 500, match: `POST ${incoming}.json` });
    const failed = await rent(t.companyId, { country: "ES" });
    expect(failed.status).toBe(502);
    expect(slug(failed.json)).toBe("upstream_error");
    expect(failed.text).not.toContain(env.TWILIO_AUTH_TOKEN);
    expect(await rows(t.companyId)).toEqual([]);
    expect((await call("/api/v1/numbers", { key: t.key })).json.data).toEqual([]);
    expect((await fakeRequests(`POST ${incoming}.json`)).length).toBe(before + 1);
  });

  it("keeps a rental whose answer was lost: the provider, asked by reading, has it under the purchase's id", async () => {
    const t = await tenant();
    await fetch(`${twilio}/__fake/lose_next_rental`, { method: "POST", body: "{}" });
    const rented = await rent(t.companyId);
    expect(rented.status, rented.text).toBe(201);
    expect(rented.json).toMatchObject({ status: "active", provider_sid: expect.stringMatching(/^PN/) });
    const seen = await fakeRequests(rented.json.number);
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${incoming}.json`, `GET ${incoming}.json`]);
    expect((await call("/api/v1/numbers", { key: t.key })).json.data).toHaveLength(1);
  });

  it("answers 404 for an unknown company and 400 for an unknown member or country format", async () => {
    expect((await rent("no-such-company")).status).toBe(404);
    const t = await tenant();
    expect((await rent(t.companyId, { country: "es" })).status).toBe(400);
    expect((await rent(t.companyId, { area_code: "91" })).status).toBe(400);
    expect(await rows(t.companyId)).toEqual([]);
  });
});

describe("PATCH /admin/v1/companies/{company_id}/numbers/{number_id}", () => {
  it("gives the number to an agent, routes it through a trunk, and takes both back", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const number = (await rent(t.companyId)).json;
    const { agent } = await newAgent(t.companyId);

    const given = await assign(t.companyId, number.number_id, { agent_id: agent.id });
    expect(given.status).toBe(200);
    expect(given.json).toMatchObject({ agent_id: agent.id, trunk_id: null });
    expect((await call("/api/v1/numbers", { key: t.key })).json.data[0].agent_id).toBe(agent.id);

    const trunk = await trunkOf(t.key);
    expect(trunk.status, trunk.text).toBe(201);
    const routed = await assign(t.companyId, number.number_id, { trunk_id: trunk.json.id });
    expect(routed.json).toMatchObject({ agent_id: agent.id, trunk_id: trunk.json.id });
    expect((await read("/api/v1/sip-trunks", t.key)).json.data[0].numbers).toBe(1);
    // Routed through it, the trunk cannot be deleted.
    expect((await send("DELETE", `/api/v1/sip-trunks/${trunk.json.id}`, t.key)).status).toBe(409);
    expect((await assign(t.companyId, number.number_id, { trunk_id: null })).json.trunk_id).toBeNull();
    const cleared = await assign(t.companyId, number.number_id, { agent_id: null });
    expect(cleared.json.agent_id).toBeNull();
  });

  it("answers 404 for another company's number, agent or trunk, and changes nothing", async () => {
    const t = await tenant();
    const other = await tenant();
    const number = (await rent(t.companyId)).json;
    const foreignNumber = (await rent(other.companyId)).json;
    const { agent: foreignAgent } = await newAgent(other.companyId);

    expect((await assign(t.companyId, foreignNumber.number_id, { agent_id: null })).status).toBe(404);
    expect((await assign(t.companyId, number.number_id, { agent_id: foreignAgent.id })).status).toBe(404);
    const unknownTrunk = await assign(t.companyId, number.number_id, { trunk_id: crypto.randomUUID() });
    expect(unknownTrunk.status).toBe(404);
    expect(unknownTrunk.json.detail).toMatch(/SIP trunk/);
    expect(await rows(t.companyId)).toMatchObject([{ agentId: null }]);
  });
});

describe("DELETE /admin/v1/companies/{company_id}/numbers/{number_id}", () => {
  it("releases the number at the provider, then removes it", async () => {
    const t = await tenant();
    const number = (await rent(t.companyId)).json;
    const released = await release(t.companyId, number.number_id);
    expect(released.status).toBe(200);
    expect(released.json).toMatchObject({
      number_id: number.number_id,
      number: number.number,
      provider_sid: number.provider_sid,
    });
    expect(await fakeRequests(`DELETE ${incoming}/${number.provider_sid}.json`)).toHaveLength(1);
    expect(await rows(t.companyId)).toEqual([]);
    expect((await call("/api/v1/numbers", { key: t.key })).json.data).toEqual([]);
    expect((await release(t.companyId, number.number_id)).status).toBe(404);
  });

  it("keeps the number when the provider fails the release, and refuses another company's number", async () => {
    const t = await tenant();
    const other = await tenant();
    const number = (await rent(t.companyId)).json;
    expect((await release(other.companyId, number.number_id)).status).toBe(404);
    await script({ status: 503, match: `DELETE ${incoming}/${number.provider_sid}.json` });
    const failed = await release(t.companyId, number.number_id);
    expect(failed.status).toBe(502);
    expect(await rows(t.companyId)).toHaveLength(1);
    // The operator's retry releases it.
    expect((await release(t.companyId, number.number_id)).status).toBe(200);
    expect(await rows(t.companyId)).toEqual([]);
  });

  it("removes a number the provider no longer has (404 20404 there counts as released)", async () => {
    const t = await tenant();
    const number = (await rent(t.companyId)).json;
    const gone = `PN${"0".repeat(32)}`;
    await db.update(phoneNumbers).set({ providerSid: gone }).where(eq(phoneNumbers.id, number.number_id));
    const released = await release(t.companyId, number.number_id);
    expect(released.status).toBe(200);
    expect(released.json.provider_sid).toBe(gone);
    expect(await rows(t.companyId)).toEqual([]);
  });

  it("releases a purchase cut short (a pending row) by finding the number at the provider", async () => {
    const t = await tenant();
    const number = (await rent(t.companyId)).json;
    await db
      .update(phoneNumbers)
      .set({ status: "pending", providerSid: null })
      .where(eq(phoneNumbers.id, number.number_id));
    expect((await call("/api/v1/numbers", { key: t.key })).json.data).toEqual([]);
    expect((await assign(t.companyId, number.number_id, { agent_id: null })).status).toBe(409);
    const released = await release(t.companyId, number.number_id);
    expect(released.status).toBe(200);
    expect(released.json.provider_sid).toBe(number.provider_sid);
    expect(await fakeRequests(`DELETE ${incoming}/${number.provider_sid}.json`)).toHaveLength(1);
    expect(await rows(t.companyId)).toEqual([]);
  });
});

describe("the bulk loader's demo", () => {
  it("routes the demo company's main line through its first SIP trunk (trunks are seeded before numbers)", async () => {
    const demo = await seedDemo(
      db,
      Date.now(),
      { attachments: env.ATTACHMENTS },
      env.WEBHOOK_SECRET_KEY,
      env.API_KEY_CHECK_SECRET,
    );
    const numbers = await db.select().from(phoneNumbers).where(eq(phoneNumbers.companyId, demo.company_id));
    const routed = await Promise.all(
      numbers.map(async (n) => (await operator(`/companies/${demo.company_id}/numbers/${n.id}`)).json.trunk_id),
    );
    expect(routed.filter((trunk) => trunk !== null)).toHaveLength(1);
  });
});
