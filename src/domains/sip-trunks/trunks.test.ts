import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staggered, statusCounts } from "../../../test/concurrency";
import { db, operator, slug } from "../../../test/helpers";
import { companyRows } from "../../../test/security/world";
import { auditEntries, balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import { dnsRecords } from "../../../test/fixtures/agency";
import { read, send } from "../../../test/fixtures/billing";
import { spendingCompany } from "../../../test/security/spend-fixtures";
import { phoneNumbers } from "../telephony";
import { openPassword } from "./crypto";
import { trunkPageStatement } from "./queries";
import { sipTrunks } from "./schema";

const PASSWORD = "Very-s3cret-trunk-pass";
const trunk = (fields: Record<string, unknown> = {}) => ({
  name: "Main carrier",
  host: "sip.carrier.example",
  username: "acme",
  password: PASSWORD,
  channels: 10,
  ...fields,
});
const create = (key: string, body: unknown) => send("POST", "/api/v1/sip-trunks", key, body);
const stored = (id: string) => db.select().from(sipTrunks).where(eq(sipTrunks.id, id)).get();

describe("POST /sip-trunks", () => {
  it("a host whose name resolves to a loopback, private or metadata address is 400 naming body.host, on create and on change; nothing charged", async () => {
    const t = await spendingCompany({ balanceMinor: 100_000 });
    const rebound = `sip-${crypto.randomUUID().slice(0, 8)}.carrier.example`;
    await dnsRecords(rebound, { type: "A", data: ["127.0.0.1"] });
    const metadata = `sip-${crypto.randomUUID().slice(0, 8)}.carrier.example`;
    await dnsRecords(metadata, { type: "A", data: ["169.254.169.254"] });
    const refused = await create(t.key, trunk({ host: rebound }));
    expect([refused.status, refused.json.errors?.[0]?.path]).toEqual([400, "body.host"]);
    expect(await balanceOf(t.companyId)).toBe(100_000);

    const made = await create(t.key, trunk());
    expect(made.status, made.text).toBe(201);
    const changed = await send("PATCH", `/api/v1/sip-trunks/${made.json.id}`, t.key, { host: metadata });
    expect([changed.status, changed.json.errors?.[0]?.path]).toEqual([400, "body.host"]);
    expect(await stored(made.json.id)).toMatchObject({ host: "sip.carrier.example", version: 1 });
  });

  it("without the at-rest key (WEBHOOK_SECRET_KEY): 503 integration_not_configured naming it, nothing charged", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const response = await send("POST", "/api/v1/sip-trunks", t.key, trunk(), {
      vars: { WEBHOOK_SECRET_KEY: undefined },
    });
    expect([response.status, slug(response.json), response.json.detail]).toEqual([
      503,
      "integration_not_configured",
      "Stored secrets cannot be encrypted on this deployment (WEBHOOK_SECRET_KEY is not set).",
    ]);
    expect(await balanceOf(t.companyId)).toBe(10_000);
  });

  it("creates the trunk, charges its monthly price in the same batch, and keeps the password only sealed", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const response = await create(t.key, trunk({ transport: "tls", caller_id: "+34912345678" }));
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({
      name: "Main carrier",
      host: "sip.carrier.example",
      port: 5061,
      transport: "tls",
      username: "acme",
      password_set: true,
      caller_id: "+34912345678",
      channels: 10,
      monthly_price: 15,
      currency: "EUR",
      numbers: 0,
    });
    expect(response.json).not.toHaveProperty("password");
    expect(await balanceOf(t.companyId)).toBe(8_500);
    expect((await ledgerOf(t.companyId)).at(-1)).toMatchObject({
      kind: "charge",
      amountMinor: -1_500,
      referenceType: "sip_trunk",
      referenceId: response.json.id,
    });
    expect(await checkedLedgerSum(t.companyId)).toBe(8_500);
    expect(await auditEntries(t.companyId, "createSipTrunk")).toHaveLength(1);

    const row = (await stored(response.json.id))!;
    expect(row.passwordSealed).toMatch(/^v1\./);
    expect(await openPassword(env.WEBHOOK_SECRET_KEY, t.companyId, row.id, row.passwordSealed)).toBe(PASSWORD);
    // Sealed for this trunk only: another trunk's id as authenticated data does not open it.
    await expect(
      openPassword(env.WEBHOOK_SECRET_KEY, t.companyId, crypto.randomUUID(), row.passwordSealed),
    ).rejects.toThrow(/does not decrypt/);

    const list = await read("/api/v1/sip-trunks", t.key);
    expect(list.json.data).toHaveLength(1);
    // Nowhere in the answers, nor in any row of the company (events and audit included).
    const everything = JSON.stringify(await companyRows(t.companyId));
    for (const text of [response.text, list.text, everything]) expect(text).not.toContain(PASSWORD);
    expect(everything).toContain("sip_trunk.created");
  });

  it("a name the company already uses is 409, also under concurrency (charged once); another company may use it", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    expect((await create(t.key, trunk())).status).toBe(201);
    const duplicate = await create(t.key, trunk());
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.detail).toContain("Main carrier");

    const u = await spendingCompany({ balanceMinor: 10_000 });
    const outcomes = await staggered(5, () => create(u.key, trunk({ name: "Shared name" })));
    expect(statusCounts(outcomes)).toEqual({ 201: 1, 409: 4 });
    expect(await balanceOf(u.companyId)).toBe(8_500);
    expect(await checkedLedgerSum(u.companyId)).toBe(8_500);
  });

  it("20 concurrent creates whose prices exceed the balance: those that fit are 201, the rest 409 with the amounts, the ledger sums to the balance", async () => {
    const t = await spendingCompany({ balanceMinor: 1_500 * 6 + 700 });
    const outcomes = await staggered(20, (index) => create(t.key, trunk({ name: `Trunk ${index}` })));
    expect(statusCounts(outcomes)).toEqual({ 201: 6, 409: 14 });
    for (const outcome of outcomes.filter((o) => o.status === 409)) expect(outcome.json.amount_minor).toBe(1_500);
    expect(await balanceOf(t.companyId)).toBe(700);
    expect(await checkedLedgerSum(t.companyId)).toBe(700);
    expect(await db.select().from(sipTrunks).where(eq(sipTrunks.companyId, t.companyId))).toHaveLength(6);
  });

  it("refuses invalid fields with 400 naming them, and a balance short of the price with 409; nothing charged", async () => {
    const t = await spendingCompany({ balanceMinor: 1_000 });
    for (const [body, path] of [
      [trunk({ host: "not a host" }), "body.host"],
      // The destination check of every tenant-set host: no private, loopback or metadata address, no internal name.
      [trunk({ host: "10.0.0.1" }), "body.host"],
      [trunk({ host: "169.254.169.254" }), "body.host"],
      [trunk({ host: "::1" }), "body.host"],
      [trunk({ host: "metadata.google.internal" }), "body.host"],
      [trunk({ host: "pbx.local" }), "body.host"],
      [trunk({ transport: "sctp" }), "body.transport"],
      [trunk({ port: 70_000 }), "body.port"],
      [trunk({ channels: 0 }), "body.channels"],
      [trunk({ caller_id: "912345678" }), "body.caller_id"],
      [trunk({ password: "short" }), "body.password"],
      [trunk({ secret: "x" }), "body.secret"],
    ] as const) {
      const response = await create(t.key, body);
      expect(response.status, path).toBe(400);
      expect(response.json.errors[0].path).toBe(path);
      expect(response.text).not.toContain(PASSWORD);
    }
    const short = await create(t.key, trunk({ host: "203.0.114.10" }));
    expect(short.status).toBe(409);
    expect(short.json).toMatchObject({ amount_minor: 1_500, balance_minor: 1_000 });
    expect(await db.select().from(sipTrunks).where(eq(sipTrunks.companyId, t.companyId))).toHaveLength(0);
  });
});

