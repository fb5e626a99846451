import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import {
  eventsOf,
  fake,
  hoursAgo,
  messageRow,
  uniqueMobile,
  whatsappCompany,
} from "../../../test/fixtures/conversations";
import { recordInboundMessage } from "../conversations/queries";
import { whatsappConnections } from "../conversations/schema";

describe("GET /api/v1/whatsapp/templates", () => {
  it("lists the approved templates of the company's business account, paged by the provider's cursor", async () => {
    const company = await whatsappCompany();
    const first = await company.api("/api/v1/whatsapp/templates?limit=2");
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual([
      {
        id: "1000000000000001",
        name: "appointment_reminder",
        language: "es",
        category: "UTILITY",
        status: "APPROVED",
        components: [{ type: "BODY", text: "Hola {{1}}, le recordamos su cita del {{2}}." }],
      },
      expect.objectContaining({ name: "invoice_ready", status: "APPROVED" }),
    ]);
    expect(first.json.page.has_more).toBe(true);
    const second = await company.api(
      `/api/v1/whatsapp/templates?limit=2&cursor=${encodeURIComponent(first.json.page.next_cursor)}`,
    );
    expect(second.json).toMatchObject({
      data: [{ name: "hello_world", category: "MARKETING" }],
      page: { has_more: false, next_cursor: null },
    });
    const [request] = await fake.requests(company.businessAccountId);
    expect(request).toMatchObject({ path: `/v21.0/${company.businessAccountId}/message_templates`, authorized: true });
    expect(first.text).not.toContain(company.token);
  });

  it("answers 502 when the provider fails, and no templates for a company without a number", async () => {
    const company = await whatsappCompany();
    await fake.control("script", { status: 500, match: company.businessAccountId });
    const failed = await company.api("/api/v1/whatsapp/templates");
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ provider: "whatsapp" });
    const bare = await tenant();
    expect((await call("/api/v1/whatsapp/templates", { key: bare.key })).json).toEqual({
      data: [],
      page: { has_more: false, next_cursor: null },
    });
  });
});

describe("POST /api/v1/whatsapp/typing", () => {
  it("marks an inbound message (and the earlier ones) read and shows typing to its sender", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    const earlier = await company.inbound(phone, { text: "uno" });
    const latest = await company.inbound(phone, { text: "dos" });
    const response = await company.api("/api/v1/whatsapp/typing", {
      method: "POST",
      body: { message_id: latest.messageId },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ typing: true, message: { id: latest.messageId, status: "read" } });
    const providerId = (await messageRow(latest.messageId))!.providerMessageId!;
    const [request] = await fake.requests(providerId);
    expect(JSON.parse(request!.body)).toEqual({
      messaging_product: "whatsapp",
      status: "read",
      message_id: providerId,
      typing_indicator: { type: "text" },
    });
    expect(request!.headers.authorization).toBe(`Bearer ${company.token}`);
    expect(await messageRow(earlier.messageId)).toMatchObject({ status: "read" });
    expect((await company.api(`/api/v1/conversations/${latest.conversationId}`)).json.unread_count).toBe(0);
  });

  it("refuses an outbound message, a note or an old message (422), an unknown one (404), and answers 502 or 503 for the provider", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    const inbound = await company.inbound(phone);
    const note = await company.api(`/api/v1/conversations/${inbound.conversationId}/messages`, {
      method: "POST",
      body: { type: "note", text: "nota" },
    });
    const sent = await company.api("/api/v1/whatsapp/send", {
      method: "POST",
      body: { to: phone, type: "text", text: "Hola" },
    });
    const old = await company.inbound(uniqueMobile(), { at: hoursAgo(25) });
    for (const messageId of [note.json.id, sent.json.id, old.messageId]) {
      const response = await company.api("/api/v1/whatsapp/typing", {
        method: "POST",
        body: { message_id: messageId },
      });
      expect(response.status, messageId).toBe(422);
    }
    expect(
      (await company.api("/api/v1/whatsapp/typing", { method: "POST", body: { message_id: crypto.randomUUID() } }))
        .status,
    ).toBe(404);
    expect((await company.api("/api/v1/whatsapp/typing", { method: "POST", body: { message_id: "x" } })).status).toBe(
      400,
    );

    const providerId = (await messageRow(inbound.messageId))!.providerMessageId!;
    await fake.control("script", { status: 500, match: providerId });
    const failed = await company.api("/api/v1/whatsapp/typing", {
      method: "POST",
      body: { message_id: inbound.messageId },
    });
    expect(failed.status).toBe(502);
    expect(await messageRow(inbound.messageId)).toMatchObject({ status: "delivered" });
    await db
      .update(whatsappConnections)
      .set({ status: "disconnected" })
      .where(eq(whatsappConnections.id, company.connection.id));
    const gone = await company.api("/api/v1/whatsapp/typing", {
      method: "POST",
      body: { message_id: inbound.messageId },
    });
    expect(gone.status).toBe(503);
    expect(slug(gone.json)).toBe("integration_not_configured");
  });
});

