import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { consumeJob, settleJobs } from "../../../test/jobs";
import { db, operator, slug } from "../../../test/helpers";
import { onboarded } from "../../../test/fixtures/onboarding";
import { dueWork, jobs } from "../../data/schema";
import { webhookEvents } from "../webhooks/schema";
import { emailIdentities } from "./schema";

// A pending identity checks itself (due work), against the Postmark fake: it finds a domain's DNS
// records, and confirms a sender signature, a second (real time) after they were added.

afterEach(resetClock);

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const identityEvents = async (companyId: string) =>
  (await db.select().from(webhookEvents).where(eq(webhookEvents.companyId, companyId)).orderBy(webhookEvents.createdAt))
    .filter((event) => event.type.startsWith("email_identity."))
    .map((event) => ({ type: event.type, data: JSON.parse(event.data) as Record<string, unknown> }));

const add = (companyId: string, email: string) =>
  operator(`/companies/${companyId}/email-identities`, { method: "POST", body: { email, name: "Sales" } });

const identityOf = async (companyId: string, id: string) =>
  (await operator(`/companies/${companyId}/email-identities`)).json.data.find(
    (row: { identity_id: string }) => row.identity_id === id,
  );

/** The fake confirms a second after the identity was added (real time); the code's clock is then moved past the check. */
const providerConfirms = () => new Promise((resolve) => setTimeout(resolve, 1_200));

describe("a pending email identity verifies by itself", () => {
  it("is checked by due work until the provider confirms, then verified with one email_identity.verified", async () => {
    const t = await onboarded({ capabilities: ["email"] });
    const domain = `auto-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const added = await add(t.companyId, `sales@${domain}`);
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({ status: "pending", failure_reason: null });
    const id = added.json.identity_id as string;
    const [due] = await db.select().from(dueWork).where(eq(dueWork.companyId, t.companyId));
    expect(due).toMatchObject({ kind: "email.check_identity", payload: { identityId: id, attempt: 0 } });

    await providerConfirms();
    // Before its first check is due, a tick changes nothing.
    await tick();
    await settleJobs(t.companyId);
    expect((await identityOf(t.companyId, id)).status).toBe("pending");

    moveClock(2 * MINUTE_MS);
    await tick();
    await settleJobs(t.companyId);
    expect(await identityOf(t.companyId, id)).toMatchObject({ status: "verified", verified_at: expect.any(String) });
    expect(await identityEvents(t.companyId)).toEqual([
      {
        type: "email_identity.verified",
        data: expect.objectContaining({
          identity_id: id,
          email: `sales@${domain}`,
          status: "verified",
          previous_status: "pending",
          sequence: 1,
        }),
      },
    ]);
    // Its chain ended: nothing more is scheduled; a repeated check, or the operator's, emits nothing.
    expect(await db.select().from(dueWork).where(eq(dueWork.companyId, t.companyId))).toEqual([]);
    const now = new Date().toISOString();
    const again = crypto.randomUUID();
    await db.insert(jobs).values({
      id: again,
      companyId: t.companyId,
      kind: "email.check_identity",
      payload: { identityId: id, attempt: 1 },
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await consumeJob(again);
    expect((await operator(`/email-identities/${id}/verify`, { method: "POST" })).json.status).toBe("verified");
    expect(await identityEvents(t.companyId)).toHaveLength(1);
  });

  it("backs off while the provider has not confirmed, and is failed at its deadline with one email_identity.failed", async () => {
    const t = await onboarded({ capabilities: ["email"] });
    const added = await add(t.companyId, `late@slow-${crypto.randomUUID().slice(0, 8)}.example.com`);
    expect(added.status, added.text).toBe(201);
    const id = added.json.identity_id as string;
    // The provider cannot say (it knows neither the domain nor the signature any more: 422 on each check).
    await db
      .update(emailIdentities)
      .set({ providerDomainId: 990_000_001, providerSenderId: 990_000_002 })
      .where(eq(emailIdentities.id, id));

    moveClock(2 * MINUTE_MS);
    await tick();
    await settleJobs(t.companyId);
    expect((await identityOf(t.companyId, id)).status).toBe("pending");
    const [next] = await db
      .select()
      .from(dueWork)
      .where(and(eq(dueWork.companyId, t.companyId), eq(dueWork.kind, "email.check_identity")));
    // The second check waits longer than the first did.
    expect(next?.payload).toEqual({ identityId: id, attempt: 1 });
    expect(Date.parse(next!.dueAt) - Date.now()).toBeGreaterThan(3 * MINUTE_MS);

    moveClock(8 * DAY_MS);
    await tick();
    await settleJobs(t.companyId);
    expect(await identityOf(t.companyId, id)).toMatchObject({
      status: "failed",
      failure_reason: expect.stringContaining("7 days"),
    });
    expect(await identityEvents(t.companyId)).toEqual([
      {
        type: "email_identity.failed",
        data: expect.objectContaining({ identity_id: id, status: "failed", previous_status: "pending", sequence: 1 }),
      },
    ]);
    expect(await db.select().from(dueWork).where(eq(dueWork.companyId, t.companyId))).toEqual([]);
  });

  it("two companies may use addresses at one domain (no 502); one address is one company's (409 saying why)", async () => {
    const [a, b] = [await onboarded({ capabilities: ["email"] }), await onboarded({ capabilities: ["email"] })];
    const domain = `shared-${crypto.randomUUID().slice(0, 8)}.example.com`;
    expect((await add(a.companyId, `sales@${domain}`)).status).toBe(201);
    const other = await add(b.companyId, `info@${domain}`);
    expect(other.status, other.text).toBe(201);
    // Not company A's DNS: verified by its own address's confirmation only.
    expect(other.json).toMatchObject({ status: "pending", dns_records: [] });
    await providerConfirms();
    moveClock(2 * MINUTE_MS);
    await tick();
    await settleJobs(b.companyId);
    expect((await identityOf(b.companyId, other.json.identity_id)).status).toBe("verified");

    const taken = await add(b.companyId, `sales@${domain}`);
    expect(taken.status).toBe(409);
    expect(slug(taken.json)).toBe("conflict");
    expect(taken.json.detail).toContain("another company");
  });
});
