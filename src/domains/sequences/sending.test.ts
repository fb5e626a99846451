import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { settleJobs } from "../../../test/jobs";
import { call, db } from "../../../test/helpers";
import { listOf, marketer, type Marketer } from "../../../test/fixtures/campaigns";
import { balanceOf, fund, ledgerOf } from "../../../test/wallet-operations";
import { sequenceEnrollments, sequenceSends } from "./schema";
import { eventDataOf } from "../../../test/events";

const fakes = JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>;
const DAY_MS = 86_400_000;

afterEach(resetClock);

/** What the Postmark fake received for this address, as its JSON bodies. */
async function received(address: string) {
  const response = await fetch(`${fakes.postmark}/__fake/requests?match=${encodeURIComponent(address)}`);
  const { requests } = (await response.json()) as { requests: { path: string; body: string }[] };
  return requests
    .filter((request) => request.path === "/email")
    .map(
      (request) =>
        JSON.parse(request.body) as {
          From: string;
          Subject: string;
          Tag: string;
          Headers: { Name: string; Value: string }[];
        },
    );
}

const enrollmentsOf = (sequenceId: string) =>
  db.select().from(sequenceEnrollments).where(eq(sequenceEnrollments.sequenceId, sequenceId));
const sendsOf = (sequenceId: string) => db.select().from(sequenceSends).where(eq(sequenceSends.sequenceId, sequenceId));

async function sequenceOf(m: Marketer, steps: { delay_days: number }[]) {
  const created = await call("/api/v1/sequences", {
    key: m.key,
    body: { name: "Welcome", steps: steps.map((step) => ({ template_id: m.templateId, ...step })) },
  });
  expect(created.status).toBe(201);
  return created.json.id as string;
}

/** The path of the unsubscribe link a received mail carries in its List-Unsubscribe header. */
const unsubscribePath = (mail: { Headers: { Name: string; Value: string }[] }) => {
  const value = mail.Headers.find((header) => header.Name === "List-Unsubscribe")!.Value;
  return new URL(value.slice(1, -1)).pathname;
};

/** A tick of the Cron Trigger, then every job it made, run to its end. */
async function tickAndSettle(companyId: string) {
  await tick();
  await settleJobs(companyId);
}

