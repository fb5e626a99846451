import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { walletWith } from "../../../test/wallet";
import { fake } from "../../../test/fixtures/gateway";
import { walletBalance } from "../billing";
import { walletLedger } from "../billing/schema";

const granted = { capabilities: ["sms"] };
const idempotent = () => ({ "Idempotency-Key": crypto.randomUUID() });
const mobile = () => `+3461${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

/**
 * A company with its own SMS prices for Spain (7 cents a segment) and Portugal (6), its plan's
 * (Business) everywhere else (France 8), and a funded wallet.
 */
async function smsCompany(balanceMinor = 1000) {
  const t = await tenant(granted);
  const at = "2026-01-01T00:00:00.000Z";
  for (const [country, amount] of [
    ["ES", 0.07],
    ["PT", 0.06],
  ] as const) {
    expect(
      (await operator(`/companies/${t.companyId}/prices`, { method: "PUT", body: { kind: "sms", country, amount } }))
        .status,
    ).toBe(200);
  }
  if (balanceMinor > 0) await walletWith(t.companyId, [{ kind: "top_up", amountMinor: balanceMinor, at }]);
  return t;
}

const check = (key: string, body: unknown, vars?: Record<string, string>) =>
  call("/api/v1/sms/check", { key, body, headers: idempotent(), vars });
const send = (key: string, body: unknown, vars?: Record<string, string>) =>
  call("/api/v1/sms/send", { key, body, headers: idempotent(), vars });
const balance = async (companyId: string) => (await walletBalance(db, companyId))?.balanceMinor;

describe("POST /sms/check", () => {
  it("per number: E.164 and country, whether allowed and why not, and the text's encoding, segments and price; nothing sent or charged", async () => {
    const t = await smsCompany();
    const text = "Su cita es el martes a las 10:00 — gracias"; // the em dash makes it UCS-2
    const response = await check(t.key, {
      numbers: [
        "+34 612 34 56 78",
        "612345679",
        "+351 912 345 678",
        "+34 910 123 456",
        "12345",
        "+81 90-1234-5678",
        "+33 6 12 34 56 78",
      ],
      text,
    });
    expect(response.status).toBe(200);
    expect(response.json.text).toEqual({ encoding: "UCS-2", characters: [...text].length, segments: 1 });
    expect(response.json.currency).toBe("EUR");
    expect(
      response.json.recipients.map((r: Record<string, unknown>) => [
        r.input,
        r.e164,
        r.country,
        r.valid,
        r.allowed,
        r.verdict,
        r.price_per_segment,
        r.price,
      ]),
    ).toEqual([
      ["+34 612 34 56 78", "+34612345678", "ES", true, true, "allowed", 0.07, 0.07],
      ["612345679", "+34612345679", "ES", true, true, "allowed", 0.07, 0.07],
      ["+351 912 345 678", "+351912345678", "PT", true, true, "allowed", 0.06, 0.06],
      ["+34 910 123 456", "+34910123456", "ES", true, false, "not_mobile", null, null],
      ["12345", null, null, false, false, "invalid_number", null, null],
      ["+81 90-1234-5678", "+819012345678", "JP", true, false, "destination_not_covered", null, null],
      ["+33 6 12 34 56 78", "+33612345678", "FR", true, true, "allowed", 0.08, 0.08],
    ]);
    expect(response.json).toMatchObject({ allowed: 4, total_price: 0.28 });
    expect(await balance(t.companyId)).toBe(1000);
  });

  it("a long text is priced per segment; without a text there is no price", async () => {
    const t = await smsCompany();
    const long = await check(t.key, { numbers: ["+34612345678"], text: "a".repeat(161) });
    expect(long.json.text).toEqual({ encoding: "GSM-7", characters: 161, segments: 2 });
    expect(long.json.recipients[0]).toMatchObject({ price_per_segment: 0.07, price: 0.14 });
    const none = await check(t.key, { numbers: ["+34612345678"] });
    expect(none.json).toMatchObject({ text: null, total_price: null, allowed: 1 });
    expect(none.json.recipients[0]).toMatchObject({ price_per_segment: 0.07, price: null });
  });

  it("1 to 100 numbers (400 beyond); 503 when SMS is not configured", async () => {
    const t = await smsCompany();
    expect((await check(t.key, { numbers: [] })).status).toBe(400);
    const tooMany = await check(t.key, { numbers: Array.from({ length: 101 }, () => "+34612345678") });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors[0].path).toBe("body.numbers");
    expect((await check(t.key, { numbers: Array.from({ length: 100 }, () => "+34612345678") })).status).toBe(200);
    const unconfigured = await check(t.key, { numbers: ["+34612345678"] }, { TWILIO_FROM_NUMBER: "" });
    expect(unconfigured.status).toBe(503);
    expect(slug(unconfigured.json)).toBe("integration_not_configured");
  });
});

describe("POST /sms/send", () => {
  it("sends through Twilio and debits segments x price in the same batch as the record; history lists it", async () => {
    const t = await smsCompany();
    const to = mobile();
    const text = `${"a".repeat(150)} € ${"b".repeat(10)}`; // 164 septets: two segments
    const response = await send(t.key, { to, text });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      to,
      country: "ES",
      text,
      encoding: "GSM-7",
      segments: 2,
      price_per_segment: 0.07,
      cost: 0.14,
      currency: "EUR",
      status: "sent",
      refunded: false,
      failure_reason: null,
    });
    expect(response.json.provider_message_id).toMatch(/^SM[0-9a-f]{32}$/);
    const [received] = await fake.requests("twilio", to);
    expect(received).toMatchObject({ method: "POST", authorized: true });
    expect(new URLSearchParams(received!.body).get("Body")).toBe(text);
    expect(await balance(t.companyId)).toBe(1000 - 14);
    const [charge] = await db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.companyId, t.companyId), eq(walletLedger.referenceId, response.json.id)));
    expect(charge).toMatchObject({ kind: "charge", amountMinor: -14, referenceType: "sms", balanceAfterMinor: 986 });
    const history = await call("/api/v1/sms/history", { key: t.key });
    expect(history.json.data).toEqual([response.json]);
  });

  it("a wallet that does not cover the cost is 409 conflict: nothing sent, recorded or charged", async () => {
    const t = await smsCompany(10);
    const to = mobile();
    const response = await send(t.key, { to, text: "a".repeat(161) });
    expect(response.status).toBe(409);
    expect(slug(response.json)).toBe("conflict");
    expect(response.json).toMatchObject({ amount_minor: 14, balance_minor: 10, currency: "EUR" });
    expect(await fake.requests("twilio", to)).toEqual([]);
    expect((await call("/api/v1/sms/history", { key: t.key })).json.data).toEqual([]);
    expect(await balance(t.companyId)).toBe(10);
  });

  it("concurrent sends never overdraw: with money for one, one is sent and the other refused", async () => {
    const t = await smsCompany(10);
    const [first, second] = await Promise.all([
      send(t.key, { to: mobile(), text: "uno" }),
      send(t.key, { to: mobile(), text: "dos" }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    // The refusal names the wallet (the charge's condition), not the send's intent, which no other attempt holds.
    expect([first, second].find((response) => response.status === 409)!.json.detail).toContain("wallet balance");
    expect(await balance(t.companyId)).toBe(3);
    expect((await call("/api/v1/sms/history", { key: t.key })).json.data).toHaveLength(1);
  });

  it("a provider failure is 502: the message is recorded failed and its cost refunded in one batch; a refused recipient too", async () => {
    const t = await smsCompany();
    const to = mobile();
    await fake.control("twilio", "script", { status: 500, match: to });
    const failed = await send(t.key, { to, text: "hola" });
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ provider: "twilio", detail: "Twilio failed: it answered HTTP 500." });
    const refusedTo = mobile();
    await fake.control("twilio", "refuse", { recipient: refusedTo });
    const refused = await send(t.key, { to: refusedTo, text: "hola" });
    expect(refused.status).toBe(502);
    expect(await balance(t.companyId)).toBe(1000);
    const history = (await call("/api/v1/sms/history?status=failed", { key: t.key })).json.data;
    expect(history.map((row: { to: string }) => row.to)).toEqual([refusedTo, to]);
    expect(history[1]).toMatchObject({
      status: "failed",
      refunded: true,
      cost: 0.07,
      failure_reason: "Twilio failed: it answered HTTP 500.",
      provider_message_id: null,
    });
    const ledger = await db.select().from(walletLedger).where(eq(walletLedger.companyId, t.companyId));
    expect(
      ledger
        .filter((row) => row.referenceType === "sms")
        .map((row) => [row.kind, row.amountMinor])
        .sort(),
    ).toEqual([
      ["charge", -7],
      ["charge", -7],
      ["refund", 7],
      ["refund", 7],
    ]);
  });

  it("a recipient that cannot receive it is 400 naming body.to; SMS not configured is 503; nothing is charged", async () => {
    const t = await smsCompany();
    for (const to of ["+34910123456", "12345", "+819012345678"]) {
      const response = await send(t.key, { to, text: "hola" });
      expect(response.status, to).toBe(400);
      expect(response.json.errors[0].path).toBe("body.to");
    }
    const unconfigured = await send(t.key, { to: mobile(), text: "hola" }, { TWILIO_AUTH_TOKEN: "" });
    expect(unconfigured.status).toBe(503);
    expect(await balance(t.companyId)).toBe(1000);
    expect((await call("/api/v1/sms/history", { key: t.key })).json.data).toEqual([]);
    expect(JSON.stringify(unconfigured.json)).not.toContain(env.TWILIO_ACCOUNT_SID);
  });
});
