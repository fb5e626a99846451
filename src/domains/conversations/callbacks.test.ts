import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settleJobs } from "../../../test/jobs";
import { call, db } from "../../../test/helpers";
import { messageRow, uniqueMobile, whatsappCompany } from "../../../test/fixtures/conversations";
import { metaSignature } from "../../core/callbacks";
import { providerCallbacks } from "../../data/schema";
import { messages } from "./schema";

type MetaStatus = "sent" | "delivered" | "read" | "failed";

/** An outbound message the company sent, accepted by Meta with `wamid`, and Meta's status webhook for it. */
async function sentMessage() {
  const company = await whatsappCompany();
  const { conversationId } = await company.inbound(uniqueMobile());
  const id = crypto.randomUUID();
  const wamid = `wamid.${crypto.randomUUID().replace(/-/g, "")}`;
  const at = new Date().toISOString();
  await db.insert(messages).values({
    id,
    companyId: company.companyId,
    conversationId,
    connectionId: company.connection.id,
    direction: "outbound",
    type: "text",
    author: "team",
    text: "Hola",
    status: "sent",
    providerMessageId: wamid,
    createdAt: at,
    sentAt: at,
    updatedAt: at,
  });
  const webhook = (
    status: MetaStatus,
    options: { secret?: string; messageId?: string; phoneNumberId?: string } = {},
  ) => {
    const body = JSON.stringify(
      statusWebhook(options.phoneNumberId ?? company.phoneNumberId, options.messageId ?? wamid, status),
    );
    return signedPost(body, options.secret ?? env.WHATSAPP_APP_SECRET);
  };
  return { ...company, id, wamid, webhook, row: () => messageRow(id) };
}

function statusWebhook(phoneNumberId: string, messageId: string, status: MetaStatus) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
              statuses: [
                {
                  id: messageId,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: "34600000000",
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

const signedPost = async (body: string, secret: string) =>
  call("/providers/whatsapp/messages", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": await metaSignature(secret, body) },
  });

describe("Meta's status webhooks on an outbound WhatsApp message", () => {
  it("a wrong signature is refused and changes nothing", async () => {
    const message = await sentMessage();
    expect((await message.webhook("delivered", { secret: "not-the-app-secret" })).status).toBe(403);
    await settleJobs(message.companyId);
    expect(await message.row()).toMatchObject({ status: "sent", deliveredAt: null });
    expect(
      await db.select().from(providerCallbacks).where(eq(providerCallbacks.companyId, message.companyId)).all(),
    ).toHaveLength(0);
  });

  it("the same status twice is recorded once and moves the message once", async () => {
    const message = await sentMessage();
    expect((await message.webhook("delivered")).status).toBe(200);
    expect((await message.webhook("delivered")).status).toBe(200);
    const jobs = await settleJobs(message.companyId);
    expect(jobs.filter((job) => job.kind === "conversations.message_status")).toHaveLength(1);
    const row = await message.row();
    expect(row).toMatchObject({ status: "delivered" });
    expect(row!.deliveredAt).not.toBeNull();
    const listed = await message.api(`/api/v1/conversations/${row!.conversationId}/messages?limit=1`);
    expect(listed.json.data[0]).toMatchObject({ id: message.id, status: "delivered", delivered_at: row!.deliveredAt });
  });

  it("only moves forward: delivered before sent ends delivered, read stays read, failed after delivery changes nothing", async () => {
    const message = await sentMessage();
    await message.webhook("delivered");
    await message.webhook("sent");
    await settleJobs(message.companyId);
    expect(await message.row()).toMatchObject({ status: "delivered" });
    await message.webhook("read");
    await settleJobs(message.companyId);
    await message.webhook("failed");
    await message.webhook("delivered");
    await settleJobs(message.companyId);
    const row = await message.row();
    expect(row).toMatchObject({ status: "read", failedAt: null, error: null });
    expect(row!.readAt).not.toBeNull();
  });

  it("failed before delivery marks the message failed with our own words", async () => {
    const message = await sentMessage();
    await message.webhook("failed");
    await settleJobs(message.companyId);
    expect(await message.row()).toMatchObject({
      status: "failed",
      error: "WhatsApp reported the message undeliverable.",
    });
  });

  it("a message that is not ours, or a number that is not the message's, is acknowledged and ignored", async () => {
    const message = await sentMessage();
    expect((await message.webhook("delivered", { messageId: "wamid.unknown" })).status).toBe(200);
    // The right wamid under another number (another company's) finds nothing either.
    expect((await message.webhook("delivered", { phoneNumberId: "999999999999999" })).status).toBe(200);
    await settleJobs(message.companyId);
    expect(await message.row()).toMatchObject({ status: "sent" });
    expect(
      await db.select().from(providerCallbacks).where(eq(providerCallbacks.companyId, message.companyId)).all(),
    ).toHaveLength(0);
  });

  it("a webhook without statuses (an inbound message) is acknowledged and ignored", async () => {
    const message = await sentMessage();
    const body = statusWebhook(message.phoneNumberId, message.wamid, "delivered");
    const value = body.entry[0]!.changes[0]!.value as Record<string, unknown>;
    delete value.statuses;
    value.messages = [
      { from: "34600000000", id: "wamid.inbound", timestamp: "1700000000", type: "text", text: { body: "Hola" } },
    ];
    expect((await signedPost(JSON.stringify(body), env.WHATSAPP_APP_SECRET)).status).toBe(200);
    await settleJobs(message.companyId);
    expect(await message.row()).toMatchObject({ status: "sent" });
  });
});
