import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { config, eventsOf, fake, OPEN } from "../../../test/fixtures/conversations";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import { commitBatch } from "../../core/commit";
import { dueWork } from "../../data/schema";
import { PreconditionFailed } from "../../data/precondition";
import { openProviderSettings } from "../../integrations";
import { whatsappConnections } from "./schema";
import { refreshWhatsAppToken } from "./tokens";

// Rotation of the WhatsApp numbers' tokens (tokens.ts): the operator connects a number with its token's
// expiry; due work exchanges the token with Meta (the fake's GET /oauth/access_token) a week before it
// expires, seals the fresh one over the old, and schedules the next; a token that cannot be refreshed
// disables the number with an event, and sends on it are refused saying why.

const DAY = 86_400_000;
afterEach(resetClock);

let numbers = 0;
/** A company with a number connected through the operator API, its token registered with the fake and expiring in `days`. */
async function connected(days: number | null = 20, vars: Record<string, string> = {}) {
  const t = await tenant();
  const token = `EAAtest${crypto.randomUUID().replace(/-/g, "")}`;
  await fake.control("credentials", { token });
  const body = {
    phone: `+3491${String(1_000_000 + Math.floor(Math.random() * 8_000_000) + (numbers++ % 7))}`,
    display_name: "Clínica Norte",
    phone_number_id: String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999)),
    business_account_id: "102290129340398",
    token,
    ...(days === null ? {} : { token_expires_at: new Date(Date.now() + days * DAY).toISOString() }),
  };
  const response = await operator(`/companies/${t.companyId}/whatsapp`, { method: "POST", body, vars });
  expect(response.status, response.text).toBe(201);
  expect(response.text).not.toContain(token);
  const id: string = response.json.connection_id;
  const row = () =>
    db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.id, id))
      .get()
      .then((found) => found!);
  const tokenNow = async () =>
    (await openProviderSettings(config, "whatsapp", t.companyId, (await row()).credentials)).accessToken;
  const due = () =>
    db
      .select()
      .from(dueWork)
      .where(and(eq(dueWork.companyId, t.companyId), eq(dueWork.kind, refreshWhatsAppToken.kind)));
  return { ...t, token, body, id, connection: response.json, row, tokenNow, due };
}

/** Moves the clock to `ms` from now, fires a Cron tick and runs the company's jobs to their end. */
async function at(companyId: string, ms: number) {
  moveClock(ms);
  await tick();
  await settleJobs(companyId);
}

