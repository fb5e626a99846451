import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../lib/random";
import { call, db, slug } from "../../../test/helpers";
import { ATTACHMENT_DOWNLOAD_MAX_BYTES } from "./model";
import { inboxCompany, mailbox, message } from "../../../test/fixtures/inbox";
import { mailboxAttachments } from "./schema";
import { seedInboxDomain } from "./seed";
import { eq } from "drizzle-orm";

const MiB = 1024 * 1024;
const bytes = (size: number, seed = 7) => Uint8Array.from({ length: size }, (_, i) => (i * 13 + seed) & 0xff);
const decoded = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

async function withAttachments(files: { fileName: string; contentType: string; content: Uint8Array }[]) {
  const t = await inboxCompany();
  const box = await mailbox(t.companyId);
  const stored = await message(t.companyId, box.id, {
    receivedAt: "2026-03-01T00:00:00.000Z",
    folderId: box.folders.inbox!,
    attachments: files,
  });
  const base = `/api/v1/inbox/${box.id}/messages/${stored.messageId}/attachments`;
  return { t, box, base, ...stored };
}

describe("attachments", () => {
  it("are listed with name, type, size and whether they can be downloaded; the message carries the same metadata", async () => {
    const { t, box, base, messageId, attachmentIds } = await withAttachments([
      { fileName: "quote.pdf", contentType: "application/pdf", content: bytes(1000) },
      { fileName: "photo.jpg", contentType: "image/jpeg", content: bytes(2048) },
    ]);
    const response = await call(base, { key: t.key });
    expect(response.status).toBe(200);
    expect(
      response.json.data
        .map((a: Record<string, unknown>) => [a.file_name, a.content_type, a.size, a.downloadable])
        .sort(),
    ).toEqual([
      ["photo.jpg", "image/jpeg", 2048, true],
      ["quote.pdf", "application/pdf", 1000, true],
    ]);
    const detail = await call(`/api/v1/inbox/${box.id}/messages/${messageId}`, { key: t.key });
    expect(detail.json.attachment_count).toBe(2);
    expect(detail.json.attachments.map((a: { id: string }) => a.id).sort()).toEqual([...attachmentIds].sort());
  });

  it("download: the content base64-encoded in JSON with name, type and size; another message's attachment is 404", async () => {
    const content = bytes(5000, 3);
    const { t, box, base, attachmentIds } = await withAttachments([
      { fileName: "quote.pdf", contentType: "application/pdf", content },
    ]);
    const response = await call(`${base}/${attachmentIds[0]}`, { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: attachmentIds[0],
      file_name: "quote.pdf",
      content_type: "application/pdf",
      size: 5000,
    });
    expect(decoded(response.json.content_base64)).toEqual(content);
    const other = await message(t.companyId, box.id, {
      receivedAt: "2026-03-02T00:00:00.000Z",
      folderId: box.folders.inbox!,
    });
    const misplaced = await call(
      `/api/v1/inbox/${box.id}/messages/${other.messageId}/attachments/${attachmentIds[0]}`,
      { key: t.key },
    );
    expect(misplaced.status).toBe(404);
    expect(misplaced.json.detail).toBe("No such attachment.");
  });

  it("the 15 MiB boundary: exactly 15 MiB is served; one byte more is 413 attachment_too_large, still listed", async () => {
    const exact = new Uint8Array(ATTACHMENT_DOWNLOAD_MAX_BYTES).fill(0x41);
    exact[exact.length - 1] = 0x5a;
    const over = new Uint8Array(ATTACHMENT_DOWNLOAD_MAX_BYTES + 1).fill(0x42);
    const { t, base, attachmentIds } = await withAttachments([
      { fileName: "exact.bin", contentType: "application/octet-stream", content: exact },
      { fileName: "over.bin", contentType: "application/octet-stream", content: over },
    ]);
    expect(ATTACHMENT_DOWNLOAD_MAX_BYTES).toBe(15 * MiB);
    const listed = await call(base, { key: t.key });
    expect(
      Object.fromEntries(
        listed.json.data.map((a: { file_name: string; size: number; downloadable: boolean }) => [
          a.file_name,
          [a.size, a.downloadable],
        ]),
      ),
    ).toEqual({
      "exact.bin": [15 * MiB, true],
      "over.bin": [15 * MiB + 1, false],
    });
    const served = await call(`${base}/${attachmentIds[0]}`, { key: t.key });
    expect(served.status).toBe(200);
    expect(served.json.size).toBe(15 * MiB);
    const content = decoded(served.json.content_base64);
    expect(content.length).toBe(15 * MiB);
    expect([content[0], content[content.length - 1]]).toEqual([0x41, 0x5a]);
    const refused = await call(`${base}/${attachmentIds[1]}`, { key: t.key });
    expect(refused.status).toBe(413);
    expect(slug(refused.json)).toBe("attachment_too_large");
    expect(refused.json).toMatchObject({ size: 15 * MiB + 1, max_size: 15 * MiB });
    // 30 MiB stored and 20 MiB of JSON read back: 10 s on a quiet machine, 45 s at load 20.
  }, 120_000);

  it("413 is decided from the stored size without reading the object", async () => {
    const { t, base, attachmentIds } = await withAttachments([
      { fileName: "small.txt", contentType: "text/plain", content: bytes(10) },
    ]);
    // The metadata says 16 MiB; the object is 10 bytes. Reading it would serve it: the answer is 413.
    await db
      .update(mailboxAttachments)
      .set({ sizeBytes: 16 * MiB })
      .where(eq(mailboxAttachments.id, attachmentIds[0]!));
    const response = await call(`${base}/${attachmentIds[0]}`, { key: t.key });
    expect(response.status).toBe(413);
    // And an object that is gone is never reached either: its metadata alone decides.
    const [row] = await db.select().from(mailboxAttachments).where(eq(mailboxAttachments.id, attachmentIds[0]!));
    await env.ATTACHMENTS.delete(row!.objectKey);
    expect((await call(`${base}/${attachmentIds[0]}`, { key: t.key })).status).toBe(413);
  });

  it("the seed: two shared mailboxes with folders, threads and attachments, one over 15 MiB", async () => {
    const t = await inboxCompany();
    const counts = await seedInboxDomain({
      db,
      company: { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" },
      random: seededRandom(3),
      now: Date.now(),
      scale: "full",
      storage: { attachments: env.ATTACHMENTS },
    });
    expect(counts).toMatchObject({ mailboxes: 2 });
    const boxes = (await call("/api/v1/inbox/mailboxes", { key: t.key })).json.data;
    expect(boxes.map((box: { kind: string }) => box.kind)).toEqual(["shared", "shared"]);
    const sizes: number[] = [];
    for (const box of boxes) {
      expect((await call(`/api/v1/inbox/${box.id}/folders`, { key: t.key })).json.data.length).toBeGreaterThan(0);
      for (const summary of (await call(`/api/v1/inbox/${box.id}/messages`, { key: t.key })).json.data) {
        expect(
          (await call(`/api/v1/inbox/${box.id}/conversations/${summary.conversation_id}`, { key: t.key })).status,
        ).toBe(200);
        for (const attachment of (
          await call(`/api/v1/inbox/${box.id}/messages/${summary.id}/attachments`, { key: t.key })
        ).json.data)
          sizes.push(attachment.size);
      }
    }
    expect(sizes.filter((size) => size > 15 * MiB)).toHaveLength(1);
    expect(sizes.length).toBe(counts.mailbox_attachments);
  });
});
