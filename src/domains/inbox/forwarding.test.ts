import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import { fakeOrigins, onboarded } from "../../../test/fixtures/onboarding";
import { postmarkAuthorization } from "../../core/callbacks";
import { providerCallbacks } from "../../data/schema";
import { mailboxMessages } from "./schema";

// Forwarded mail through Postmark's inbound webhook, as the Postmark fake builds it.

async function forwardingMailbox() {
  const t = await onboarded({ capabilities: ["inbox"] });
  const added = await operator(`/companies/${t.companyId}/mailboxes`, {
    method: "POST",
    body: { kind: "forwarding", name: "Invoices" },
  });
  expect(added.status, added.text).toBe(201);
  return { ...t, mailboxId: added.json.mailbox_id as string, inboundAddress: added.json.inbound_address as string };
}

async function forwardedMail(content: Record<string, unknown>): Promise<{ body: string; messageId: string }> {
  const response = await fetch(`${fakeOrigins.postmark}/__fake/inbound`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(content),
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { body: string; message_id: string };
  return { body: answer.body, messageId: answer.message_id };
}

const deliver = (
  body: string,
  authorization = postmarkAuthorization(env.POSTMARK_WEBHOOK_USER, env.POSTMARK_WEBHOOK_PASSWORD),
) =>
  call("/providers/postmark/inbound", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", Authorization: authorization },
  });

const storedIn = (mailboxId: string) =>
  db.select().from(mailboxMessages).where(eq(mailboxMessages.mailboxId, mailboxId));

describe("forwarding mailboxes: Postmark's inbound webhook", () => {
  it("a forwarded mail with an attachment lands in the mailbox of its inbound address, once, its attachment in R2", async () => {
    const box = await forwardingMailbox();
    const pdf = crypto.getRandomValues(new Uint8Array(3000));
    const mail = await forwardedMail({
      to: box.inboundAddress,
      from: "proveedor@example.org",
      from_name: "Proveedor SL",
      cc: ["contabilidad@example.org"],
      subject: "Factura 2026-031",
      text: "Adjuntamos la factura de marzo.",
      html: "<p>Adjuntamos la factura de marzo.</p>",
      attachments: [
        // In lines of 76 as MIME writes it: the line breaks are not content.
        {
          name: "factura.pdf",
          content_type: "application/pdf",
          content_base64: btoa(String.fromCharCode(...pdf)).replace(/.{76}/g, "$&\r\n"),
        },
      ],
    });
    expect((await deliver(mail.body)).status).toBe(200);
    // Postmark retries a webhook whose answer it did not get: stored once.
    expect((await deliver(mail.body)).status).toBe(200);
    await settleJobs(box.companyId);

    const rows = await storedIn(box.mailboxId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      companyId: box.companyId,
      fromAddress: "proveedor@example.org",
      fromName: "Proveedor SL",
      to: [box.inboundAddress],
      cc: ["contabilidad@example.org"],
      subject: "Factura 2026-031",
      bodyText: "Adjuntamos la factura de marzo.",
      read: false,
      folderId: null,
      threadId: null,
      attachmentCount: 1,
    });

    const listed = await call(`/api/v1/inbox/${box.mailboxId}/messages`, { key: box.key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data.map((message: { id: string }) => message.id)).toEqual([rows[0]!.id]);
    const attachments = await call(`/api/v1/inbox/${box.mailboxId}/messages/${rows[0]!.id}/attachments`, {
      key: box.key,
    });
    expect(attachments.json.data).toMatchObject([
      { file_name: "factura.pdf", content_type: "application/pdf", size: 3000 },
    ]);
    const download = await call(
      `/api/v1/inbox/${box.mailboxId}/messages/${rows[0]!.id}/attachments/${attachments.json.data[0].id}`,
      { key: box.key },
    );
    expect(Uint8Array.from(atob(download.json.content_base64), (char) => char.charCodeAt(0))).toEqual(pdf);
    // The job's payload names the staged object, never the content; the staged copy is gone.
    const staged = await env.ATTACHMENTS.list({ prefix: `inbound-staging/${box.companyId}/` });
    expect(staged.objects).toHaveLength(0);
  });

  it("forged or unsigned inbound mail is refused and stores nothing; mail to an address of no mailbox is acknowledged and ignored", async () => {
    const box = await forwardingMailbox();
    const mail = await forwardedMail({ to: box.inboundAddress, from: "x@example.org", subject: "forged", text: "?" });
    expect((await deliver(mail.body, postmarkAuthorization(env.POSTMARK_WEBHOOK_USER, "wrong"))).status).toBe(403);
    expect(
      (
        await call("/providers/postmark/inbound", {
          method: "POST",
          body: mail.body,
          headers: { "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(401);
    const stray = await forwardedMail({
      to: "mbx-000000000000000000000000@inbound.localhost",
      from: "x@example.org",
      subject: "stray",
      text: "?",
    });
    expect((await deliver(stray.body)).status).toBe(200);
    await settleJobs(box.companyId);
    expect(await storedIn(box.mailboxId)).toHaveLength(0);
    expect(
      await db.select().from(providerCallbacks).where(eq(providerCallbacks.companyId, box.companyId)),
    ).toHaveLength(0);
  });
});