describe("PATCH and DELETE /sip-trunks/{trunk_id}", () => {
  it("changes the fields sent, re-seals a new password, and refuses another trunk's name", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const first = (await create(t.key, trunk())).json;
    await create(t.key, trunk({ name: "Backup" }));
    const before = (await stored(first.id))!.passwordSealed;
    const changed = await send("PATCH", `/api/v1/sip-trunks/${first.id}`, t.key, {
      channels: 30,
      password: "An0ther-s3cret-pass",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ id: first.id, channels: 30, name: "Main carrier", password_set: true });
    const after = (await stored(first.id))!;
    expect(after.passwordSealed).not.toBe(before);
    expect(await openPassword(env.WEBHOOK_SECRET_KEY, t.companyId, first.id, after.passwordSealed)).toBe(
      "An0ther-s3cret-pass",
    );
    expect(changed.text).not.toContain("An0ther-s3cret-pass");
    expect(JSON.stringify(await companyRows(t.companyId))).not.toContain("An0ther-s3cret-pass");

    expect((await send("PATCH", `/api/v1/sip-trunks/${first.id}`, t.key, { name: "Backup" })).status).toBe(409);
    expect((await send("PATCH", `/api/v1/sip-trunks/${first.id}`, t.key, {})).status).toBe(400);
    expect((await send("PATCH", `/api/v1/sip-trunks/${crypto.randomUUID()}`, t.key, { channels: 2 })).status).toBe(404);
    // No money moves on a change.
    expect(await balanceOf(t.companyId)).toBe(7_000);
  });

  it("concurrent changes of different fields all apply", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const { id } = (await create(t.key, trunk())).json;
    const bodies = [
      { channels: 12 },
      { username: "other-user" },
      { host: "sip2.carrier.example" },
      { caller_id: "+34911111111" },
    ];
    const outcomes = await staggered(bodies.length, (index) =>
      send("PATCH", `/api/v1/sip-trunks/${id}`, t.key, bodies[index]),
    );
    expect(statusCounts(outcomes)).toEqual({ 200: bodies.length });
    expect(await stored(id)).toMatchObject({
      channels: 12,
      username: "other-user",
      host: "sip2.carrier.example",
      callerId: "+34911111111",
      version: 5,
    });
  });

  it("deletes a trunk (200, then 404), but not one a phone number still routes through (409)", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const used = (await create(t.key, trunk())).json;
    const spare = (await create(t.key, trunk({ name: "Spare" }))).json;
    const now = new Date().toISOString();
    const numberId = crypto.randomUUID();
    await db.insert(phoneNumbers).values({
      id: numberId,
      companyId: t.companyId,
      e164: "+34910000123",
      name: "Reception",
      country: "ES",
      capabilities: ["voice"],
      agentId: null,
      createdAt: now,
      updatedAt: now,
    });
    expect(
      (
        await operator(`/companies/${t.companyId}/numbers/${numberId}`, {
          method: "PATCH",
          body: { trunk_id: used.id },
        })
      ).json,
    ).toMatchObject({ trunk_id: used.id });
    expect(
      (await read("/api/v1/sip-trunks", t.key)).json.data.find((row: { id: string }) => row.id === used.id).numbers,
    ).toBe(1);

    const refused = await send("DELETE", `/api/v1/sip-trunks/${used.id}`, t.key);
    expect(refused.status).toBe(409);
    expect(slug(refused.json)).toBe("conflict");
    expect(await stored(used.id)).toBeDefined();

    const deleted = await send("DELETE", `/api/v1/sip-trunks/${spare.id}`, t.key);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: spare.id, deleted: true });
    expect((await send("DELETE", `/api/v1/sip-trunks/${spare.id}`, t.key)).status).toBe(404);
    expect(
      await db
        .select()
        .from(sipTrunks)
        .where(and(eq(sipTrunks.companyId, t.companyId), eq(sipTrunks.id, spare.id))),
    ).toHaveLength(0);
    expect(await auditEntries(t.companyId, "deleteSipTrunk")).toHaveLength(1);
  });
});

describe("the trunk page's query", () => {
  it("counts each trunk's numbers through the company's own index, never a scan of every company's links", async () => {
    const { sql, params } = trunkPageStatement(db).getQuery();
    // Its placeholders (company, limit, offset) bound to anything: the plan is what is read.
    const values = params.map((value) => (typeof value === "object" && value !== null ? null : value));
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...values)
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail);
    expect(plan.filter((detail) => detail.startsWith("SCAN"))).toEqual([]);
    expect(plan).toContainEqual(
      expect.stringMatching(
        /^SEARCH sip_trunk_numbers USING COVERING INDEX sip_trunk_numbers_company_trunk_idx \(company_id=\? AND trunk_id=\?\)/,
      ),
    );
  });
});
