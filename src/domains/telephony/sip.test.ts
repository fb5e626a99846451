import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tick } from "../../../test/clock";
import { call, db, tenant } from "../../../test/helpers";
import { storeBinding, storeCount } from "../../data/tenancy";
import { seededRandom } from "../../lib/random";
import { isSealed, unseal } from "../../lib/sealing";
import { seedTelephonyDomain } from "./seed";
import { sipExtensions, telephonyProfiles } from "./schema";

const SIP_SECRET = "sip-Secret-0f3a9c41b2e7";
const TRUNK_SECRET = "trunk-Secret-77aa31c0de";

async function fixture() {
  const t = await tenant();
  const profile = {
    id: crypto.randomUUID(),
    companyId: t.companyId,
    name: "Carrier trunk",
    transport: "tls" as const,
    codecs: ["opus", "PCMA"] as ("opus" | "PCMA")[],
    dtmfMode: "rfc2833" as const,
    srtp: true,
    recording: false,
    maxConcurrentCalls: 20,
    trunkHost: "sip.carrier.example.net",
    trunkUsername: "trunk-user-1",
    trunkSecret: TRUNK_SECRET,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-02T00:00:00.000Z",
  };
  await db.insert(telephonyProfiles).values(profile);
  const extension = (n: number, status: "active" | "disabled") => ({
    id: crypto.randomUUID(),
    companyId: t.companyId,
    extension: String(100 + n),
    name: `Desk ${n}`,
    memberId: n === 1 ? null : crypto.randomUUID(),
    profileId: profile.id,
    status,
    sipUsername: `ext${100 + n}`,
    sipDomain: "demo.sip.example.net",
    sipSecret: `${SIP_SECRET}-${n}`,
    createdAt: `2026-01-0${n}T00:00:00.000Z`,
  });
  const extensions = [extension(1, "active"), extension(2, "disabled"), extension(3, "active")];
  await db.insert(sipExtensions).values(extensions);
  return { ...t, profile, extensions };
}

const SECRET_KEYS = /secret|password|passwd|credential/i;

describe("GET /telephony/extensions", () => {
  it("lists extensions newest first without their SIP password, filtered by status", async () => {
    const t = await fixture();
    await fixture();
    const response = await call("/api/v1/telephony/extensions", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data.map((e: { extension: string }) => e.extension)).toEqual(["103", "102", "101"]);
    expect(response.json.data[2]).toEqual({
      id: t.extensions[0]!.id,
      extension: "101",
      name: "Desk 1",
      member_id: null,
      profile_id: t.profile.id,
      status: "active",
      sip_username: "ext101",
      sip_domain: "demo.sip.example.net",
      created_at: "2026-01-01T00:00:00.000Z",
    });
    expect(response.text).not.toContain(SIP_SECRET);
    for (const item of response.json.data) expect(Object.keys(item).filter((key) => SECRET_KEYS.test(key))).toEqual([]);
    const disabled = await call("/api/v1/telephony/extensions?status=disabled", { key: t.key });
    expect(disabled.json.data.map((e: { extension: string }) => e.extension)).toEqual(["102"]);
    expect((await call("/api/v1/telephony/extensions?status=busy", { key: t.key })).status).toBe(400);
  });
});

describe("GET /telephony/profiles", () => {
  it("lists profiles with transport, codecs, DTMF, SRTP, recording and trunk host, without the trunk's credentials", async () => {
    const t = await fixture();
    const response = await call("/api/v1/telephony/profiles", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      data: [
        {
          id: t.profile.id,
          name: "Carrier trunk",
          transport: "tls",
          codecs: ["opus", "PCMA"],
          dtmf_mode: "rfc2833",
          srtp: true,
          recording: false,
          max_concurrent_calls: 20,
          trunk_host: "sip.carrier.example.net",
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-02T00:00:00.000Z",
        },
      ],
      limit: 50,
      offset: 0,
    });
    expect(response.text).not.toContain(TRUNK_SECRET);
    expect(response.text).not.toContain("trunk-user-1");
  });

  it("documents no secret field in either schema", async () => {
    const schemas = (await call("/api/v1/openapi.json")).json.components.schemas;
    for (const name of ["SipExtension", "TelephonyProfile"]) {
      expect(
        Object.keys(schemas[name].properties).filter((key) => SECRET_KEYS.test(key)),
        name,
      ).toEqual([]);
      expect(schemas[name].additionalProperties, name).toBe(false);
    }
  });
});

