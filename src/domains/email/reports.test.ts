import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { eventsOf } from "../../../test/fixtures/billing";
import { fake } from "../../../test/fixtures/gateway";
import { call, db, tenant } from "../../../test/helpers";
import { jobsOf, settleJobs } from "../../../test/jobs";
import { postmarkAuthorization } from "../../core/callbacks";
import { clock } from "../../lib/clock";
import { runWriteBatch } from "../../core/commit";
import { scheduleDue } from "../../work/due";
import { SEND_RECONCILE_AFTER_MS } from "../../work/sends";
import { reconcileEmail } from "./jobs";
import { insertEmailMessage, insertIdentity } from "./queries";
import { emailMessages } from "./schema";

afterEach(resetClock);

const unique = () => crypto.randomUUID().slice(0, 8);
const idempotent = () => ({ "Idempotency-Key": crypto.randomUUID() });

/** A company that sends email from a verified identity, with a contact at `to`. */
async function emailCompany() {
  const t = await tenant({ capabilities: ["email", "contacts"] });
  const identityId = crypto.randomUUID();
  await insertIdentity(db, {
    id: identityId,
    companyId: t.companyId,
    address: `sender-${unique()}@example.org`,
    displayName: "Reformas Demo",
    verified: true,
    verifiedAt: "2026-01-02T00:00:00.000Z",
    createdAt: new Date().toISOString(),
  });
  const to = `lucia-${unique()}@example.com`;
  const contact = await call("/api/v1/contacts", {
    key: t.key,
    body: { first_name: "Lucía", email: to, tags: ["vip"] },
    headers: idempotent(),
  });
  expect(contact.status, contact.text).toBe(201);
  return { ...t, identityId, to, contactId: contact.json.id as string };
}

/** An email sent through the API to the company's contact, and Postmark's webhooks about it. */
async function sentEmail() {
  const t = await emailCompany();
  const response = await call("/api/v1/email/send", {
    key: t.key,
    body: { to: t.to, subject: "Su presupuesto", body: "Hola" },
    headers: idempotent(),
  });
  expect(response.status, response.text).toBe(200);
  const id = response.json.id as string;
  const messageId = response.json.provider_message_id as string;
  const webhook = async (RecordType: "Delivery" | "Bounce" | "SpamComplaint", extra: Record<string, unknown> = {}) => {
    const response = await call("/providers/postmark/email-events", {
      method: "POST",
      body: JSON.stringify({
        RecordType,
        MessageID: messageId,
        Recipient: t.to,
        Email: t.to,
        ServerID: 23,
        MessageStream: "outbound",
        Metadata: { message_id: id, company_id: t.companyId },
        ...extra,
      }),
      headers: { Authorization: postmarkAuthorization(env.POSTMARK_WEBHOOK_USER, env.POSTMARK_WEBHOOK_PASSWORD) },
    });
    expect(response.status, response.text).toBe(200);
  };
  return { ...t, id, messageId, webhook };
}

const emailEvents = async (companyId: string) =>
  (await eventsOf(companyId)).filter((event) => event.type.startsWith("email."));
const historyOf = async (key: string) => (await call("/api/v1/email/history", { key })).json.data[0];
const contactOf = async (key: string, id: string) => (await call(`/api/v1/contacts/${id}`, { key })).json;
const hardBounce = (ID: number) => ({
  ID,
  Type: "HardBounce",
  TypeCode: 1,
  Inactive: true,
  CanActivate: true,
  Description: "Unknown user",
  BouncedAt: new Date().toISOString(),
});