describe("WhatsApp token rotation", () => {
  it("connecting stores the expiry and schedules the refresh a week before it (or halfway, for a shorter life), in the same batch", async () => {
    const c = await connected(20);
    expect(c.connection).toMatchObject({
      status: "connected",
      token_expires_at: c.body.token_expires_at,
      disabled_reason: null,
    });
    expect(Date.parse(c.connection.token_refresh_at)).toBe(Date.parse(c.body.token_expires_at!) - 7 * DAY);
    const [scheduled] = await c.due();
    const short = await connected(4);
    // Halfway through what is left when connected (a moment after the test computed the expiry).
    expect(
      Math.abs(Date.parse(short.connection.token_refresh_at) - (Date.parse(short.body.token_expires_at!) - 2 * DAY)),
    ).toBeLessThan(5_000);
    expect(scheduled).toMatchObject({
      dueAt: c.connection.token_refresh_at,
      payload: { connectionId: c.id, version: 1 },
    });
    // A token that does not expire has nothing to rotate; nor does a deployment without the Meta app's id.
    const forever = await connected(null);
    expect(forever.connection).toMatchObject({ token_expires_at: null, token_refresh_at: null });
    expect(await forever.due()).toEqual([]);
    const unrotated = await connected(20, { WHATSAPP_APP_ID: "" });
    expect(unrotated.connection.token_refresh_at).toBeNull();
    expect(await unrotated.due()).toEqual([]);
  });

  it("before the token expires, due work exchanges it for a fresh one, seals it over the old one and schedules the next refresh", async () => {
    const c = await connected(20);
    await at(c.companyId, 13 * DAY + 60_000);
    const [exchange] = await fake.requests(`fb_exchange_token=${c.token}`);
    expect(exchange?.path).toBe("/v21.0/oauth/access_token");
    const row = await c.row();
    expect(row).toMatchObject({ status: "connected", version: 2 });
    const fresh = await c.tokenNow();
    expect(fresh).not.toBe(c.token);
    expect(row.credentials).not.toContain(fresh);
    // The fake's tokens last 60 days from the exchange; the next refresh is a week before that.
    const expires = Date.parse(row.tokenExpiresAt!);
    expect(Math.abs(expires - (Date.now() + 13 * DAY + 60 * DAY))).toBeLessThan(60_000);
    expect((await c.due()).map((item) => [item.payload, item.dueAt])).toEqual([
      [{ connectionId: c.id, version: 2 }, new Date(expires - 7 * DAY).toISOString()],
    ]);
    // The old token is retired: with it expired at Meta, the number still works, on the fresh one.
    await fake.control("expire_token", { token: c.token });
    const templates = await call("/api/v1/whatsapp/templates", { key: c.key, vars: OPEN });
    expect(templates.status, templates.text).toBe(200);
    const [used] = await fake
      .requests(`/${"102290129340398"}/message_templates`)
      .then((all) => all.filter((r) => r.headers.authorization === `Bearer ${fresh}`));
    expect(used).toBeDefined();
    const events = await eventsOf(c.companyId);
    expect(events.map((event) => event.text).join()).not.toContain(fresh);
  });

  it("a token Meta refuses to exchange disables the number with an event; sends on it answer 503 (or 422 where 503 is not declared) saying why", async () => {
    const c = await connected(20);
    await fake.control("expire_token", { token: c.token });
    await at(c.companyId, 13 * DAY + 60_000);
    const row = await c.row();
    expect(row).toMatchObject({ status: "disabled", connectedAt: null, version: 2 });
    expect(row.disabledReason).toBe("Its token could not be refreshed: Meta says the token is invalid or has expired.");
    expect(await c.due()).toEqual([]);
    const [event] = (await eventsOf(c.companyId)).filter((e) => e.type === "whatsapp.connection.disabled");
    expect(event?.data).toEqual({
      connection_id: c.id,
      phone_number: row.phoneNumber,
      reason: row.disabledReason,
      disabled_at: row.disabledAt,
    });
    expect(event?.text).not.toContain(c.token);

    const check = await call("/api/v1/whatsapp/check", { key: c.key, body: { phones: ["+34612345678"] }, vars: OPEN });
    expect(check.status).toBe(503);
    expect(slug(check.json)).toBe("integration_not_configured");
    expect(check.json.detail).toBe(
      `The WhatsApp number ${row.phoneNumber} is disabled: its token could not be refreshed: Meta says the token is invalid or has expired. The operator must connect it again with a new token.`,
    );
    const send = await call("/api/v1/whatsapp/send", {
      key: c.key,
      body: { to: "+34612345678", type: "template", template: { name: "hello_world", language: "en_US" } },
      vars: OPEN,
    });
    expect(send.status).toBe(422);
    expect(send.json.detail).toContain("is disabled: its token could not be refreshed");
    const listed = await call("/api/v1/whatsapp/connections", { key: c.key, vars: OPEN });
    expect(listed.json.data[0]).toMatchObject({ id: c.id, status: "disabled", connected_at: null });

    // The operator connects it again with a new token: same connection, connected, its refresh scheduled.
    const token = `EAAtest${crypto.randomUUID().replace(/-/g, "")}`;
    await fake.control("credentials", { token });
    const again = await operator(`/companies/${c.companyId}/whatsapp`, {
      method: "POST",
      body: { ...c.body, token, token_expires_at: new Date(Date.now() + 13 * DAY + 30 * DAY).toISOString() },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.json).toMatchObject({ connection_id: c.id, status: "connected", disabled_reason: null });
    expect(
      (await call("/api/v1/whatsapp/check", { key: c.key, body: { phones: ["+34612345678"] }, vars: OPEN })).status,
    ).toBe(200);
    expect(await c.due()).toHaveLength(1);
  });

  it("a failure that may pass is tried again an hour later; still failing as the token runs out, it disables the number", async () => {
    const c = await connected(20);
    await fake.control("script", { status: 500, match: `fb_exchange_token=${c.token}` });
    // The code's clock while the tick ran: between these two readings (the clock is real time moved by the offset).
    const tickedFrom = Date.now() + 13 * DAY + 60_000;
    await at(c.companyId, 13 * DAY + 60_000);
    const tickedBy = Date.now() + 13 * DAY + 60_000;
    expect(await c.row()).toMatchObject({ status: "connected", version: 1 });
    const [retry] = await c.due();
    expect(Date.parse(retry!.dueAt)).toBeGreaterThanOrEqual(tickedFrom + 3_600_000);
    expect(Date.parse(retry!.dueAt)).toBeLessThanOrEqual(tickedBy + 3_600_000);
    expect(retry!.payload).toEqual({ connectionId: c.id, version: 1 });

    await fake.control("script", { status: 503, match: `fb_exchange_token=${c.token}` });
    await at(c.companyId, 20 * DAY - 30 * 60_000);
    const row = await c.row();
    expect(row.status).toBe("disabled");
    expect(row.disabledReason).toBe(
      "Its token could not be refreshed before it expired: WhatsApp Cloud API failed: it answered HTTP 503.",
    );
    expect((await eventsOf(c.companyId)).filter((e) => e.type === "whatsapp.connection.disabled")).toHaveLength(1);
  });

  it("a reconnect while a refresh is in flight wins: the refresh's write is refused and its due work later does nothing", async () => {
    const c = await connected(20);
    const job = {
      id: crypto.randomUUID(),
      companyId: c.companyId,
      attempt: 1,
      env,
      config,
      db,
      requestId: crypto.randomUUID(),
      caller: { company: { id: c.companyId } },
    };
    moveClock(13 * DAY);
    // The refresh has exchanged the token with Meta and is about to commit...
    const outcome = await refreshWhatsAppToken.run(job, { connectionId: c.id, version: 1 });
    expect(outcome.status).toBe("done");
    // ...when the operator disconnects the number and connects it again with another token.
    expect((await operator(`/companies/${c.companyId}/whatsapp/${c.id}`, { method: "DELETE" })).status).toBe(200);
    const token = `EAAtest${crypto.randomUUID().replace(/-/g, "")}`;
    await fake.control("credentials", { token });
    const { token_expires_at: _, ...withoutExpiry } = c.body;
    expect(
      (await operator(`/companies/${c.companyId}/whatsapp`, { method: "POST", body: { ...withoutExpiry, token } }))
        .status,
    ).toBe(201);
    const statements = outcome.status === "done" ? (outcome.statements ?? []) : [];
    await expect(commitBatch(db, env, undefined, c.companyId, statements, [], [])).rejects.toThrow(PreconditionFailed);
    expect(await c.row()).toMatchObject({
      status: "connected",
      version: 3,
      tokenExpiresAt: null,
      tokenRefreshedAt: null,
    });
    expect(await c.tokenNow()).toBe(token);

    // The refresh scheduled with the first token comes due: stale, it does nothing.
    await at(c.companyId, 13 * DAY + 60_000);
    expect(await c.row()).toMatchObject({ status: "connected", version: 3 });
    expect(await c.tokenNow()).toBe(token);
    expect(await c.due()).toEqual([]);
  });
});
