import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settleJobs } from "../../../test/jobs";
import { call, db, tenant } from "../../../test/helpers";
import { postmarkAuthorization } from "../../core/callbacks";
import { emailMessages } from "./schema";

/** An email the company sent, accepted by Postmark with `messageId`. */
async function sentEmail() {
  const { companyId } = await tenant();
  const id = crypto.randomUUID();
  const messageId = crypto.randomUUID();
  const at = new Date().toISOString();
  await db.insert(emailMessages).values({
    id,
    companyId,
    identityId: crypto.randomUUID(),
    fromAddress: "a@example.com",
    toAddress: "b@example.com",
    subject: "S",
    body: "B",
    status: "sent",
    providerMessageId: messageId,
    createdAt: at,
    sentAt: at,
  });
  const webhook = (recordType: "Delivery" | "Bounce" | "SpamComplaint", extra: Record<string, unknown> = {}) =>
    call("/providers/postmark/email-events", {
      method: "POST",
      body: JSON.stringify({
        RecordType: recordType,
        MessageID: messageId,
        Recipient: "b@example.com",
        Email: "b@example.com",
        Metadata: { message_id: id, company_id: companyId },
        ...extra,
      }),
      headers: { Authorization: postmarkAuthorization(env.POSTMARK_WEBHOOK_USER, env.POSTMARK_WEBHOOK_PASSWORD) },
    });
  const status = async () =>
    (await db.select().from(emailMessages).where(eq(emailMessages.id, id)).get())?.deliveryStatus;
  return { companyId, webhook, status };
}

describe("Postmark webhooks on an email", () => {
  it("record its delivery once, however often Postmark sends it", async () => {
    const email = await sentEmail();
    expect((await email.webhook("Delivery")).status).toBe(200);
    expect((await email.webhook("Delivery")).status).toBe(200);
    const jobs = await settleJobs(email.companyId);
    expect(jobs.filter((job) => job.kind === "email.delivery_event")).toHaveLength(1);
    expect(await email.status()).toBe("delivered");
  });

  it("only move forward: a complaint stays a complaint when a delivery or a bounce arrives after it", async () => {
    const email = await sentEmail();
    await email.webhook("SpamComplaint", { ID: 1_234_567 });
    await settleJobs(email.companyId);
    await email.webhook("Delivery");
    await email.webhook("Bounce", { ID: 7_654_321 });
    await settleJobs(email.companyId);
    expect(await email.status()).toBe("complained");
  });
});
