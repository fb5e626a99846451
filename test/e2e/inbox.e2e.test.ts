import { beforeAll, describe, expect, it } from "vitest";
import { type DevServer, sharedDev } from "./harness";

// The mailbox inbox as npm run dev serves it: the demo seed stored its attachments in the local R2
// bucket through the admin tool's platform proxy, and wrangler dev reads them from the same state.
describe("npm run dev: the demo's mailboxes", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await sharedDev();
  });

  it("downloads a seeded attachment from R2, refuses the one over 15 MiB with 413, and a restricted key sees only its mailbox", async () => {
    const api = server.client(server.demo.api_key);
    const mailboxes = await api.GET("/api/v1/inbox/mailboxes", { params: { query: {} } });
    expect(mailboxes.response.status).toBe(200);
    const boxes = mailboxes.data!.data;
    expect(boxes.map((box) => box.address).sort()).toEqual(["facturas@reformasdemo.es", "info@reformasdemo.es"]);
    const sizes: { status: number; size: number }[] = [];
    for (const box of boxes) {
      const messages = await api.GET("/api/v1/inbox/{mailbox_id}/messages", {
        params: { path: { mailbox_id: box.id }, query: {} },
      });
      for (const message of messages.data!.data.filter((m) => m.attachment_count > 0)) {
        const listed = await api.GET("/api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments", {
          params: { path: { mailbox_id: box.id, message_id: message.id }, query: {} },
        });
        for (const attachment of listed.data!.data) {
          const path = { mailbox_id: box.id, message_id: message.id, attachment_id: attachment.id };
          const download = await api.GET(
            "/api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments/{attachment_id}",
            { params: { path } },
          );
          sizes.push({ status: download.response.status, size: attachment.size });
          if (download.response.status === 200)
            expect(Buffer.from(download.data!.content_base64, "base64").length).toBe(attachment.size);
        }
      }
    }
    expect(sizes.filter((entry) => entry.status === 413).map((entry) => entry.size)).toEqual([16 * 1024 * 1024]);
    expect(sizes.filter((entry) => entry.status === 200).length).toBeGreaterThan(2);

    const invoices = boxes.find((box) => box.address.startsWith("facturas@"))!;
    const restricted = await server.admin([
      "key",
      "create",
      "--company",
      server.demo.company_id,
      "--scopes",
      "inbox:read",
      "--mailboxes",
      invoices.id,
    ]);
    expect(restricted.mailbox_ids).toEqual([invoices.id]);
    const seen = await server.client(restricted.api_key).GET("/api/v1/inbox/mailboxes", { params: { query: {} } });
    expect(seen.data!.data.map((box) => box.id)).toEqual([invoices.id]);
  });
});
