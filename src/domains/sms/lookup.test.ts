import { describe, expect, it } from "vitest";
import { call, operator, tenant } from "../../../test/helpers";
import { fake, unique } from "../../../test/fixtures/gateway";

/** Six random digits: after a three-digit prefix, a Spanish number of nine. */
const six = () => unique().slice(1);

// POST /sms/check asks Twilio Lookup v2 (line type intelligence) about every number that parses, and
// falls back to the offline numbering metadata, saying so, when the lookup is not configured or fails.
// The fake answers line types by prefix (scripts/fakes/twilio.ts, lineTypeIntelligence): +3471
// nonFixedVoip, +3472 fixedVoip, +3473 landline, +3474 no type, +3491 landline, other mobiles mobile.

async function smsCompany() {
  const t = await tenant({ capabilities: ["sms"] });
  expect(
    (
      await operator(`/companies/${t.companyId}/prices`, {
        method: "PUT",
        body: { kind: "sms", country: "ES", amount: 0.07 },
      })
    ).status,
  ).toBe(200);
  return t;
}

const check = (key: string, numbers: string[], vars?: Record<string, string>) =>
  call("/api/v1/sms/check", { key, body: { numbers }, headers: { "Idempotency-Key": crypto.randomUUID() }, vars });

type Checked = {
  input: string;
  verdict: string;
  allowed: boolean;
  line_type: string | null;
  reachable: boolean | null;
  source: string;
};
const lines = (recipients: Checked[]) =>
  recipients.map((r) => [r.input, r.verdict, r.allowed, r.line_type, r.reachable, r.source]);

describe("POST /sms/check with the provider's lookup", () => {
  it("reports mobile, landline and VoIP lines and whether an SMS reaches them from the lookup's answer", async () => {
    const t = await smsCompany();
    const n = six();
    const [mobile, landline, voip, fixedVoip, portedLandline, untyped] = [
      `+34612${n}`,
      `+34910${n}`,
      `+34710${n}`,
      `+34720${n}`,
      `+34730${n}`,
      `+34740${n}`,
    ];
    const response = await check(t.key, [mobile, landline, voip, fixedVoip, portedLandline, untyped, "12345"]);
    expect(response.status, response.text).toBe(200);
    expect(lines(response.json.recipients)).toEqual([
      [mobile, "allowed", true, "mobile", true, "lookup"],
      [landline, "not_mobile", false, "landline", false, "lookup"],
      [voip, "allowed", true, "voip", true, "lookup"],
      [fixedVoip, "allowed", true, "voip", true, "lookup"],
      // The metadata takes +3473 for a mobile range; the lookup knows the line is fixed.
      [portedLandline, "not_mobile", false, "landline", false, "lookup"],
      // The lookup could not type the line: the metadata's reading is kept, and said to be offline.
      [untyped, "allowed", true, "mobile", true, "offline"],
      ["12345", "invalid_number", false, null, null, "offline"],
    ]);
    expect(response.json.lookup).toEqual({ status: "used", detail: null });
    expect(response.json.allowed).toBe(4);
    const [asked] = await fake.requests("twilio", `/v2/PhoneNumbers/${voip}`);
    expect(asked).toMatchObject({ method: "GET", query: { Fields: "line_type_intelligence" }, authorized: true });
    // A number that does not parse is never looked up.
    expect(await fake.requests("twilio", "/v2/PhoneNumbers/12345")).toEqual([]);
  });

  it("asks once per number, however often it is listed", async () => {
    const t = await smsCompany();
    const number = `+34612${six()}`;
    const response = await check(t.key, [number, number.replace("+34", "0034"), number.slice(3)]);
    expect(response.json.recipients.map((r: Checked) => r.source)).toEqual(["lookup", "lookup", "lookup"]);
    expect(await fake.requests("twilio", `/v2/PhoneNumbers/${number}`)).toHaveLength(1);
  });

  it("without the lookup configured, every line is read offline and the answer says so", async () => {
    const t = await smsCompany();
    const n = six();
    const [mobile, portedLandline] = [`+34612${n}`, `+34730${n}`];
    const response = await check(t.key, [mobile, portedLandline, `+34910${n}`], { TWILIO_LOOKUP_BASE_URL: "" });
    expect(response.status, response.text).toBe(200);
    expect(lines(response.json.recipients)).toEqual([
      [mobile, "allowed", true, "mobile", true, "offline"],
      [portedLandline, "allowed", true, "mobile", true, "offline"],
      [`+34910${n}`, "not_mobile", false, "landline", false, "offline"],
    ]);
    expect(response.json.lookup.status).toBe("not_configured");
    expect(response.json.lookup.detail).toMatch(/not configured/);
    expect(await fake.requests("twilio", n)).toEqual([]);
  });

  it("a failing lookup falls back to the offline reading, says so, and asks about no further number", async () => {
    const t = await smsCompany();
    const n = six();
    const [failing, next] = [`+34730${n}`, `+34710${n}`];
    await fake.control("twilio", "script", { status: 503, match: `/v2/PhoneNumbers/${failing}` });
    const response = await check(t.key, [failing, next]);
    expect(response.status, response.text).toBe(200);
    expect(lines(response.json.recipients)).toEqual([
      [failing, "allowed", true, "mobile", true, "offline"],
      [next, "allowed", true, "mobile", true, "offline"],
    ]);
    expect(response.json.lookup.status).toBe("failed");
    expect(response.json.lookup.detail).toMatch(/^Twilio failed: it answered HTTP 503\./);
    expect(response.text).not.toContain("more_info");
    expect(await fake.requests("twilio", `/v2/PhoneNumbers/${next}`)).toEqual([]);
  });

  it("a lookup that times out falls back too", async () => {
    const t = await smsCompany();
    const number = `+34612${six()}`;
    await fake.control("twilio", "script", { timeout: true, match: `/v2/PhoneNumbers/${number}` });
    const response = await check(t.key, [number], { PROVIDER_TIMEOUT_MS: "300" });
    expect(response.status, response.text).toBe(200);
    expect(response.json.recipients[0]).toMatchObject({ verdict: "allowed", line_type: "mobile", source: "offline" });
    expect(response.json.lookup.status).toBe("failed");
  });
});
