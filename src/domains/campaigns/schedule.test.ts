import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { settleJobs } from "../../../test/jobs";
import { call, db, slug } from "../../../test/helpers";
import { addLists, createCampaign, listOf, marketer, patch, people } from "../../../test/fixtures/campaigns";
import { balanceOf, fund, ledgerOf } from "../../../test/wallet-operations";
import { dueWork } from "../../data/schema";
import { campaignAttempts } from "./schema";
import { readUnsubscribeToken, unsubscribeToken } from "./marketing";
import { eventDataOf } from "../../../test/events";

const fakes = JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>;
const SECRET = env.WEBHOOK_SECRET_KEY!;

afterEach(resetClock);

async function received(address: string) {
  const response = await fetch(`${fakes.postmark}/__fake/requests?match=${encodeURIComponent(address)}`);
  const { requests } = (await response.json()) as { requests: { path: string; body: string }[] };
  return requests
    .filter((request) => request.path === "/email")
    .map((request) => JSON.parse(request.body) as Record<string, unknown>);
}

const charges = async (companyId: string) => (await ledgerOf(companyId)).filter((entry) => entry.kind === "charge");
// The campaigns' own due work (a dispatch's charge also schedules its month's usage invoice, billing's).
const dueOf = (companyId: string) =>
  db
    .select()
    .from(dueWork)
    .where(and(eq(dueWork.companyId, companyId), eq(dueWork.kind, "campaigns.dispatch_scheduled")));

/** A campaign over `count` people, scheduled a minute ahead. */
async function scheduled(
  count: number,
  options: { balance?: number; identity?: boolean; spendEnabled?: boolean } = {},
) {
  const m = await marketer({ spendEnabled: options.spendEnabled ?? true, identity: options.identity });
  if ((options.balance ?? 1_000) > 0) await fund(m.companyId, options.balance ?? 1_000);
  const audience = people(count);
  const list = await listOf(m, audience);
  const campaign = await createCampaign(m);
  await addLists(m, campaign.id, [list.listId]);
  const at = new Date(Date.now() + 60_000).toISOString();
  const scheduling = await patch(m, campaign.id, { status: "scheduled", scheduled_at: at });
  expect(scheduling.status).toBe(200);
  return { m, campaignId: campaign.id, emails: audience.map((person) => person.email) };
}

