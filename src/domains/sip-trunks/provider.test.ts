import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, slug } from "../../../test/helpers";
import { read, send } from "../../../test/fixtures/billing";
import { spendingCompany } from "../../../test/security/spend-fixtures";
import { balanceOf, checkedLedgerSum } from "../../../test/wallet-operations";
import { sipTrunks } from "./schema";

const twilioFake = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).twilio!;
const PASSWORD = "Very-s3cret-trunk-pass";
const unique = () => crypto.randomUUID().slice(0, 8);
const trunk = (fields: Record<string, unknown> = {}) => ({
  name: `Carrier ${unique()}`,
  host: `sip-${unique()}.carrier.example`,
  username: `acme-${unique()}`,
  password: PASSWORD,
  channels: 10,
  ...fields,
});
const stored = (id: string) => db.select().from(sipTrunks).where(eq(sipTrunks.id, id)).get();

interface FakeTrunk {
  sid: string;
  friendly_name: string;
  origination_urls: { sid: string; friendly_name: string; sip_url: string }[];
  credential_lists: { sid: string; friendly_name: string; usernames: string[] }[];
}
interface FakeAccount {
  trunks: FakeTrunk[];
  credential_lists: { sid: string; friendly_name: string; usernames: string[] }[];
}

const fake = async (action: string, body: unknown = {}) =>
  fetch(`${twilioFake}/__fake/${action}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  }).then((r) => r.json());
const account = () => fake("trunks") as Promise<FakeAccount>;
const requests = (match: string) =>
  fetch(`${twilioFake}/__fake/requests?match=${encodeURIComponent(match)}`)
    .then((r) => r.json() as Promise<{ requests: { method: string; path: string; body: string }[] }>)
    .then((r) => r.requests);

describe("SIP trunks at the provider (Twilio Elastic SIP Trunking)", () => {
  it("creating one makes the trunk, its credential list with the username, and its origination URL, named by the trunk's id; the row keeps their sids", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const body = trunk({ transport: "tls" });
    const created = await send("POST", "/api/v1/sip-trunks", t.key, body);
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const atProvider = (await account()).trunks.filter((row) => row.friendly_name === id);
    expect(atProvider).toHaveLength(1);
    const [made] = atProvider;
    expect(made!.origination_urls).toMatchObject([
      { friendly_name: id, sip_url: `sip:${body.host}:5061;transport=tls` },
    ]);
    expect(made!.credential_lists).toMatchObject([{ friendly_name: id, usernames: [body.username] }]);
    expect(await stored(id)).toMatchObject({
      providerTrunkSid: made!.sid,
      providerCredentialListSid: made!.credential_lists[0]!.sid,
      providerOriginationUrlSid: made!.origination_urls[0]!.sid,
    });
    // The provider's sids are not part of the public trunk.
    expect(created.text).not.toContain(made!.sid);
    expect(await balanceOf(t.companyId)).toBe(8_500);
  });

  it("a provider failure at any step is 503 provider_unavailable: what was made is removed, nothing is charged or recorded", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    for (const step of ["origination", "credential"] as const) {
      const body = trunk();
      // The origination URL names the host; the credential the username: each fails once, at that step.
      // (A credential is set again after a failure, in case a concurrent change got in between: it fails each time here.)
      for (let times = step === "origination" ? 1 : 3; times > 0; times--)
        await fake("script", {
          status: 500,
          match: step === "origination" ? `sip:${body.host}` : `Username=${body.username}`,
        });
      const refused = await send("POST", "/api/v1/sip-trunks", t.key, body);
      expect(refused.status, refused.text).toBe(503);
      expect(slug(refused.json)).toBe("provider_unavailable");
      expect(refused.json.provider).toBe("twilio");
      const listCreated = (await requests(body.username)).find(
        (request) => request.method === "POST" && request.path.endsWith("/Credentials.json"),
      );
      const listSid = /CredentialLists\/(CL[0-9a-f]{32})\//.exec(listCreated!.path)![1]!;
      const now = await account();
      // No trunk holds that credential list, and the list itself is gone.
      expect(now.credential_lists.some((list) => list.sid === listSid)).toBe(false);
      expect(now.trunks.some((row) => row.credential_lists.some((list) => list.sid === listSid))).toBe(false);
    }
    expect(await balanceOf(t.companyId)).toBe(10_000);
    expect(await checkedLedgerSum(t.companyId)).toBe(10_000);
    expect(await db.select().from(sipTrunks).where(eq(sipTrunks.companyId, t.companyId))).toHaveLength(0);
  });

  it("a trunk whose creation answer was lost is found by its name, never made twice", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    await fake("lose_next_trunk");
    const created = await send("POST", "/api/v1/sip-trunks", t.key, trunk());
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    expect((await account()).trunks.filter((row) => row.friendly_name === id)).toHaveLength(1);
    expect((await stored(id))!.providerTrunkSid).toMatch(/^TK/);
  });

  it("a change of host, port or transport moves the origination URL; of username or password, the credential (one, never two)", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const created = await send("POST", "/api/v1/sip-trunks", t.key, trunk());
    const id = created.json.id as string;
    const host = `sip-${unique()}.moved.example`;
    expect(
      (await send("PATCH", `/api/v1/sip-trunks/${id}`, t.key, { host, port: 5080, transport: "tcp" })).status,
    ).toBe(200);
    let made = (await account()).trunks.find((row) => row.friendly_name === id)!;
    expect(made.origination_urls.map((url) => url.sip_url)).toEqual([`sip:${host}:5080;transport=tcp`]);

    const username = `renamed-${unique()}`;
    expect((await send("PATCH", `/api/v1/sip-trunks/${id}`, t.key, { username })).status).toBe(200);
    made = (await account()).trunks.find((row) => row.friendly_name === id)!;
    expect(made.credential_lists[0]!.usernames).toEqual([username]);
    // The stored password went with the new username.
    const renamed = (await requests(`Username=${username}`)).find((request) =>
      request.path.endsWith("/Credentials.json"),
    );
    expect(new URLSearchParams(renamed!.body).get("Password")).toBe(PASSWORD);

    const changed = await send("PATCH", `/api/v1/sip-trunks/${id}`, t.key, { password: "An0ther-s3cret-pass" });
    expect(changed.status).toBe(200);
    const listSid = made.credential_lists[0]!.sid;
    const update = (await requests(listSid)).filter(
      (request) => request.method === "POST" && /\/Credentials\/CR[0-9a-f]{32}\.json$/.test(request.path),
    );
    expect(update.map((request) => new URLSearchParams(request.body).get("Password"))).toEqual(["An0ther-s3cret-pass"]);
    expect((await account()).trunks.find((row) => row.friendly_name === id)!.credential_lists[0]!.usernames).toEqual([
      username,
    ]);

    // A field the provider does not hold asks it nothing.
    const before = (await requests(made.sid)).length;
    expect(
      (await send("PATCH", `/api/v1/sip-trunks/${id}`, t.key, { channels: 3, caller_id: "+34911111111" })).status,
    ).toBe(200);
    expect((await requests(made.sid)).length).toBe(before);
  });

  it("concurrent changes of the username, the password and the host all reach the provider: it ends as the trunk ends", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const id = (await send("POST", "/api/v1/sip-trunks", t.key, trunk())).json.id as string;
    const username = `concurrent-${unique()}`;
    const host = `sip-${unique()}.concurrent.example`;
    const bodies = [{ username }, { password: "Concurr3nt-Passw0rd" }, { host }, { channels: 4 }];
    const outcomes = await Promise.all(bodies.map((body) => send("PATCH", `/api/v1/sip-trunks/${id}`, t.key, body)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200, 200, 200]);
    expect(await stored(id)).toMatchObject({ username, host, channels: 4, version: 5 });
    const made = (await account()).trunks.find((row) => row.friendly_name === id)!;
    expect(made.origination_urls.map((url) => url.sip_url)).toEqual([`sip:${host}:5060`]);
    expect(made.credential_lists[0]!.usernames).toEqual([username]);
    // The last password the provider was given for that username is the stored one.
    const sets = (await requests(made.credential_lists[0]!.sid)).filter(
      (request) => request.method === "POST" && request.path.includes("/Credentials"),
    );
    const last = new URLSearchParams(
      sets
        .filter((request) =>
          request.path.endsWith("/Credentials.json")
            ? new URLSearchParams(request.body).get("Username") === username
            : true,
        )
        .at(-1)!.body,
    );
    expect(last.get("Password")).toBe("Concurr3nt-Passw0rd");
  });

  it("a change the provider fails is 503 and changes nothing", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const id = (await send("POST", "/api/v1/sip-trunks", t.key, trunk())).json.id as string;
    const host = `sip-${unique()}.moved.example`;
    await fake("script", { status: 503, match: `sip:${host}` });
    const refused = await send("PATCH", `/api/v1/sip-trunks/${id}`, t.key, { host });
    expect(refused.status, refused.text).toBe(503);
    expect(slug(refused.json)).toBe("provider_unavailable");
    expect(await stored(id)).toMatchObject({ host: expect.not.stringContaining("moved"), version: 1 });
  });

  it("deleting one removes it at the provider; one already gone there is deleted all the same; a provider failure keeps it (503) until a retry", async () => {
    const t = await spendingCompany({ balanceMinor: 10_000 });
    const first = (await send("POST", "/api/v1/sip-trunks", t.key, trunk())).json.id as string;
    const firstRow = (await stored(first))!;
    await fake("script", { status: 500, match: `DELETE /v1/Trunks/${firstRow.providerTrunkSid}` });
    const failed = await send("DELETE", `/api/v1/sip-trunks/${first}`, t.key);
    expect(failed.status, failed.text).toBe(503);
    expect(await stored(first)).toBeDefined();
    const deleted = await send("DELETE", `/api/v1/sip-trunks/${first}`, t.key);
    expect(deleted.status, deleted.text).toBe(200);
    const now = await account();
    expect(now.trunks.some((row) => row.sid === firstRow.providerTrunkSid)).toBe(false);
    expect(now.credential_lists.some((list) => list.sid === firstRow.providerCredentialListSid)).toBe(false);

    // Removed at the provider behind the platform's back: the delete still completes (its 404 counts as deleted).
    const second = (await send("POST", "/api/v1/sip-trunks", t.key, trunk())).json.id as string;
    const secondRow = (await stored(second))!;
    const basic = `Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`;
    expect(
      (
        await fetch(`${twilioFake}/v1/Trunks/${secondRow.providerTrunkSid}`, {
          method: "DELETE",
          headers: { Authorization: basic },
        })
      ).status,
    ).toBe(204);
    expect((await send("DELETE", `/api/v1/sip-trunks/${second}`, t.key)).status).toBe(200);
    expect((await read("/api/v1/sip-trunks", t.key)).json.data).toHaveLength(0);
  });
});
