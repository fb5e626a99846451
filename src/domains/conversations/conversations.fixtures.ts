import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { call, db, tenant, type CallOptions } from "../../../test/helpers";
import { parseConfig } from "../../config";
import { sealConnectionCredentials } from "./connections";
import { recordInboundMessage, insertConnection } from "./queries";
import { conversations, messages } from "./schema";

/** Helpers shared by the conversations and WhatsApp tests (not a test file itself). */

/** Gate C open. */
export const OPEN = { CONVERSATIONS_API_ENABLED: "true" } as const;
export const config = parseConfig(env);
export const fakeOrigin = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).whatsapp!;

export const fake = {
  /** What the WhatsApp fake received, filtered by `match` (test runs share the fake: match on something unique). */
  async requests(match: string): Promise<{ path: string; body: string; headers: Record<string, string>; authorized: boolean }[]> {
    const response = await fetch(`${fakeOrigin}/__fake/requests?match=${encodeURIComponent(match)}`);
    return ((await response.json()) as { requests: { path: string; body: string; headers: Record<string, string>; authorized: boolean }[] }).requests;
  },
  async control(action: string, body: unknown) {
    const response = await fetch(`${fakeOrigin}/__fake/${action}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(200);
  },
};

let numbers = 0;
/** A Spanish mobile number no other test of the run uses (the fake is shared by every test file). */
export const uniqueMobile = () => `+346${String(Math.floor(Math.random() * 90_000_000) + 10_000_000 + (numbers++ % 7))}`;

/**
 * A company with a connected WhatsApp number whose own token (random, registered with the fake)
 * is sealed in the connection, and a key with every scope.
 */
export async function whatsappCompany() {
  const company = await tenant();
  const token = `EAAtest${crypto.randomUUID().replace(/-/g, "")}`;
  await fake.control("credentials", { token });
  const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  const businessAccountId = String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  const connection = {
    id: crypto.randomUUID(),
    companyId: company.companyId,
    phoneNumber: "+34911234567",
    displayName: "Test SL",
    phoneNumberId,
    businessAccountId,
    status: "connected" as const,
    credentials: await sealConnectionCredentials(config, company.companyId, { accessToken: token, phoneNumberId, businessAccountId }),
    connectedAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
  };
  await insertConnection(db, connection);
  const inbound = (from: string, fields: { text?: string; at?: string; contactName?: string } = {}) =>
    recordInboundMessage(db, { companyId: company.companyId, connectionId: connection.id, from, text: fields.text ?? "Hola", at: fields.at, contactName: fields.contactName });
  const api = (path: string, options: CallOptions = {}) => call(path, { key: company.key, vars: OPEN, ...options });
  return { ...company, token, connection, phoneNumberId, businessAccountId, inbound, api };
}

export type WhatsAppCompany = Awaited<ReturnType<typeof whatsappCompany>>;

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

export async function setMode(companyId: string, conversationId: string, mode: "ai" | "human", status: "open" | "closed" = "open") {
  await db
    .update(conversations)
    .set({ mode, status, takenOverByKeyId: mode === "human" ? "key_00000000000000000000000000000000" : null, takenOverByName: mode === "human" ? "Desk" : null })
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, conversationId)));
}

export const messageRow = (id: string) => db.select().from(messages).where(eq(messages.id, id)).get();

/** The events the company's writes emitted (the outbox's rows), oldest first, with their data parsed. */
export async function eventsOf(companyId: string): Promise<{ type: string; data: Record<string, unknown>; text: string }[]> {
  // The webhooks domain's table, read as SQL: a helper of this domain reaches no other domain's schema.
  const { results: rows } = await env.DB.prepare("SELECT type, data FROM webhook_events WHERE company_id = ? ORDER BY created_at, rowid").bind(companyId).all<{ type: string; data: string }>();
  return rows.map((row) => ({ type: row.type, data: JSON.parse(row.data) as Record<string, unknown>, text: row.data }));
}