describe("telephony seed", () => {
  it("gives a company numbers, profiles and extensions whose secrets no list shows (its rates are its plan's book)", async () => {
    const t = await tenant({ capabilities: ["team"] });
    const company = { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" };
    const counts = await seedTelephonyDomain({
      db,
      company,
      random: seededRandom(11),
      now: Date.now(),
      scale: "full",
      secretKey: env.WEBHOOK_SECRET_KEY,
    });
    expect(counts).toMatchObject({ phone_numbers: 5, telephony_profiles: 2 });
    const secrets = await db
      .select({ s: sipExtensions.sipSecret })
      .from(sipExtensions)
      .where(eq(sipExtensions.companyId, t.companyId));
    const lists = await Promise.all(
      ["/api/v1/numbers", "/api/v1/rates?limit=100", "/api/v1/telephony/extensions", "/api/v1/telephony/profiles"].map(
        (path) => call(path, { key: t.key }),
      ),
    );
    for (const list of lists) {
      expect(list.status).toBe(200);
      expect(list.json.data.length).toBeGreaterThan(0);
      for (const { s } of secrets) expect(list.text).not.toContain(s);
    }
    expect(lists[0]!.json.data.every((n: { number: string }) => /^\+\d{8,15}$/.test(n.number))).toBe(true);
  });
});

describe("SIP passwords at rest", () => {
  it("seals passwords stored in plaintext before sealing, at the next tick, once, and nothing in the database holds them after", async () => {
    const t = await fixture();
    await tick();
    const extensions = await db.select().from(sipExtensions).where(eq(sipExtensions.companyId, t.companyId));
    const [profile] = await db.select().from(telephonyProfiles).where(eq(telephonyProfiles.id, t.profile.id));
    expect(extensions.every((row) => isSealed(row.sipSecret))).toBe(true);
    expect(isSealed(profile!.trunkSecret!)).toBe(true);
    // Bound to its row, and the plaintext it held.
    const first = extensions.find((row) => row.extension === "101")!;
    expect(
      await unseal(
        env.WEBHOOK_SECRET_KEY,
        "sip-extension-secrets/v1",
        `sip-extension:${t.companyId}:${first.id}`,
        first.sipSecret,
      ),
    ).toBe(`${SIP_SECRET}-1`);
    expect(
      await unseal(
        env.WEBHOOK_SECRET_KEY,
        "telephony-trunk-secrets/v1",
        `telephony-trunk:${t.companyId}:${t.profile.id}`,
        profile!.trunkSecret!,
      ),
    ).toBe(TRUNK_SECRET);

    // Another tick leaves sealed values alone.
    await tick();
    expect((await db.select().from(sipExtensions).where(eq(sipExtensions.id, first.id)))[0]!.sipSecret).toBe(
      first.sipSecret,
    );

    // Every text column of every table of every store: no trace of either password.
    for (let store = 0; store < storeCount(env); store++) {
      const d1 = storeBinding(env, store)!;
      const tables = await d1
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
        )
        .all<{ name: string }>();
      for (const { name } of tables.results) {
        const columns = await d1.prepare(`SELECT name FROM pragma_table_info(?1)`).bind(name).all<{ name: string }>();
        for (const column of columns.results) {
          const found = await d1
            .prepare(
              `SELECT count(*) AS n FROM "${name}" WHERE CAST("${column.name}" AS TEXT) LIKE ?1 OR CAST("${column.name}" AS TEXT) LIKE ?2`,
            )
            .bind(`%${SIP_SECRET}%`, `%${TRUNK_SECRET}%`)
            .first<{ n: number }>();
          expect(found?.n, `${store}:${name}.${column.name}`).toBe(0);
        }
      }
    }
  });

  it("seeds sealed passwords, and none without the at-rest key", async () => {
    const t = await tenant({ capabilities: ["team"] });
    const company = { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" };
    await seedTelephonyDomain({
      db,
      company,
      random: seededRandom(12),
      now: Date.now(),
      scale: "full",
      secretKey: env.WEBHOOK_SECRET_KEY,
    });
    const rows = await db.select().from(sipExtensions).where(eq(sipExtensions.companyId, t.companyId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => isSealed(row.sipSecret))).toBe(true);
    const bare = await tenant({ capabilities: ["team"] });
    const counts = await seedTelephonyDomain({
      db,
      company: { ...company, id: bare.companyId },
      random: seededRandom(12),
      now: Date.now(),
      scale: "full",
    });
    expect(counts.sip_extensions).toBe(0);
    const profiles = await db.select().from(telephonyProfiles).where(eq(telephonyProfiles.companyId, bare.companyId));
    expect(profiles.every((row) => row.trunkSecret === null)).toBe(true);
  });
});