describe("a scheduled campaign", () => {
  it("goes out at the first tick after its time, once under overlapping ticks, with its attempts recorded and charged once", async () => {
    const { m, campaignId, emails } = await scheduled(3);
    // Before its time a tick sends nothing.
    await tick();
    await settleJobs(m.companyId);
    expect(await received(emails[0]!)).toEqual([]);

    moveClock(2 * 60_000);
    await Promise.all([tick(), tick(), tick()]);
    await settleJobs(m.companyId);
    for (const email of emails)
      expect(await received(email)).toEqual([expect.objectContaining({ From: m.from, Tag: "campaign" })]);
    expect(await charges(m.companyId)).toHaveLength(1);
    expect(await balanceOf(m.companyId)).toBe(997);
    const attempts = await db.select().from(campaignAttempts).where(eq(campaignAttempts.campaignId, campaignId));
    expect(attempts.map((attempt) => attempt.status)).toEqual(["sent", "sent", "sent"]);

    // Its next run finds every recipient sent to: the schedule ends, nothing more goes out.
    moveClock(4 * 60_000);
    await Promise.all([tick(), tick()]);
    await settleJobs(m.companyId);
    expect((await call(`/api/v1/campaigns/${campaignId}`, { key: m.key })).json).toMatchObject({
      status: "completed",
      counts: { sent: 3 },
    });
    expect(await dueOf(m.companyId)).toEqual([]);
    expect(await charges(m.companyId)).toHaveLength(1);
    for (const email of emails) expect(await received(email)).toHaveLength(1);
  });

  it("fails with the reason and campaign.failed, charging and sending nothing, when the balance does not cover it", async () => {
    const { m, campaignId, emails } = await scheduled(3, { balance: 2 });
    moveClock(2 * 60_000);
    await tick();
    await settleJobs(m.companyId);
    const view = (await call(`/api/v1/campaigns/${campaignId}`, { key: m.key })).json;
    expect(view).toMatchObject({
      status: "failed",
      enrolled_at: null,
      failure_reason: expect.stringContaining("does not cover"),
    });
    expect(await eventDataOf(m.companyId, "campaign.failed")).toEqual([
      {
        campaign_id: campaignId,
        reason: "insufficient_balance",
        detail: view.failure_reason,
        previous_status: "scheduled",
        sequence: expect.any(Number),
      },
    ]);
    expect(await charges(m.companyId)).toEqual([]);
    expect(await received(emails[0]!)).toEqual([]);
    // A failed campaign can be scheduled again.
    expect(
      (
        await patch(m, campaignId, {
          status: "scheduled",
          scheduled_at: new Date(Date.now() + 10 * 60_000).toISOString(),
        })
      ).json,
    ).toMatchObject({ status: "scheduled", failure_reason: null });
  });

  it("fails without a verified sending identity (and a dispatch answers 503 saying so)", async () => {
    const { m, campaignId } = await scheduled(1, { identity: false });
    const refused = await call(`/api/v1/campaigns/${campaignId}/dispatch`, {
      key: m.key,
      body: {},
      vars: { PUBLIC_API_SPEND_ENABLED: "true" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(refused.status).toBe(503);
    expect(slug(refused.json)).toBe("integration_not_configured");
    expect(refused.json.detail).toContain("verified sending identity");
    moveClock(2 * 60_000);
    await tick();
    await settleJobs(m.companyId);
    expect(await eventDataOf(m.companyId, "campaign.failed")).toEqual([
      expect.objectContaining({ reason: "no_sending_identity" }),
    ]);
    expect(await charges(m.companyId)).toEqual([]);
  });

  it("unscheduling cancels its due work; rescheduling replaces it", async () => {
    const { m, campaignId, emails } = await scheduled(1);
    const [first] = await dueOf(m.companyId);
    expect(first).toMatchObject({ kind: "campaigns.dispatch_scheduled" });
    await patch(m, campaignId, { scheduled_at: new Date(Date.now() + 5 * 60_000).toISOString() });
    const [second] = await dueOf(m.companyId);
    expect(second!.id).not.toBe(first!.id);
    await patch(m, campaignId, { status: "draft" });
    expect(await dueOf(m.companyId)).toEqual([]);
    moveClock(10 * 60_000);
    await tick();
    await settleJobs(m.companyId);
    expect(await received(emails[0]!)).toEqual([]);
    expect((await call(`/api/v1/campaigns/${campaignId}`, { key: m.key })).json.status).toBe("draft");
  });
});

describe("the unsubscribe link", () => {
  it("is sealed (opaque) and expires: another key or a tampered token is 404, an expired one 410, and GET changes nothing", async () => {
    const m = await marketer();
    const { contactIds } = await listOf(m, [
      { first_name: "Ona", email: `ona.${crypto.randomUUID().slice(0, 8)}@example.com` },
    ]);
    const claim = {
      companyId: m.companyId,
      contactId: contactIds[0]!,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    };
    const token = await unsubscribeToken(SECRET, claim);
    expect(await readUnsubscribeToken(SECRET, token)).toEqual(claim);
    // Opaque: no part of the link decodes to the company's or the contact's id.
    for (const part of token.split(".")) {
      const decoded = (() => {
        try {
          return atob(part.replace(/-/g, "+").replace(/_/g, "/"));
        } catch {
          return part;
        }
      })();
      for (const id of [m.companyId, contactIds[0]!]) {
        expect(decoded).not.toContain(id);
        expect(token).not.toContain(id);
      }
    }
    const forged = await unsubscribeToken(
      btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
      claim,
    );
    const [version, iv, sealed] = token.split(".");
    const flipped = `${sealed!.slice(0, 5)}${sealed![5] === "A" ? "B" : "A"}${sealed!.slice(6)}`;
    const tampered = `${version}.${iv}.${flipped}`;
    for (const bad of [forged, tampered, "nonsense", "v1.x.y"])
      expect((await call(`/u/${bad}`, { method: "POST" })).status).toBe(404);
    expect((await call(`/u/${token}`)).text).toContain('<form method="post">');
    expect((await call(`/api/v1/contacts/${contactIds[0]}`, { key: m.key })).json.tags).not.toContain("unsubscribed");

    moveClock(2 * 3600_000);
    expect((await call(`/u/${token}`, { method: "POST" })).status).toBe(410);
    expect((await call(`/api/v1/contacts/${contactIds[0]}`, { key: m.key })).json.tags).not.toContain("unsubscribed");
  });

  it("made in the format before links were sealed (<payload>.<HMAC>) is still honoured until it expires, and refused when altered", async () => {
    const m = await marketer();
    const { contactIds } = await listOf(m, [
      { first_name: "Old", email: `old.${crypto.randomUUID().slice(0, 8)}@example.com` },
    ]);
    const contactId = contactIds[0]!;
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const token = await signedTokenOfBefore(SECRET, [m.companyId, contactId, expiresAt]);
    expect(token).not.toMatch(/^v1\./);
    expect((await call(`/u/${token}`)).text).toContain('<form method="post">');
    const [payload, signature] = token.split(".");
    const altered = `${payload}.${signature!.slice(0, 4)}${signature![4] === "A" ? "B" : "A"}${signature!.slice(5)}`;
    expect((await call(`/u/${altered}`, { method: "POST" })).status).toBe(404);
    const otherKey = await signedTokenOfBefore("another-key", [m.companyId, contactId, expiresAt]);
    expect((await call(`/u/${otherKey}`, { method: "POST" })).status).toBe(404);

    const followed = await call(`/u/${token}`, { method: "POST" });
    expect(followed.status).toBe(200);
    expect((await call(`/api/v1/contacts/${contactId}`, { key: m.key })).json.tags).toContain("unsubscribed");
    expect(await eventDataOf(m.companyId, "contact.unsubscribed")).toEqual([
      expect.objectContaining({ contact_id: contactId, source: "unsubscribe_link" }),
    ]);

    // Expired, an old link is 410 like a new one.
    const expired = await signedTokenOfBefore(SECRET, [m.companyId, contactId, Math.floor(Date.now() / 1000) - 1]);
    expect((await call(`/u/${expired}`, { method: "POST" })).status).toBe(410);
  });
});

/**
 * A link's token as the code before sealing made it (commit "Unsubscribe tokens are sealed"): the
 * claim in URL-safe base64, a dot, its HMAC-SHA-256 under a key HKDF derived from the secret with
 * the label unsubscribe-links/v1. Written out here, not imported, so the test holds the old format fixed.
 */
async function signedTokenOfBefore(secret: string, claim: [string, string, number]): Promise<string> {
  const encoder = new TextEncoder();
  const base64Url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const master = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  const key = await crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("unsubscribe-links/v1") },
    master,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
  const payload = base64Url(encoder.encode(JSON.stringify(claim)));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(payload)));
  return `${payload}.${base64Url(signature)}`;
}