describe("an email reports back", () => {
  it("sent: email.sent with its source and ids; its delivery, twice, recorded once with one email.delivered, shown in GET /email/history", async () => {
    const email = await sentEmail();
    const [sent] = await emailEvents(email.companyId);
    expect(sent).toMatchObject({
      type: "email.sent",
      data: {
        email_id: email.id,
        source: "api",
        identity_id: email.identityId,
        to: email.to,
        status: "sent",
        provider_message_id: email.messageId,
        suppressed: false,
      },
    });
    expect(await historyOf(email.key)).toMatchObject({
      id: email.id,
      status: "sent",
      delivery_status: null,
      source: "api",
    });
    await email.webhook("Delivery");
    await email.webhook("Delivery");
    await settleJobs(email.companyId);
    expect(await historyOf(email.key)).toMatchObject({ id: email.id, status: "sent", delivery_status: "delivered" });
    expect((await emailEvents(email.companyId)).map((event) => event.type)).toEqual(["email.sent", "email.delivered"]);
  });

  it("a hard bounce: email.bounced once, and the address's contact tagged unsubscribed once (marketing mail skips it)", async () => {
    const email = await sentEmail();
    await email.webhook("Bounce", hardBounce(1_001));
    await email.webhook("Bounce", hardBounce(1_001));
    await email.webhook("Bounce", hardBounce(1_002));
    await settleJobs(email.companyId);
    expect(await historyOf(email.key)).toMatchObject({ delivery_status: "bounced" });
    const bounced = (await emailEvents(email.companyId)).filter((event) => event.type === "email.bounced");
    expect(bounced).toHaveLength(1);
    expect(bounced[0]!.data).toMatchObject({
      email_id: email.id,
      source: "api",
      contact_id: email.contactId,
      bounce_reason: "HardBounce",
      suppressed: true,
      delivery_status: "bounced",
    });
    const contact = await contactOf(email.key, email.contactId);
    expect(contact.tags).toEqual(["vip", "unsubscribed"]);
    // A complaint later moves it forward; the contact is tagged already.
    await email.webhook("SpamComplaint", { ID: 1_003, Type: "SpamComplaint", TypeCode: 512 });
    await settleJobs(email.companyId);
    expect((await contactOf(email.key, email.contactId)).tags).toEqual(["vip", "unsubscribed"]);
    expect((await emailEvents(email.companyId)).map((event) => event.type)).toEqual([
      "email.sent",
      "email.bounced",
      "email.complained",
    ]);
  });

  it("a soft bounce is recorded but suppresses nothing; a complaint suppresses", async () => {
    const email = await sentEmail();
    await email.webhook("Bounce", { ID: 2_001, Type: "SoftBounce", TypeCode: 4096, Inactive: false });
    await settleJobs(email.companyId);
    const [soft] = (await emailEvents(email.companyId)).filter((event) => event.type === "email.bounced");
    expect(soft!.data).toMatchObject({ bounce_reason: "SoftBounce", suppressed: false });
    expect((await contactOf(email.key, email.contactId)).tags).toEqual(["vip"]);
    await email.webhook("SpamComplaint", { ID: 2_002, Type: "SpamComplaint", TypeCode: 512, Inactive: true });
    await settleJobs(email.companyId);
    const [complaint] = (await emailEvents(email.companyId)).filter((event) => event.type === "email.complained");
    expect(complaint!.data).toMatchObject({
      suppressed: true,
      contact_id: email.contactId,
      delivery_status: "complained",
    });
    expect((await contactOf(email.key, email.contactId)).tags).toEqual(["vip", "unsubscribed"]);
  });

  it("a provider failure: email.failed, and the history says why", async () => {
    const t = await emailCompany();
    await fake.control("postmark", "script", { status: 500, match: t.to });
    const response = await call("/api/v1/email/send", {
      key: t.key,
      body: { to: t.to, subject: "S", body: "B" },
      headers: idempotent(),
    });
    expect(response.status).toBe(502);
    const events = await emailEvents(t.companyId);
    expect(events.map((event) => [event.type, event.data.status, event.data.source])).toEqual([
      ["email.failed", "failed", "api"],
    ]);
    expect(await historyOf(t.key)).toMatchObject({ status: "failed", delivery_status: null });
  });
});

describe("an email left sending by a request that died", () => {
  it("is failed once by due work, with one email.failed; a later tick and a late webhook change nothing", async () => {
    const t = await emailCompany();
    const id = crypto.randomUUID();
    await runWriteBatch(db, [
      insertEmailMessage(db, {
        id,
        companyId: t.companyId,
        identityId: t.identityId,
        fromAddress: "sender@example.org",
        toAddress: t.to,
        subject: "S",
        body: "B",
        status: "sending",
        providerMessageId: null,
        failureReason: null,
        createdAt: clock.iso(),
        sentAt: null,
        deliveryStatus: null,
        deliveryUpdatedAt: null,
        source: "api",
        sequence: 0,
      }),
      scheduleDue(reconcileEmail, t.companyId, new Date(clock.now() + SEND_RECONCILE_AFTER_MS).toISOString(), {
        messageId: id,
      }),
    ]);
    await tick();
    expect(await jobsOf(t.companyId)).toEqual([]);
    moveClock(SEND_RECONCILE_AFTER_MS + 60_000);
    await tick();
    await settleJobs(t.companyId);
    await tick();
    const late = await call("/providers/postmark/email-events", {
      method: "POST",
      body: JSON.stringify({
        RecordType: "Delivery",
        MessageID: crypto.randomUUID(),
        Recipient: t.to,
        Metadata: { message_id: id, company_id: t.companyId },
      }),
      headers: { Authorization: postmarkAuthorization(env.POSTMARK_WEBHOOK_USER, env.POSTMARK_WEBHOOK_PASSWORD) },
    });
    expect(late.status).toBe(200);
    await settleJobs(t.companyId);
    const row = await db.select().from(emailMessages).where(eq(emailMessages.id, id)).get();
    expect(row).toMatchObject({ status: "failed", deliveryStatus: null });
    expect(row!.failureReason).toContain("interrupted");
    expect((await jobsOf(t.companyId)).filter((job) => job.kind === "email.reconcile_message")).toHaveLength(1);
    expect((await emailEvents(t.companyId)).map((event) => [event.type, event.data.email_id])).toEqual([
      ["email.failed", id],
    ]);
  });
});
