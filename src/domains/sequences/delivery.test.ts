import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { eventsOf } from "../../../test/fixtures/billing";
import { listOf, marketer } from "../../../test/fixtures/campaigns";
import { complaint, hardBounce, mailTo, postmarkWebhook } from "../../../test/fixtures/postmark-webhooks";
import { call, db } from "../../../test/helpers";
import { jobsOf, settleJobs } from "../../../test/jobs";
import { fund } from "../../../test/wallet-operations";
import { sequenceEnrollments, sequenceSends } from "./schema";

const DAY_MS = 86_400_000;

afterEach(resetClock);

const sendsOf = (sequenceId: string) => db.select().from(sequenceSends).where(eq(sequenceSends.sequenceId, sequenceId));
const emailEventsOf = async (companyId: string) =>
  (await eventsOf(companyId)).filter((event) => event.type.startsWith("email."));

async function tickAndSettle(companyId: string) {
  await tick();
  return settleJobs(companyId);
}

describe("a sequence step's mail reports back", () => {
  it("email.sent per step; a delivery once however often it comes; a hard bounce and a complaint suppress once and stop the next step", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const tag = crypto.randomUUID().slice(0, 8);
    const [ana, bea, cris] = [`ana.${tag}@example.com`, `bea.${tag}@example.com`, `cris.${tag}@example.com`];
    const list = await listOf(m, [
      { first_name: "Ana", email: ana },
      { first_name: "Bea", email: bea },
      { first_name: "Cris", email: cris },
    ]);
    const created = await call("/api/v1/sequences", {
      key: m.key,
      body: {
        name: "Welcome",
        steps: [
          { template_id: m.templateId, delay_days: 0 },
          { template_id: m.templateId, delay_days: 1 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const sequenceId = created.json.id as string;
    expect(
      (await call(`/api/v1/sequences/${sequenceId}/enroll`, { key: m.key, body: { list_id: list.listId } })).json,
    ).toMatchObject({ enrolled: 3 });
    await tickAndSettle(m.companyId);

    const sends = await sendsOf(sequenceId);
    const sendTo = (address: string) => sends.find((send) => send.email === address)!;
    const sent = (await emailEventsOf(m.companyId)).filter((event) => event.type === "email.sent");
    expect(sent.map((event) => event.data.to).sort()).toEqual([ana, bea, cris].sort());
    expect(sent.find((event) => event.data.to === ana)!.data).toMatchObject({
      email_id: sendTo(ana).id,
      source: "sequence",
      sequence_id: sequenceId,
      campaign_id: null,
      contact_id: sendTo(ana).contactId,
      provider_message_id: sendTo(ana).providerMessageId,
    });
    const [anaMail] = await mailTo(ana);
    const [beaMail] = await mailTo(bea);
    const [crisMail] = await mailTo(cris);
    expect(anaMail!.Metadata).toEqual({
      sequence_id: sequenceId,
      send_id: sendTo(ana).id,
      position: "1",
      company_id: m.companyId,
      intent_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    await postmarkWebhook(anaMail!, sendTo(ana).providerMessageId!, "Delivery");
    await postmarkWebhook(anaMail!, sendTo(ana).providerMessageId!, "Delivery");
    await Promise.all([
      postmarkWebhook(beaMail!, sendTo(bea).providerMessageId!, "Bounce", hardBounce(4_001)),
      postmarkWebhook(beaMail!, sendTo(bea).providerMessageId!, "Bounce", hardBounce(4_002)),
    ]);
    await postmarkWebhook(crisMail!, sendTo(cris).providerMessageId!, "SpamComplaint", complaint(4_003));
    await postmarkWebhook(crisMail!, sendTo(cris).providerMessageId!, "SpamComplaint", complaint(4_003));
    const jobs = await settleJobs(m.companyId);
    expect(jobs.filter((job) => job.kind === "email.delivery_event")).toEqual([]);

    expect(Object.fromEntries((await sendsOf(sequenceId)).map((send) => [send.email, send.deliveryStatus]))).toEqual({
      [ana]: "delivered",
      [bea]: "bounced",
      [cris]: "complained",
    });
    const events = await emailEventsOf(m.companyId);
    expect(
      events
        .filter((event) => event.type !== "email.sent")
        .map((event) => [event.type, event.data.to, event.data.source, event.data.suppressed]),
    ).toEqual(
      expect.arrayContaining([
        ["email.delivered", ana, "sequence", false],
        ["email.bounced", bea, "sequence", true],
        ["email.complained", cris, "sequence", true],
      ]),
    );
    expect(events).toHaveLength(6);
    expect((await call(`/api/v1/contacts/${sendTo(bea).contactId}`, { key: m.key })).json.tags).toEqual([
      "unsubscribed",
    ]);
    expect((await call(`/api/v1/contacts/${sendTo(cris).contactId}`, { key: m.key })).json.tags).toEqual([
      "unsubscribed",
    ]);

    // The next step goes to Ana only; the suppressed contacts' enrollments stop.
    moveClock(DAY_MS + 60_000);
    await tickAndSettle(m.companyId);
    expect(await mailTo(ana)).toHaveLength(2);
    expect(await mailTo(bea)).toHaveLength(1);
    expect(await mailTo(cris)).toHaveLength(1);
    const enrollments = await db
      .select()
      .from(sequenceEnrollments)
      .where(eq(sequenceEnrollments.sequenceId, sequenceId));
    expect(Object.fromEntries(enrollments.map((row) => [row.contactId, [row.status, row.stopReason]]))).toEqual({
      [sendTo(ana).contactId]: ["completed", null],
      [sendTo(bea).contactId]: ["stopped", "unsubscribed"],
      [sendTo(cris).contactId]: ["stopped", "unsubscribed"],
    });
  });

  it("a webhook that overtakes the record of the step's acceptance waits for it: email.sent, then email.delivered", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const address = `dora.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const list = await listOf(m, [{ first_name: "Dora", email: address }]);
    const created = await call("/api/v1/sequences", {
      key: m.key,
      body: { name: "One", steps: [{ template_id: m.templateId, delay_days: 0 }] },
    });
    const sequenceId = created.json.id as string;
    await call(`/api/v1/sequences/${sequenceId}/enroll`, { key: m.key, body: { list_id: list.listId } });
    await tickAndSettle(m.companyId);
    const [send] = await sendsOf(sequenceId);
    const [mail] = await mailTo(address);
    // As if Postmark's Delivery came while the send job's outcome was still uncommitted.
    const providerMessageId = send!.providerMessageId!;
    await db
      .update(sequenceSends)
      .set({ status: "queued", providerMessageId: null })
      .where(eq(sequenceSends.id, send!.id));
    await postmarkWebhook(mail!, providerMessageId, "Delivery");
    await settleJobs(m.companyId, { rounds: 1 }).catch(() => undefined);
    const waiting = (await jobsOf(m.companyId)).find((job) => job.kind === "sequences.delivery_event")!;
    expect(waiting.status).toBe("pending");
    expect((await sendsOf(sequenceId))[0]!.deliveryStatus).toBeNull();
    await db.update(sequenceSends).set({ status: "sent", providerMessageId }).where(eq(sequenceSends.id, send!.id));
    await settleJobs(m.companyId);
    expect((await sendsOf(sequenceId))[0]!.deliveryStatus).toBe("delivered");
    expect((await emailEventsOf(m.companyId)).map((event) => event.type)).toEqual(["email.sent", "email.delivered"]);
  });
});
