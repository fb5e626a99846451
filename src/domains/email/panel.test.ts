import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, operator, slug } from "../../../test/helpers";
import { fakeRequests, onboarded, unknownId } from "../../../test/fixtures/onboarding";

// Email identities through the operator API, against the Postmark fake (it finds DNS records a second after a domain is added).

const send = (key: string, to: string) =>
  call("/api/v1/email/send", {
    key,
    body: { to, subject: "Hello", body: "Hi there" },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

// Verified and every DNS record confirmed: the check reads the domain and the sender signature one
// after the other, so on a busy machine the signature can be confirmed in an answer whose domain
// read came a moment before its records were.
async function verifiedSoon(identityId: string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    const checked = await operator(`/email-identities/${identityId}/verify`, { method: "POST" });
    expect(checked.status, checked.text).toBe(200);
    const recordsVerified = checked.json.dns_records.every((record: { verified: boolean }) => record.verified);
    if (checked.json.status === "verified" && recordsVerified) return checked.json;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The identity was never verified.");
}

describe("email identities (operator)", () => {
  it("a fresh tenant cannot send; an identity added and verified at the provider makes its email go out from it", async () => {
    const t = await onboarded({ capabilities: ["email"] });
    const domain = `shop-${crypto.randomUUID().slice(0, 8)}.example.com`;
    expect((await send(t.key, "lucia@example.com")).status).toBe(503);

    const added = await operator(`/companies/${t.companyId}/email-identities`, {
      method: "POST",
      body: { email: `Sales@${domain}`, name: "Shop Sales" },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({
      email: `sales@${domain}`,
      name: "Shop Sales",
      status: "pending",
      verified_at: null,
    });
    expect(added.json.dns_records).toEqual([
      expect.objectContaining({
        purpose: "dkim",
        type: "TXT",
        name: expect.stringContaining(`._domainkey.${domain}`),
        verified: false,
      }),
      { purpose: "return_path", type: "CNAME", name: `pm-bounces.${domain}`, value: "pm.mtasv.net", verified: false },
    ]);
    const [created] = await fakeRequests("postmark", `"Name":"${domain}"`);
    expect(created).toMatchObject({ method: "POST", path: "/domains", authorized: true });
    expect(created!.headers["x-postmark-account-token"]).toBe(env.POSTMARK_ACCOUNT_TOKEN);
    expect((await fakeRequests("postmark", `"FromEmail":"sales@${domain}"`))[0]).toMatchObject({
      method: "POST",
      path: "/senders",
    });

    const verified = await verifiedSoon(added.json.identity_id);
    expect(verified).toMatchObject({ identity_id: added.json.identity_id, status: "verified" });
    expect(verified.dns_records.every((record: { verified: boolean }) => record.verified)).toBe(true);

    const sent = await send(t.key, "lucia@example.com");
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({
      status: "sent",
      from: `"Shop Sales" <sales@${domain}>`,
      identity_id: added.json.identity_id,
    });

    // A second address of the domain reuses the domain at the provider.
    const second = await operator(`/companies/${t.companyId}/email-identities`, {
      method: "POST",
      body: { email: `billing@${domain}`, name: "Shop Billing" },
    });
    expect(second.status, second.text).toBe(201);
    expect(await fakeRequests("postmark", `"Name":"${domain}"`)).toHaveLength(1);
    const listed = await operator(`/companies/${t.companyId}/email-identities`);
    expect(listed.json.data.map((identity: { email: string }) => identity.email)).toEqual([
      `sales@${domain}`,
      `billing@${domain}`,
    ]);
    const audit = await operator(`/audit-log?company_id=${t.companyId}`);
    expect(audit.json.data.map((entry: { operation: string }) => entry.operation)).toContain("createEmailIdentity");
    for (const answer of [added, verified, second, listed])
      expect(JSON.stringify(answer)).not.toContain(env.POSTMARK_ACCOUNT_TOKEN);
  });

  it("refuses a second identity with the address (409), unknown companies and identities (404), bad input (400), and 503 without the account token", async () => {
    const t = await onboarded({ capabilities: ["email"] });
    const email = `ops@desk-${crypto.randomUUID().slice(0, 8)}.example.com`;
    expect(
      (await operator(`/companies/${t.companyId}/email-identities`, { method: "POST", body: { email, name: "Ops" } }))
        .status,
    ).toBe(201);
    const again = await operator(`/companies/${t.companyId}/email-identities`, {
      method: "POST",
      body: { email, name: "Ops" },
    });
    expect(again.status).toBe(409);
    expect(
      (
        await operator(`/companies/${unknownId()}/email-identities`, {
          method: "POST",
          body: { email: "a@b.example.com", name: "A" },
        })
      ).status,
    ).toBe(404);
    expect((await operator(`/companies/${unknownId()}/email-identities`)).status).toBe(404);
    expect((await operator(`/email-identities/${unknownId()}/verify`, { method: "POST" })).status).toBe(404);
    expect(
      (
        await operator(`/companies/${t.companyId}/email-identities`, {
          method: "POST",
          body: { email: "not-an-address", name: "" },
        })
      ).status,
    ).toBe(400);
    const unconfigured = await operator(`/companies/${t.companyId}/email-identities`, {
      method: "POST",
      body: { email: "x@y.example.com", name: "X" },
      vars: { POSTMARK_ACCOUNT_TOKEN: "" },
    });
    expect(unconfigured.status).toBe(503);
    expect(slug(unconfigured.json)).toBe("integration_not_configured");
  });
});
