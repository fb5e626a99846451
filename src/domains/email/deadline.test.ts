import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resetClock } from "../../../test/clock";
import { eventsOf } from "../../../test/fixtures/billing";
import { fakeOrigin, fakeRequests, passDeadline, silence } from "../../../test/fixtures/deadlines";
import { call, db, tenant } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import { postmarkAuthorization } from "../../core/callbacks";
import { providerIntents } from "../../data/schema";
import { NO_PROVIDER_OUTCOME, sendDeadline } from "../../work/deadlines";
import { insertIdentity } from "./queries";
import { emailMessages } from "./schema";

afterEach(resetClock);

describe("an email's deadline", () => {
  it("left sending with the provider silent, it fails with no_provider_outcome at its deadline, once; a late webhook and a retry change nothing", async () => {
    const t = await tenant({ capabilities: ["email", "contacts"] });
    await insertIdentity(db, {
      id: crypto.randomUUID(),
      companyId: t.companyId,
      address: `sender-${crypto.randomUUID().slice(0, 8)}@example.org`,
      displayName: "Reformas Demo",
      verified: true,
      verifiedAt: "2026-01-02T00:00:00.000Z",
      createdAt: new Date().toISOString(),
    });
    const to = `lucia-${crypto.randomUUID().slice(0, 8)}@example.com`;
    // Postmark takes the email but its answer never comes back (the request gives up waiting).
    const held = await fetch(`${fakeOrigin("postmark")}/__fake/script`, {
      method: "POST",
      body: JSON.stringify({ hold: true, match: to }),
      headers: { "Content-Type": "application/json" },
    });
    expect(held.status).toBe(200);
    const idempotencyKey = crypto.randomUUID();
    const request = { to, subject: "Su presupuesto", body: "Hola" };
    const sent = await call("/api/v1/email/send", {
      key: t.key,
      body: request,
      headers: { "Idempotency-Key": idempotencyKey },
      vars: { PROVIDER_TIMEOUT_MS: "300" },
    });
    expect(sent.status, sent.text).toBeGreaterThanOrEqual(500);
    const message = (await db.select().from(emailMessages).where(eq(emailMessages.companyId, t.companyId)).get())!;
    expect(message.status).toBe("sending");

    // Postmark cannot be asked what became of it (its outbound search fails), up to and past the deadline.
    await silence("postmark", to);
    await passDeadline(t.companyId, sendDeadline(message.createdAt));

    const closed = (await db.select().from(emailMessages).where(eq(emailMessages.id, message.id)).get())!;
    expect(closed.status).toBe("failed");
    expect(closed.failureReason).toMatch(new RegExp(`^${NO_PROVIDER_OUTCOME}: `));
    const emailEvents = async () => (await eventsOf(t.companyId)).filter((event) => event.type.startsWith("email."));
    expect((await emailEvents()).map((event) => [event.type, event.data.previous_status, event.data.sequence])).toEqual(
      [["email.failed", "sending", 1]],
    );
    const intent = await db
      .select()
      .from(providerIntents)
      .where(and(eq(providerIntents.companyId, t.companyId), eq(providerIntents.resourceId, message.id)))
      .get();
    expect(intent?.state).toBe("unknown");

    // Postmark's delivery webhook arrives late, and the request is retried: nothing changes.
    const webhook = await call("/providers/postmark/email-events", {
      method: "POST",
      body: JSON.stringify({
        RecordType: "Delivery",
        MessageID: crypto.randomUUID(),
        Recipient: to,
        Email: to,
        ServerID: 23,
        MessageStream: "outbound",
        Metadata: { message_id: message.id, company_id: t.companyId },
      }),
      headers: { Authorization: postmarkAuthorization(env.POSTMARK_WEBHOOK_USER, env.POSTMARK_WEBHOOK_PASSWORD) },
    });
    expect(webhook.status, webhook.text).toBe(200);
    const retried = await call("/api/v1/email/send", {
      key: t.key,
      body: request,
      headers: { "Idempotency-Key": idempotencyKey },
    });
    expect(retried.status).not.toBe(200);
    await settleJobs(t.companyId);
    expect((await db.select().from(emailMessages).where(eq(emailMessages.id, message.id)).get())!).toMatchObject({
      status: "failed",
      deliveryStatus: null,
    });
    expect((await emailEvents()).map((event) => event.type)).toEqual(["email.failed"]);
    // Postmark was asked to send it once.
    expect((await fakeRequests("postmark", to)).filter((r) => r.method === "POST")).toHaveLength(1);
  });
});