describe("POST and DELETE /api/v1/whatsapp/whitelist", () => {
  it("reserves the phone for this company's thread only: another company's inbound message from it is answered as usual", async () => {
    const [reserving, other] = [await whatsappCompany(), await whatsappCompany()];
    const phone = uniqueMobile();
    await reserving.inbound(phone);
    const { conversationId } = await other.inbound(phone);
    const reserved = await reserving.api("/api/v1/whatsapp/whitelist", { method: "POST", body: { phone } });
    expect(reserved.json).toMatchObject({ phone, reserved_for_external_bot: true });
    const next = await recordInboundMessage(db, {
      companyId: other.companyId,
      connectionId: other.connection.id,
      from: phone,
      text: "¿Siguen ahí?",
    });
    expect(next.answeredBy).not.toBe("external_bot");
    expect((await other.api(`/api/v1/conversations/${conversationId}`)).json.reserved_for_external_bot).toBe(false);
  });

  it("reserves a phone's thread for an external bot and returns it, both idempotent, with one event per change", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    const { conversationId } = await company.inbound(phone);
    const reserved = await company.api("/api/v1/whatsapp/whitelist", {
      method: "POST",
      body: { phone: phone.slice(3) },
    });
    expect(reserved.status).toBe(200);
    expect(reserved.json).toMatchObject({ phone, reserved_for_external_bot: true, changed: true });
    const again = await company.api("/api/v1/whatsapp/whitelist", { method: "POST", body: { phone } });
    expect(again.json).toEqual({ ...reserved.json, changed: false });
    expect((await company.api(`/api/v1/conversations/${conversationId}`)).json.reserved_for_external_bot).toBe(true);
    // Inbound messages from the phone are for the external bot: the automation stays silent.
    const next = await recordInboundMessage(db, {
      companyId: company.companyId,
      connectionId: company.connection.id,
      from: phone,
      text: "¿Hola?",
    });
    expect(next.answeredBy).toBe("external_bot");

    const released = await company.api(`/api/v1/whatsapp/whitelist?phone=${encodeURIComponent(phone)}`, {
      method: "DELETE",
    });
    expect(released.status).toBe(200);
    expect(released.json).toEqual({ phone, reserved_for_external_bot: false, reserved_at: null, changed: true });
    const releasedAgain = await company.api(`/api/v1/whatsapp/whitelist?phone=${encodeURIComponent(phone)}`, {
      method: "DELETE",
    });
    expect(releasedAgain.json.changed).toBe(false);
    const after = await recordInboundMessage(db, {
      companyId: company.companyId,
      connectionId: company.connection.id,
      from: phone,
      text: "¿Sigue ahí?",
    });
    expect(after.answeredBy).toBe("ai");
    expect((await eventsOf(company.companyId)).map((event) => [event.type, event.data.phone])).toEqual([
      ["whatsapp.whitelist.added", phone],
      ["whatsapp.whitelist.removed", phone],
    ]);
  });

  it("reserves once under concurrent requests, and refuses numbers that cannot be on WhatsApp (422), non-numbers (400) and companies without a number (503)", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    const outcomes = await concurrently(4, () =>
      company.api("/api/v1/whatsapp/whitelist", { method: "POST", body: { phone } }),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200, 200, 200]);
    expect(outcomes.filter((outcome) => outcome.json.changed)).toHaveLength(1);
    expect(new Set(outcomes.map((outcome) => outcome.json.reserved_at)).size).toBe(1);
    expect(
      (await eventsOf(company.companyId)).filter((event) => event.type === "whatsapp.whitelist.added"),
    ).toHaveLength(1);

    expect(
      (await company.api("/api/v1/whatsapp/whitelist", { method: "POST", body: { phone: "+34900123456" } })).status,
    ).toBe(422);
    expect((await company.api("/api/v1/whatsapp/whitelist?phone=%2B34803123456", { method: "DELETE" })).status).toBe(
      422,
    );
    const invalid = await company.api("/api/v1/whatsapp/whitelist", { method: "POST", body: { phone: "nope" } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors[0].path).toBe("body.phone");
    const bare = await tenant();
    const none = await call("/api/v1/whatsapp/whitelist", { key: bare.key, body: { phone } });
    expect(none.status).toBe(503);
  });
});