describe("sending a sequence's steps", () => {
  it("enrolls only reachable contacts, sends each step once from the tenant's identity with one-click unsubscribe, and an unsubscribe stops the next step", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const tag = crypto.randomUUID().slice(0, 8);
    const [ana, bea] = [`ana.${tag}@example.com`, `bea.${tag}@example.com`];
    const list = await listOf(m, [
      { first_name: "Ana", email: ana },
      { first_name: "Bea", email: bea },
      { first_name: "NoMail", phone: "+34699000123" },
      { first_name: "Gone", email: `gone.${tag}@example.com`, tags: ["Unsubscribed"] },
    ]);
    const sequenceId = await sequenceOf(m, [{ delay_days: 0 }, { delay_days: 2 }]);

    const enrolled = await call(`/api/v1/sequences/${sequenceId}/enroll`, {
      key: m.key,
      body: { list_id: list.listId },
    });
    expect(enrolled.json).toEqual({
      enrolled: 2,
      already_enrolled: 0,
      skipped_no_email: 1,
      skipped_unsubscribed: 1,
      not_found: [],
    });

    // Delay 0: the next tick sends the first step to both, once.
    await tickAndSettle(m.companyId);
    const [first] = await received(ana);
    expect(await received(bea)).toHaveLength(1);
    expect(first).toMatchObject({ From: m.from, Subject: "Ana, your offer", Tag: "sequence" });
    expect(first!.Headers).toEqual([
      { Name: "List-Unsubscribe", Value: expect.stringMatching(/^<http.*\/u\/v1\.[\w-]+\.[\w-]+>$/) },
      { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
    ]);
    expect(await received(`gone.${tag}@example.com`)).toEqual([]);
    expect(
      (await ledgerOf(m.companyId)).filter((entry) => entry.kind === "charge").map((entry) => entry.referenceType),
    ).toEqual(["sequence", "sequence"]);
    expect(await balanceOf(m.companyId)).toBe(998);

    // A second tick (and overlapping ones) send nothing more: the second step is two days away.
    await Promise.all([tick(), tick()]);
    await settleJobs(m.companyId);
    expect(await received(ana)).toHaveLength(1);
    expect((await enrollmentsOf(sequenceId)).map((row) => [row.status, row.nextPosition])).toEqual([
      ["active", 2],
      ["active", 2],
    ]);

    // Ana follows the link (a mail client's one-click POST); following it again changes nothing.
    const link = unsubscribePath(first!);
    const page = await call(link);
    expect(page.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const response = await call(link, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(response.status).toBe(200);
    }
    const unsubscribed = await eventDataOf(m.companyId, "contact.unsubscribed");
    expect(unsubscribed).toEqual([expect.objectContaining({ email: ana, source: "unsubscribe_link" })]);
    const contact = await call(`/api/v1/contacts/${unsubscribed[0]!.contact_id}`, { key: m.key });
    expect(contact.json.tags).toContain("unsubscribed");

    // Two days later the second step goes to Bea only; Ana's enrollment stops with the reason.
    moveClock(2 * DAY_MS + 60_000);
    await tickAndSettle(m.companyId);
    await tickAndSettle(m.companyId);
    expect(await received(bea)).toHaveLength(2);
    expect(await received(ana)).toHaveLength(1);
    const rows = await enrollmentsOf(sequenceId);
    expect(rows.find((row) => row.contactId === unsubscribed[0]!.contact_id)).toMatchObject({
      status: "stopped",
      stopReason: "unsubscribed",
    });
    expect(rows.find((row) => row.contactId !== unsubscribed[0]!.contact_id)).toMatchObject({
      status: "completed",
      nextPosition: 3,
    });
    expect(await eventDataOf(m.companyId, "sequence.enrollment_stopped")).toEqual([
      expect.objectContaining({ reason: "unsubscribed", position: 2 }),
    ]);
    expect((await sendsOf(sequenceId)).map((send) => send.status)).toEqual(["sent", "sent", "sent"]);
    expect(await balanceOf(m.companyId)).toBe(997);
    // The progress the sequence shows.
    const shown = (await call("/api/v1/sequences", { key: m.key })).json.data.find(
      (sequence: { id: string }) => sequence.id === sequenceId,
    );
    expect(shown).toMatchObject({ enrolled_count: 2, progress: { active: 0, completed: 1, stopped: 1 } });
  });

  it("stops the step, charging and sending nothing, without a verified identity, without balance, or when the account may not spend", async () => {
    const cases = [
      { options: { spendEnabled: true, identity: false }, balance: 100, reason: "no_sending_identity" },
      { options: { spendEnabled: true }, balance: 0, reason: "insufficient_balance" },
      { options: { spendEnabled: false }, balance: 100, reason: "spend_not_enabled" },
    ];
    for (const { options, balance, reason } of cases) {
      const m = await marketer(options);
      if (balance > 0) await fund(m.companyId, balance);
      const email = `solo.${crypto.randomUUID().slice(0, 8)}@example.com`;
      const list = await listOf(m, [{ first_name: "Solo", email }]);
      const sequenceId = await sequenceOf(m, [{ delay_days: 0 }]);
      expect(
        (await call(`/api/v1/sequences/${sequenceId}/enroll`, { key: m.key, body: { list_id: list.listId } })).json
          .enrolled,
      ).toBe(1);
      await tickAndSettle(m.companyId);
      expect(await received(email)).toEqual([]);
      expect(await sendsOf(sequenceId)).toEqual([]);
      expect((await ledgerOf(m.companyId)).filter((entry) => entry.kind === "charge")).toEqual([]);
      expect(await enrollmentsOf(sequenceId)).toEqual([
        expect.objectContaining({ status: "stopped", stopReason: reason }),
      ]);
      expect(await eventDataOf(m.companyId, "sequence.enrollment_stopped")).toEqual([
        expect.objectContaining({ reason, position: 1 }),
      ]);
    }
  });

  it("sends nothing more once the sequence is archived", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 100);
    const email = `late.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const list = await listOf(m, [{ first_name: "Late", email }]);
    const sequenceId = await sequenceOf(m, [{ delay_days: 1 }]);
    await call(`/api/v1/sequences/${sequenceId}/enroll`, { key: m.key, body: { list_id: list.listId } });
    expect((await call(`/api/v1/sequences/${sequenceId}`, { key: m.key, method: "DELETE" })).status).toBe(200);
    moveClock(DAY_MS + 60_000);
    await tickAndSettle(m.companyId);
    await tickAndSettle(m.companyId);
    expect(await received(email)).toEqual([]);
    expect(await enrollmentsOf(sequenceId)).toEqual([
      expect.objectContaining({ status: "stopped", stopReason: "sequence_archived" }),
    ]);
  });
});
