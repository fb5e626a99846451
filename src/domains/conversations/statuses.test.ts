import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { settleJobs } from "../../../test/jobs";
import { call, db } from "../../../test/helpers";
import { eventsOf, messageRow, uniqueMobile, whatsappCompany } from "../../../test/fixtures/conversations";
import { metaSignature } from "../../core/callbacks";
import { messages } from "./schema";

type MetaStatus = "sent" | "delivered" | "read" | "failed";

/** One webhook of Meta with these statuses (in this order) for the company's number. */
function statusWebhook(phoneNumberId: string, statuses: { id: string; status: MetaStatus }[]) {
  const timestamp = String(Math.floor(Date.now() / 1000));
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
              statuses: statuses.map((status) => ({ ...status, timestamp, recipient_id: "34600000000" })),
            },
          },
        ],
      },
    ],
  };
}

/** An outbound reply of the team (source conversation) or an API send (source api), accepted by Meta, and Meta's webhooks for it. */
async function sentMessage(author: "team" | "api" = "team") {
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
    author,
    text: "Hola",
    status: "sent",
    providerMessageId: wamid,
    createdAt: at,
    sentAt: at,
    updatedAt: at,
  });
  const webhook = async (...statuses: MetaStatus[]) => {
    const body = JSON.stringify(
      statusWebhook(
        company.phoneNumberId,
        statuses.map((status) => ({ id: wamid, status })),
      ),
    );
    const response = await call("/providers/whatsapp/messages", {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        "X-Hub-Signature-256": await metaSignature(env.WHATSAPP_APP_SECRET, body),
      },
    });
    expect(response.status, response.text).toBe(200);
  };
  const events = async () =>
    (await eventsOf(company.companyId)).filter((event) => event.type.startsWith("whatsapp.message."));
  return { ...company, id, conversationId, webhook, events, row: () => messageRow(id) };
}

describe("WhatsApp message statuses report back as events", () => {
  it("delivered, then read: one event each, with the message as the conversation shows it and its source; repeats emit nothing", async () => {
    const message = await sentMessage();
    await message.webhook("delivered");
    await message.webhook("delivered");
    await settleJobs(message.companyId);
    await message.webhook("read");
    await message.webhook("delivered");
    await settleJobs(message.companyId);
    const events = await message.events();
    expect(events.map((event) => [event.type, event.data.id, event.data.status, event.data.source])).toEqual([
      ["whatsapp.message.delivered", message.id, "delivered", "conversation"],
      ["whatsapp.message.read", message.id, "read", "conversation"],
    ]);
    // Each says the status it left, and is the message's next event: the list shows the last one's sequence.
    expect(events.map((event) => event.data.previous_status)).toEqual(["sent", "delivered"]);
    expect(events[1]!.data.sequence).toBe((events[0]!.data.sequence as number) + 1);
    const listed = await message.api(`/api/v1/conversations/${message.conversationId}/messages?limit=1`);
    const { source: _source, previous_status: _left, ...shown } = events[1]!.data;
    expect(listed.json.data[0]).toEqual(shown);
  });

  it("statuses batched in one webhook move the message through each, once: delivered and read", async () => {
    const message = await sentMessage("api");
    await message.webhook("delivered", "read");
    await message.webhook("delivered", "read");
    await settleJobs(message.companyId);
    expect(await message.row()).toMatchObject({ status: "read" });
    expect((await message.events()).map((event) => [event.type, event.data.source])).toEqual([
      ["whatsapp.message.delivered", "api"],
      ["whatsapp.message.read", "api"],
    ]);
  });

  it("failed before delivery: whatsapp.message.failed once, with why; nothing after it", async () => {
    const message = await sentMessage();
    await message.webhook("failed");
    await message.webhook("failed");
    await settleJobs(message.companyId);
    await message.webhook("read");
    await settleJobs(message.companyId);
    const events = await message.events();
    expect(events.map((event) => [event.type, event.data.status, event.data.error])).toEqual([
      ["whatsapp.message.failed", "failed", "WhatsApp reported the message undeliverable."],
    ]);
    expect(await message.row()).toMatchObject({ status: "failed" });
  });
});
