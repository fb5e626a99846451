import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventsOf } from "../../../test/fixtures/billing";
import { addLists, createCampaign, listOf, marketer, people, type Marketer } from "../../../test/fixtures/campaigns";
import { complaint, hardBounce, mailTo, postmarkWebhook, softBounce } from "../../../test/fixtures/postmark-webhooks";
import { call, db } from "../../../test/helpers";
import { jobsOf, settleJobs } from "../../../test/jobs";
import { fund } from "../../../test/wallet-operations";
import { campaignAttempts } from "./schema";

const open = { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" };

async function dispatched(m: Marketer, listId: string) {
  const campaign = await createCampaign(m);
  await addLists(m, campaign.id, [listId]);
  const response = await call(`/api/v1/campaigns/${campaign.id}/dispatch`, {
    key: m.key,
    body: {},
    vars: open,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(response.status, response.text).toBe(200);
  await settleJobs(m.companyId);
  return campaign.id;
}

const attemptTo = async (campaignId: string, email: string) =>
  (await db.select().from(campaignAttempts).where(eq(campaignAttempts.campaignId, campaignId))).find(
    (attempt) => attempt.email === email,
  )!;
const emailEventsOf = async (companyId: string) =>
  (await eventsOf(companyId)).filter((event) => event.type.startsWith("email."));

describe("a campaign's mail reports back", () => {
  it("email.sent per attempt; Postmark's webhooks, by the Metadata it echoes, move each attempt's delivery once; a hard bounce and a complaint suppress the address once, and the next campaign skips it", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const audience = people(3);
    const [ana, bea, cris] = audience.map((person) => person.email) as [string, string, string];
    const list = await listOf(m, audience);
    const campaignId = await dispatched(m, list.listId);

    const sent = (await emailEventsOf(m.companyId)).filter((event) => event.type === "email.sent");
    expect(sent).toHaveLength(3);
    const anaAttempt = await attemptTo(campaignId, ana);
    expect(sent.find((event) => event.data.to === ana)!.data).toMatchObject({
      email_id: anaAttempt.id,
      source: "campaign",
      campaign_id: campaignId,
      sequence_id: null,
      contact_id: anaAttempt.contactId,
      status: "sent",
      provider_message_id: anaAttempt.providerMessageId,
      suppressed: false,
    });
    const [anaMail] = await mailTo(ana);
    expect(anaMail!.Metadata).toEqual({
      campaign_id: campaignId,
      attempt_id: anaAttempt.id,
      company_id: m.companyId,
      intent_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    // Ana's mail is delivered (twice over), Bea's hard-bounces (the same bounce twice, then another), Cris complains after a delivery.
    const beaAttempt = await attemptTo(campaignId, bea);
    const crisAttempt = await attemptTo(campaignId, cris);
    const [beaMail] = await mailTo(bea);
    const [crisMail] = await mailTo(cris);
    await Promise.all([
      postmarkWebhook(anaMail!, anaAttempt.providerMessageId!, "Delivery"),
      postmarkWebhook(anaMail!, anaAttempt.providerMessageId!, "Delivery"),
    ]);
    await postmarkWebhook(beaMail!, beaAttempt.providerMessageId!, "Bounce", hardBounce(2_001));
    await postmarkWebhook(beaMail!, beaAttempt.providerMessageId!, "Bounce", hardBounce(2_001));
    await postmarkWebhook(beaMail!, beaAttempt.providerMessageId!, "Bounce", hardBounce(2_002));
    await postmarkWebhook(crisMail!, crisAttempt.providerMessageId!, "Delivery");
    await settleJobs(m.companyId);
    await postmarkWebhook(crisMail!, crisAttempt.providerMessageId!, "SpamComplaint", complaint(2_003));
    await postmarkWebhook(crisMail!, crisAttempt.providerMessageId!, "SpamComplaint", complaint(2_003));
    const jobs = await settleJobs(m.companyId);
    // Email's own callback does not read campaign Metadata: only the campaign's job applied them.
    expect(jobs.filter((job) => job.kind === "email.delivery_event")).toEqual([]);
    expect(jobs.filter((job) => job.kind === "campaigns.delivery_event").every((job) => job.status === "done")).toBe(
      true,
    );

    expect((await attemptTo(campaignId, ana)).deliveryStatus).toBe("delivered");
    expect((await attemptTo(campaignId, bea)).deliveryStatus).toBe("bounced");
    expect((await attemptTo(campaignId, cris)).deliveryStatus).toBe("complained");
    const listed = (await call(`/api/v1/campaigns/${campaignId}/attempts`, { key: m.key })).json.data as {
      email: string;
      delivery_status: string | null;
    }[];
    expect(Object.fromEntries(listed.map((attempt) => [attempt.email, attempt.delivery_status]))).toEqual({
      [ana]: "delivered",
      [bea]: "bounced",
      [cris]: "complained",
    });
    const events = await emailEventsOf(m.companyId);
    const of = (type: string) => events.filter((event) => event.type === type);
    expect(
      of("email.delivered")
        .map((event) => event.data.to)
        .sort(),
    ).toEqual([ana, cris].sort());
    expect(of("email.bounced")).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          email_id: beaAttempt.id,
          source: "campaign",
          campaign_id: campaignId,
          contact_id: beaAttempt.contactId,
          bounce_reason: "HardBounce",
          suppressed: true,
        }),
      }),
    ]);
    expect(of("email.complained")).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          email_id: crisAttempt.id,
          source: "campaign",
          delivery_status: "complained",
          suppressed: true,
        }),
      }),
    ]);

    for (const [contactId, tags] of [
      [anaAttempt.contactId, []],
      [beaAttempt.contactId, ["unsubscribed"]],
      [crisAttempt.contactId, ["unsubscribed"]],
    ] as const) {
      expect((await call(`/api/v1/contacts/${contactId}`, { key: m.key })).json.tags).toEqual(tags);
    }

    // The next campaign over the same list goes to Ana only.
    const next = await dispatched(m, list.listId);
    expect((await call(`/api/v1/campaigns/${next}`, { key: m.key })).json).toMatchObject({ counts: { sent: 1 } });
    expect(await mailTo(ana)).toHaveLength(2);
    expect(await mailTo(bea)).toHaveLength(1);
    expect(await mailTo(cris)).toHaveLength(1);
  });

  it("a soft bounce is recorded without suppressing; a webhook for another message id, or an unknown attempt, changes nothing", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const audience = people(1);
    const list = await listOf(m, audience);
    const campaignId = await dispatched(m, list.listId);
    const attempt = await attemptTo(campaignId, audience[0]!.email);
    const [mail] = await mailTo(audience[0]!.email);
    await postmarkWebhook(mail!, crypto.randomUUID(), "Bounce", hardBounce(3_001));
    await postmarkWebhook(
      { ...mail!, Metadata: { ...mail!.Metadata, attempt_id: crypto.randomUUID() } },
      attempt.providerMessageId!,
      "Bounce",
      hardBounce(3_002),
    );
    await settleJobs(m.companyId);
    expect((await attemptTo(campaignId, audience[0]!.email)).deliveryStatus).toBeNull();
    await postmarkWebhook(mail!, attempt.providerMessageId!, "Bounce", softBounce(3_003));
    await settleJobs(m.companyId);
    expect((await attemptTo(campaignId, audience[0]!.email)).deliveryStatus).toBe("bounced");
    expect((await emailEventsOf(m.companyId)).map((event) => [event.type, event.data.suppressed])).toEqual([
      ["email.sent", false],
      ["email.bounced", false],
    ]);
    expect((await call(`/api/v1/contacts/${attempt.contactId}`, { key: m.key })).json.tags).toEqual([]);
    expect((await jobsOf(m.companyId)).filter((job) => job.kind === "campaigns.delivery_event")).toHaveLength(2);
  });
});
