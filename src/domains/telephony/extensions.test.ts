import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { dnsRecords } from "../../../test/fixtures/agency";
import { isSealed } from "../../lib/sealing";
import { teamMembers } from "../team/schema";
import { sipExtensions, telephonyProfiles } from "./schema";

/** The operator adds SIP extensions and telephony profiles; the company lists them, never their secrets. */

const SIP_PASSWORD = "ext-Pa55word-9f2c71";
const TRUNK_PASSWORD = "trunk-Pa55word-41ab09";

const addExtension = (companyId: string, body: Record<string, unknown>, vars?: Record<string, unknown>) =>
  operator(`/companies/${companyId}/telephony/extensions`, {
    method: "POST",
    body: { sip_domain: "acme.sip.example.net", sip_password: SIP_PASSWORD, ...body },
    vars,
  });
const addProfile = (companyId: string, body: Record<string, unknown>) =>
  operator(`/companies/${companyId}/telephony/profiles`, { method: "POST", body });
const list = async (key: string, what: "extensions" | "profiles") => call(`/api/v1/telephony/${what}`, { key });

const officeProfile = {
  name: "Office (TLS + SRTP)",
  transport: "tls",
  codecs: ["opus", "G722"],
  dtmf_mode: "rfc2833",
  srtp: true,
  recording: false,
  max_concurrent_calls: 12,
  trunk: { host: "Trunk.Carrier.example.net", username: "acme-trunk", password: TRUNK_PASSWORD },
};

describe("POST /admin/v1/companies/{company_id}/telephony/profiles", () => {
  it("adds a profile the company lists, its trunk password sealed and never answered", async () => {
    const t = await tenant();
    const other = await tenant();
    const added = await addProfile(t.companyId, officeProfile);
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({
      name: "Office (TLS + SRTP)",
      transport: "tls",
      codecs: ["opus", "G722"],
      srtp: true,
      recording: false,
      max_concurrent_calls: 12,
      trunk_host: "trunk.carrier.example.net",
    });
    const listed = await list(t.key, "profiles");
    expect(listed.status).toBe(200);
    expect(listed.json.data).toEqual([added.json]);
    expect(added.text + listed.text).not.toContain(TRUNK_PASSWORD);
    expect(added.text + listed.text).not.toContain("acme-trunk");
    const [stored] = await db.select().from(telephonyProfiles).where(eq(telephonyProfiles.id, added.json.id));
    expect(isSealed(stored!.trunkSecret!)).toBe(true);
    expect((await list(other.key, "profiles")).json.data).toEqual([]);

    const plain = await addProfile(t.companyId, { ...officeProfile, name: "Desk phones", trunk: undefined });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.json.trunk_host).toBeNull();
  });

  it("refuses a bad body (400) and an unknown company (404), writing nothing", async () => {
    const t = await tenant();
    for (const body of [
      { ...officeProfile, transport: "carrier-pigeon" },
      { ...officeProfile, codecs: [] },
      { ...officeProfile, codecs: ["opus", "opus"] },
      { ...officeProfile, max_concurrent_calls: 0 },
      { ...officeProfile, trunk: { host: "not a host", username: "u", password: TRUNK_PASSWORD } },
      { ...officeProfile, trunk: { host: "h.example.net", username: "u", password: "short" } },
    ]) {
      const refused = await addProfile(t.companyId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(slug(refused.json)).toBe("validation_error");
    }
    // A carrier host whose name resolves to a private address is refused like the SIP trunks' (the destination check).
    const rebound = `trunk-${crypto.randomUUID().slice(0, 8)}.carrier.example.net`;
    await dnsRecords(rebound, { type: "A", data: ["10.0.0.7"] });
    const privateHost = await addProfile(t.companyId, {
      ...officeProfile,
      trunk: { host: rebound, username: "u", password: TRUNK_PASSWORD },
    });
    expect([privateHost.status, privateHost.json.errors?.[0]?.path]).toEqual([400, "body.trunk.host"]);
    expect((await addProfile("no-such-company", officeProfile)).status).toBe(404);
    expect(await db.select().from(telephonyProfiles).where(eq(telephonyProfiles.companyId, t.companyId))).toEqual([]);
  });
});

describe("POST /admin/v1/companies/{company_id}/telephony/extensions", () => {
  it("adds an extension the company lists with its member and profile, its password sealed and never answered", async () => {
    const t = await tenant();
    const other = await tenant();
    const profile = (await addProfile(t.companyId, officeProfile)).json.id as string;
    const memberId = crypto.randomUUID();
    await db.insert(teamMembers).values({
      id: memberId,
      companyId: t.companyId,
      name: "Ana Ruiz",
      email: "ana@acme.example",
      handle: "ana.ruiz",
      roleId: null,
      status: "active",
      lastActiveAt: null,
      createdAt: new Date().toISOString(),
    });
    const added = await addExtension(t.companyId, {
      extension: "101",
      name: "Reception",
      member_id: memberId,
      profile_id: profile,
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({
      extension: "101",
      name: "Reception",
      member_id: memberId,
      profile_id: profile,
      status: "active",
      sip_username: "ext101",
      sip_domain: "acme.sip.example.net",
    });
    const listed = await list(t.key, "extensions");
    expect(listed.json.data).toEqual([added.json]);
    expect(added.text + listed.text).not.toContain(SIP_PASSWORD);
    const [stored] = await db.select().from(sipExtensions).where(eq(sipExtensions.id, added.json.id));
    expect(isSealed(stored!.sipSecret)).toBe(true);
    expect((await list(other.key, "extensions")).json.data).toEqual([]);

    // The number is the company's: a second 101 is 409, another company may have its own 101.
    const again = await addExtension(t.companyId, { extension: "101", name: "Again" });
    expect(again.status, again.text).toBe(409);
    expect(slug(again.json)).toBe("conflict");
    expect((await addExtension(other.companyId, { extension: "101", name: "Theirs" })).status).toBe(201);
    expect((await list(t.key, "extensions")).json.data).toHaveLength(1);
  });

  it("another company's profile or member is 404; a bad body 400; no at-rest key 503; nothing written", async () => {
    const t = await tenant();
    const other = await tenant();
    const theirProfile = (await addProfile(other.companyId, officeProfile)).json.id as string;
    const wrongProfile = await addExtension(t.companyId, { extension: "102", name: "X", profile_id: theirProfile });
    expect(wrongProfile.status, wrongProfile.text).toBe(404);
    const wrongMember = await addExtension(t.companyId, {
      extension: "102",
      name: "X",
      member_id: crypto.randomUUID(),
    });
    expect(wrongMember.status, wrongMember.text).toBe(404);
    for (const body of [
      { extension: "1", name: "X" },
      { extension: "12a", name: "X" },
      { extension: "102", name: "" },
      { extension: "102", name: "X", sip_password: "short" },
      { extension: "102", name: "X", sip_domain: "no domain" },
      { extension: "102", name: "X", status: "gone" },
    ]) {
      const refused = await addExtension(t.companyId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const unsealed = await addExtension(
      t.companyId,
      { extension: "102", name: "X" },
      { WEBHOOK_SECRET_KEY: undefined },
    );
    expect(unsealed.status, unsealed.text).toBe(503);
    expect(slug(unsealed.json)).toBe("integration_not_configured");
    expect(unsealed.text).not.toContain(SIP_PASSWORD);
    expect(await db.select().from(sipExtensions).where(eq(sipExtensions.companyId, t.companyId))).toEqual([]);
  });
});
