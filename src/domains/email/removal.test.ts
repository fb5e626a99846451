import { asc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { settleJobs } from "../../../test/jobs";
import { db, operator, slug } from "../../../test/helpers";
import { fakeRequests, onboarded } from "../../../test/fixtures/onboarding";
import { dueWork, jobs } from "../../data/schema";
import { webhookEvents } from "../webhooks/schema";
import { emailIdentities } from "./schema";

// The operator removes a sending identity: at the provider (the Postmark fake's DELETE /senders/{id}
// and /domains/{id}), its row and its pending checks.

afterEach(resetClock);

const add = (companyId: string, email: string) =>
  operator(`/companies/${companyId}/email-identities`, { method: "POST", body: { email, name: "Sales" } });

const remove = (companyId: string, identityId: string) =>
  operator(`/companies/${companyId}/email-identities/${identityId}`, { method: "DELETE" });

const providerIds = async (identityId: string) => {
  const row = await db.select().from(emailIdentities).where(eq(emailIdentities.id, identityId)).get();
  return { domain: row!.providerDomainId!, sender: row!.providerSenderId! };
};

const deletesOf = async (path: string) =>
  (await fakeRequests("postmark", path)).filter((request) => request.method === "DELETE" && request.path === path);

describe("removing a sending identity", () => {
  it("removes it at the provider, with its checks: the address is free again and nothing is checked", async () => {
    const [a, b] = [await onboarded({ capabilities: ["email"] }), await onboarded({ capabilities: ["email"] })];
    const address = `sales@gone-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const added = await add(a.companyId, address);
    expect(added.status, added.text).toBe(201);
    const id = added.json.identity_id as string;
    const ids = await providerIds(id);
    expect(await db.select().from(dueWork).where(eq(dueWork.companyId, a.companyId))).toHaveLength(1);
    // While company A has it, the provider's signature is A's: B is refused.
    expect((await add(b.companyId, address)).status).toBe(409);

    const removed = await remove(a.companyId, id);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toMatchObject({ identity_id: id, email: address, status: "pending" });
    expect(await deletesOf(`/senders/${ids.sender}`)).toHaveLength(1);
    expect(await deletesOf(`/domains/${ids.domain}`)).toHaveLength(1);
    expect((await operator(`/companies/${a.companyId}/email-identities`)).json.data).toEqual([]);
    expect(await db.select().from(dueWork).where(eq(dueWork.companyId, a.companyId))).toEqual([]);

    // Its checks are over: past every check's time nothing runs and nothing is emitted.
    moveClock(8 * 24 * 60 * 60_000);
    await tick();
    await settleJobs(a.companyId);
    expect(await db.select().from(jobs).where(eq(jobs.companyId, a.companyId))).toEqual([]);
    // One event: its last, numbered after the identity's (none before), with the status it had.
    const events = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, a.companyId))
      .orderBy(asc(webhookEvents.createdAt), asc(sql`rowid`));
    expect(events.map((event) => ({ type: event.type, data: JSON.parse(event.data) }))).toEqual([
      {
        type: "email_identity.removed",
        data: {
          identity_id: id,
          email: address,
          previous_status: "pending",
          removed_at: expect.any(String),
          sequence: 1,
        },
      },
    ]);

    // The provider has the address no more: another company may add it (and its domain, with DNS records).
    const again = await add(b.companyId, address);
    expect(again.status, again.text).toBe(201);
    expect(again.json.dns_records).not.toEqual([]);
    // Removed already: 404, and the provider is not asked again.
    const repeat = await remove(a.companyId, id);
    expect(repeat.status).toBe(404);
    expect(slug(repeat.json)).toBe("not_found");
    expect(await deletesOf(`/senders/${ids.sender}`)).toHaveLength(1);
  });

  it("keeps the domain at the provider while another identity of the company is at it", async () => {
    const t = await onboarded({ capabilities: ["email"] });
    const domain = `two-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const first = await add(t.companyId, `sales@${domain}`);
    const second = await add(t.companyId, `info@${domain}`);
    expect([first.status, second.status]).toEqual([201, 201]);
    const ids = await providerIds(first.json.identity_id);
    expect((await providerIds(second.json.identity_id)).domain).toBe(ids.domain);

    expect((await remove(t.companyId, first.json.identity_id)).status).toBe(200);
    expect(await deletesOf(`/domains/${ids.domain}`)).toEqual([]);
    // The other identity still has its domain: the operator's check answers it.
    const checked = await operator(`/email-identities/${second.json.identity_id}/verify`, { method: "POST" });
    expect(checked.status, checked.text).toBe(200);

    expect((await remove(t.companyId, second.json.identity_id)).status).toBe(200);
    expect(await deletesOf(`/domains/${ids.domain}`)).toHaveLength(1);
    expect((await operator(`/companies/${t.companyId}/email-identities`)).json.data).toEqual([]);
  });

  it("completes when the provider has removed it already, and is 404 for another company's identity", async () => {
    const [a, b] = [await onboarded({ capabilities: ["email"] }), await onboarded({ capabilities: ["email"] })];
    const added = await add(a.companyId, `late@lost-${crypto.randomUUID().slice(0, 8)}.example.com`);
    expect(added.status, added.text).toBe(201);
    const id = added.json.identity_id as string;

    const foreign = await remove(b.companyId, id);
    expect(foreign.status).toBe(404);
    expect(await db.select().from(emailIdentities).where(eq(emailIdentities.id, id))).toHaveLength(1);

    // The provider no longer knows either id (an earlier removal whose answer was lost): 422 for each, and done.
    await db
      .update(emailIdentities)
      .set({ providerDomainId: 990_000_011, providerSenderId: 990_000_012 })
      .where(eq(emailIdentities.id, id));
    const removed = await remove(a.companyId, id);
    expect(removed.status, removed.text).toBe(200);
    expect(await deletesOf("/senders/990000012")).toHaveLength(1);
    expect(await db.select().from(emailIdentities).where(eq(emailIdentities.id, id))).toEqual([]);
  });
});
