import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, slug } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { agency, childOf, dnsRecords, get, send, vars } from "../../../test/fixtures/agency";
import { call } from "../../../test/helpers";

const host = () => `app-${crypto.randomUUID().slice(0, 8)}.example.org`;

/** A subaccount with a custom domain, and what verify-domain must find for it. */
async function brandedSubaccount() {
  const a = await agency();
  const client = await childOf(a.companyId);
  const domain = host();
  await send("PATCH", `/api/v1/subaccounts/${client.companyId}/branding`, a.key, { custom_domain: domain });
  return { a, client, domain, recordHost: `_svc-verify.${domain}`, value: `svc-verify=${client.companyId}` };
}

const verify = (key: string, id: string) => send("POST", `/api/v1/subaccounts/${id}/branding/verify-domain`, key);
const audited = async (companyId: string) =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.operation, "verifySubaccountDomain")))
  ).length;

describe("POST /api/v1/subaccounts/{subaccount_id}/branding/verify-domain", () => {
  it("verifies the domain when the exact TXT value is published (among others), and the branding says so", async () => {
    const s = await brandedSubaccount();
    await dnsRecords(s.recordHost, { data: ["google-site-verification=abc", s.value] });
    const response = await verify(s.a.key, s.client.companyId);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      custom_domain: s.domain,
      verified: true,
      verified_at: expect.any(String),
      dns_record: { type: "TXT", host: s.recordHost, value: s.value },
      result: "record_found",
      reason: null,
    });
    const read = (await get(`/api/v1/subaccounts/${s.client.companyId}/branding`, s.a.key)).json;
    expect(read).toMatchObject({ custom_domain_verified: true, custom_domain_verified_at: response.json.verified_at });
    expect(await audited(s.a.companyId)).toBe(1);

    // Checking again changes nothing: same verification time, no second write.
    const again = await verify(s.a.key, s.client.companyId);
    expect(again.json).toMatchObject({
      verified: true,
      verified_at: response.json.verified_at,
      result: "record_found",
    });
    expect(await audited(s.a.companyId)).toBe(1);
  });

  it("a value that is not exactly svc-verify=<account id> does not verify: other_value, with the reason", async () => {
    const s = await brandedSubaccount();
    const nearMisses = [`${s.value} `, s.value.toUpperCase(), `svc-verify=${crypto.randomUUID()}`, `${s.value}x`];
    await dnsRecords(s.recordHost, { data: nearMisses });
    const response = await verify(s.a.key, s.client.companyId);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      verified: false,
      verified_at: null,
      result: "other_value",
      reason: expect.stringContaining(s.value),
    });
    expect(await audited(s.a.companyId)).toBe(0);
  });

  it("no record at the name: no_record, with what to publish", async () => {
    const s = await brandedSubaccount();
    const response = await verify(s.a.key, s.client.companyId);
    expect(response.json).toMatchObject({
      verified: false,
      result: "no_record",
      reason: expect.stringContaining(s.recordHost),
    });
  });

  it("a failing resolver, or none configured, is 200 verified: false with the reason (the operation declares no 502 or 503)", async () => {
    const s = await brandedSubaccount();
    await dnsRecords(s.recordHost, { rcode: 2 });
    const failing = await verify(s.a.key, s.client.companyId);
    expect(failing.status).toBe(200);
    expect(failing.json).toMatchObject({
      verified: false,
      result: "resolver_failed",
      reason: expect.stringContaining("SERVFAIL"),
    });

    const unconfigured = await call(`/api/v1/subaccounts/${s.client.companyId}/branding/verify-domain`, {
      method: "POST",
      key: s.a.key,
      vars: { ...vars, DOH_BASE_URL: "" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(unconfigured.status).toBe(200);
    expect(unconfigured.json).toMatchObject({ verified: false, result: "resolver_failed", reason: expect.any(String) });
  });

  it("a failed check never revokes an earlier verification; a new custom_domain does", async () => {
    const s = await brandedSubaccount();
    await dnsRecords(s.recordHost, { data: [s.value] });
    const verified = await verify(s.a.key, s.client.companyId);
    await dnsRecords(s.recordHost, { data: ["something-else"] });
    const recheck = await verify(s.a.key, s.client.companyId);
    expect(recheck.json).toMatchObject({
      verified: true,
      verified_at: verified.json.verified_at,
      result: "other_value",
    });

    const next = host();
    await send("PATCH", `/api/v1/subaccounts/${s.client.companyId}/branding`, s.a.key, { custom_domain: next });
    const branding = (await get(`/api/v1/subaccounts/${s.client.companyId}/branding`, s.a.key)).json;
    expect(branding).toMatchObject({
      custom_domain: next,
      custom_domain_verified: false,
      dns_record: { host: `_svc-verify.${next}` },
    });
    // The old domain's record proves nothing about the new one.
    expect((await verify(s.a.key, s.client.companyId)).json).toMatchObject({
      custom_domain: next,
      verified: false,
      result: "no_record",
    });
  });

  it("without a custom domain it is 400", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const response = await verify(a.key, client.companyId);
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    expect(response.json.detail).toContain("no custom domain");
  });

  it("concurrent checks verify once: one write, every answer verified with the same time", async () => {
    const s = await brandedSubaccount();
    await dnsRecords(s.recordHost, { data: [s.value] });
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => verify(s.a.key, s.client.companyId)));
    const times = new Set(outcomes.map((outcome) => outcome.json.verified_at));
    expect(outcomes.every((outcome) => outcome.status === 200 && outcome.json.verified)).toBe(true);
    expect(times.size).toBe(1);
    expect(await audited(s.a.companyId)).toBe(1);
  });
});
