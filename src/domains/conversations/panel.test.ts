import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator, tenant } from "../../../test/helpers";
import { openProviderSettings } from "../../integrations";
import { config, OPEN } from "../../../test/fixtures/conversations";
import { connectWhatsAppNumber, disconnectWhatsAppNumber } from "./panel";
import { whatsappConnections } from "./schema";
import { InputError } from "../../lib/input-error";
import { commitBatch } from "../../core/commit";
import type { WriteStatement } from "../../data/write-batch";

// The panel's side (npm run admin -- whatsapp connect / disconnect): connecting seals the token at once.

/** The panel's dependencies: this database, the test configuration (at-rest key `secretKey`), and a plain commit of one batch. */
const deps = (secretKey: string | null = env.WEBHOOK_SECRET_KEY) => ({
  db,
  config: { ...config, webhookSecretKey: secretKey ?? undefined },
  commit: (statements: readonly WriteStatement[]) => commitBatch(db, env, undefined, "", statements, [], []),
});

const input = (companyId: string) => ({
  companyId,
  phone: "+34 911 23 45 67",
  displayName: "Clínica Sonrisa",
  phoneNumberId: "106540352242922",
  businessAccountId: "102290129340398",
  token: "EAAsecretPanelToken123",
});

describe("connecting and disconnecting a WhatsApp number", () => {
  it("stores the number with its token sealed, answers it without the token, and refuses a second one with the same number", async () => {
    const t = await tenant();
    const connection = await connectWhatsAppNumber(deps(), input(t.companyId));
    expect(connection).toMatchObject({
      phone_number: "+34911234567",
      display_name: "Clínica Sonrisa",
      status: "connected",
    });
    expect(JSON.stringify(connection)).not.toContain("EAAsecretPanelToken123");
    const [row] = await db.select().from(whatsappConnections).where(eq(whatsappConnections.companyId, t.companyId));
    expect(row!.credentials).not.toContain("EAAsecretPanelToken123");
    expect((await openProviderSettings(config, "whatsapp", t.companyId, row!.credentials)).accessToken).toBe(
      "EAAsecretPanelToken123",
    );
    // Sealed for this company: another company's id does not open it.
    await expect(openProviderSettings(config, "whatsapp", crypto.randomUUID(), row!.credentials)).rejects.toThrow();
    await expect(connectWhatsAppNumber(deps(), input(t.companyId))).rejects.toThrow(InputError);

    const listed = await call("/api/v1/whatsapp/connections", { key: t.key, vars: OPEN });
    const { token_expires_at, token_refresh_at, disabled_reason, ...view } = connection;
    expect({ token_expires_at, token_refresh_at, disabled_reason }).toEqual({
      token_expires_at: null,
      token_refresh_at: null,
      disabled_reason: null,
    });
    expect(listed.json.data).toEqual([view]);
    const disconnected = await disconnectWhatsAppNumber(db, t.companyId, connection.id);
    expect(disconnected).toMatchObject({ id: connection.id, status: "disconnected", connected_at: null });
    const check = await call("/api/v1/whatsapp/check", { key: t.key, body: { phones: ["+34612345678"] } });
    expect(check.status).toBe(503);
  });

  it("refuses input it cannot use", async () => {
    const t = await tenant();
    const refused = (changes: Partial<ReturnType<typeof input>>, key: string | undefined = env.WEBHOOK_SECRET_KEY) =>
      expect(connectWhatsAppNumber(deps(key ?? null), { ...input(t.companyId), ...changes })).rejects.toThrow(
        InputError,
      );
    await expect(connectWhatsAppNumber(deps(null), input(t.companyId))).rejects.toThrow(InputError);
    await refused({ token: undefined });
    await refused({ phone: "12" });
    await refused({ phoneNumberId: "abc" });
    await refused({ displayName: " " });
    await refused({ companyId: crypto.randomUUID() });
    await expect(disconnectWhatsAppNumber(db, t.companyId, crypto.randomUUID())).rejects.toThrow(InputError);
  });
});

describe("connecting and disconnecting a WhatsApp number (operator API)", () => {
  const body = {
    phone: "+34 911 23 45 68",
    display_name: "Clínica Norte",
    phone_number_id: "106540352242923",
    business_account_id: "102290129340398",
    token: "EAAoperatorSecretToken456",
  };

  it("connects with the token sealed and never answered, lists it to the company's key, refuses the number twice, and disconnects it", async () => {
    const t = await tenant();
    const connected = await operator(`/companies/${t.companyId}/whatsapp`, { method: "POST", body });
    expect(connected.status, connected.text).toBe(201);
    expect(connected.json).toMatchObject({
      company_id: t.companyId,
      phone_number: "+34911234568",
      display_name: "Clínica Norte",
      status: "connected",
    });
    expect(connected.text).not.toContain(body.token);
    const listed = await call("/api/v1/whatsapp/connections", { key: t.key, vars: OPEN });
    expect(listed.json.data.map((connection: { id: string }) => connection.id)).toEqual([connected.json.connection_id]);
    expect(listed.text).not.toContain(body.token);
    expect((await operator(`/companies/${t.companyId}/whatsapp`, { method: "POST", body })).status).toBe(409);

    const other = await tenant();
    expect(
      (await operator(`/companies/${other.companyId}/whatsapp/${connected.json.connection_id}`, { method: "DELETE" }))
        .status,
    ).toBe(404);
    const disconnected = await operator(`/companies/${t.companyId}/whatsapp/${connected.json.connection_id}`, {
      method: "DELETE",
    });
    expect(disconnected.status).toBe(200);
    expect(disconnected.json).toMatchObject({
      connection_id: connected.json.connection_id,
      status: "disconnected",
      connected_at: null,
    });
    expect(disconnected.text).not.toContain(body.token);
  });

  it("refuses unknown companies (404) and bad ids (400)", async () => {
    const t = await tenant();
    expect((await operator(`/companies/${crypto.randomUUID()}/whatsapp`, { method: "POST", body })).status).toBe(404);
    expect(
      (
        await operator(`/companies/${t.companyId}/whatsapp`, {
          method: "POST",
          body: { ...body, phone_number_id: "abc" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await operator(`/companies/${t.companyId}/whatsapp`, { method: "POST", body: { ...body, phone: "12" } })).status,
    ).toBe(400);
  });
});
