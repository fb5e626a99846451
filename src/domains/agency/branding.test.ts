import { describe, expect, it } from "vitest";
import { statusCounts } from "../../../test/concurrency";
import { db, slug } from "../../../test/helpers";
import { agency, childOf, dnsRecords, get, send } from "../../../test/fixtures/agency";
import { whiteLabels } from "./schema";
import { eq } from "drizzle-orm";

const branding = (key: string, id: string) => get(`/api/v1/subaccounts/${id}/branding`, key);
const edit = (key: string, id: string, body: unknown) => send("PATCH", `/api/v1/subaccounts/${id}/branding`, key, body);
const host = () => `app-${crypto.randomUUID().slice(0, 8)}.example.com`;

describe("GET and PATCH /api/v1/subaccounts/{subaccount_id}/branding", () => {
  it("reads the defaults, then the fields sent (omitted ones stay, null removes one), with the TXT record to publish", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    expect((await branding(a.key, client.companyId)).json).toEqual({
      subaccount_id: client.companyId,
      company_name: null,
      primary_color: null,
      logo_url: null,
      custom_domain: null,
      custom_domain_verified: false,
      custom_domain_verified_at: null,
      dns_record: null,
      updated_at: null,
    });
    const domain = host();
    const first = await edit(a.key, client.companyId, {
      company_name: " Sonrisa Voz ",
      primary_color: "#1a73e8",
      logo_url: "https://cdn.example.com/logo.svg",
      custom_domain: `${domain.toUpperCase()}.`,
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      company_name: "Sonrisa Voz",
      primary_color: "#1A73E8",
      logo_url: "https://cdn.example.com/logo.svg",
      custom_domain: domain,
      custom_domain_verified: false,
      dns_record: { type: "TXT", host: `_svc-verify.${domain}`, value: `svc-verify=${client.companyId}` },
    });
    const second = await edit(a.key, client.companyId, { logo_url: null, primary_color: "#00FF00" });
    expect(second.json).toMatchObject({
      company_name: "Sonrisa Voz",
      primary_color: "#00FF00",
      logo_url: null,
      custom_domain: domain,
    });
    expect((await branding(a.key, client.companyId)).json).toEqual(second.json);
  });

  it("refuses custom_domain_verified (read-only), colours that are not #RRGGBB, non-https logos, host names that are not one, and an empty change", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const readOnly = await edit(a.key, client.companyId, { custom_domain_verified: true });
    expect(readOnly.status).toBe(400);
    expect(readOnly.json.errors).toEqual([
      { path: "body.custom_domain_verified", message: expect.stringContaining("custom_domain_verified is read-only") },
    ]);
    const cases: [Record<string, unknown>, string][] = [
      [{ primary_color: "#12345" }, "body.primary_color"],
      [{ primary_color: "blue" }, "body.primary_color"],
      [{ logo_url: "http://cdn.example.com/logo.svg" }, "body.logo_url"],
      [{ logo_url: "javascript:alert(1)" }, "body.logo_url"],
      [{ custom_domain: "https://app.example.com" }, "body.custom_domain"],
      [{ custom_domain: "192.168.1.10" }, "body.custom_domain"],
      [{ custom_domain: "localhost" }, "body.custom_domain"],
      [{ custom_domain: "-bad.example.com" }, "body.custom_domain"],
      [{ custom_domain: "app.example.com:8443" }, "body.custom_domain"],
      [{ custom_domain: `${"a".repeat(64)}.example.com` }, "body.custom_domain"],
      [{ company_name: "" }, "body.company_name"],
      [{}, "body"],
    ];
    for (const [body, path] of cases) {
      const response = await edit(a.key, client.companyId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(
        response.json.errors.map((e: { path: string }) => e.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await branding(a.key, client.companyId)).json.updated_at).toBeNull();
  });

  it("a custom domain another account uses is 409 (whichever agency it belongs to), races too; the same account may send its own again", async () => {
    const a = await agency();
    const [one, two] = [await childOf(a.companyId), await childOf(a.companyId)];
    const domain = host();
    expect((await edit(a.key, one.companyId, { custom_domain: domain })).status).toBe(200);
    const taken = await edit(a.key, two.companyId, { custom_domain: domain.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(slug(taken.json)).toBe("conflict");
    expect(taken.json.detail).toContain(domain);
    const elsewhere = await agency();
    const foreign = await childOf(elsewhere.companyId);
    expect((await edit(elsewhere.key, foreign.companyId, { custom_domain: domain })).status).toBe(409);
    expect((await edit(a.key, one.companyId, { custom_domain: domain })).status).toBe(200);

    const contested = host();
    const clients = await Promise.all(Array.from({ length: 4 }, () => childOf(a.companyId)));
    const outcomes = await Promise.all(
      clients.map((client) => edit(a.key, client.companyId, { custom_domain: contested })),
    );
    expect(statusCounts(outcomes)).toEqual({ 200: 1, 409: 3 });
  });

  it("a new custom_domain is unverified in the same write; sending the same one keeps the verification; removing it clears both", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const domain = host();
    await edit(a.key, client.companyId, { custom_domain: domain });
    // As verify-domain would have left it.
    await db
      .update(whiteLabels)
      .set({ customDomainVerifiedAt: "2026-03-01T10:00:00.000Z" })
      .where(eq(whiteLabels.companyId, client.companyId));
    expect(
      (await edit(a.key, client.companyId, { custom_domain: domain, company_name: "Same domain" })).json,
    ).toMatchObject({
      custom_domain_verified: true,
      custom_domain_verified_at: "2026-03-01T10:00:00.000Z",
    });
    expect((await edit(a.key, client.companyId, { company_name: "No domain sent" })).json.custom_domain_verified).toBe(
      true,
    );
    const moved = await edit(a.key, client.companyId, { custom_domain: host() });
    expect(moved.json).toMatchObject({ custom_domain_verified: false, custom_domain_verified_at: null });
    const removed = await edit(a.key, client.companyId, { custom_domain: null });
    expect(removed.json).toMatchObject({ custom_domain: null, custom_domain_verified: false, dns_record: null });
  });
});

describe("GET and PATCH /api/v1/subaccounts/{subaccount_id}/packaging", () => {
  it("reads the defaults, changes only the gates sent, and refuses what is not a boolean gate", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const path = `/api/v1/subaccounts/${client.companyId}/packaging`;
    expect((await get(path, a.key)).json).toEqual({
      subaccount_id: client.companyId,
      allow_signup: false,
      hide_plans: false,
      hide_addons: false,
      updated_at: null,
    });
    const first = await send("PATCH", path, a.key, { allow_signup: true, hide_addons: true });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      allow_signup: true,
      hide_plans: false,
      hide_addons: true,
      updated_at: expect.any(String),
    });
    const second = await send("PATCH", path, a.key, { hide_plans: true, allow_signup: false });
    expect(second.json).toMatchObject({ allow_signup: false, hide_plans: true, hide_addons: true });
    expect((await get(path, a.key)).json).toEqual(second.json);
    // Packaging and branding share a row: neither write touches the other's fields.
    await edit(a.key, client.companyId, { company_name: "Brand" });
    expect((await get(path, a.key)).json).toEqual(second.json);
    expect((await branding(a.key, client.companyId)).json.company_name).toBe("Brand");

    for (const body of [{}, { hide_plans: "yes" }, { show_everything: true }]) {
      const refused = await send("PATCH", path, a.key, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("concurrent changes of different gates all land", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const path = `/api/v1/subaccounts/${client.companyId}/packaging`;
    const outcomes = await Promise.all(
      [{ allow_signup: true }, { hide_plans: true }, { hide_addons: true }].map((body) =>
        send("PATCH", path, a.key, body),
      ),
    );
    expect(statusCounts(outcomes)).toEqual({ 200: 3 });
    expect((await get(path, a.key)).json).toMatchObject({ allow_signup: true, hide_plans: true, hide_addons: true });
  });

  it("refuses a logo or custom domain on a special-purpose address, an internal name, or a name resolving to one, naming the field", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const rebound = host();
    await dnsRecords(rebound, { type: "A", data: ["10.0.0.7"] });
    const cases: [Record<string, string>, string][] = [
      [{ logo_url: "https://169.254.169.254/latest/meta-data/logo.png" }, "body.logo_url"],
      [{ logo_url: "https://metadata.google.internal/logo.png" }, "body.logo_url"],
      [{ logo_url: `https://${rebound}/logo.png` }, "body.logo_url"],
      [{ custom_domain: "metadata.google.internal" }, "body.custom_domain"],
      [{ custom_domain: "portal.local" }, "body.custom_domain"],
      [{ custom_domain: rebound }, "body.custom_domain"],
    ];
    for (const [body, path] of cases) {
      const response = await edit(a.key, client.companyId, body);
      expect([response.status, slug(response.json), response.json.errors?.[0]?.path], JSON.stringify(body)).toEqual([
        400,
        "validation_error",
        path,
      ]);
    }
    expect((await branding(a.key, client.companyId)).json).toMatchObject({ logo_url: null, custom_domain: null });
  });
});
