import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, db, keyFor, slug } from "../../../test/helpers";
import { fake } from "../../../test/fixtures/gateway";
import { grantMailboxes } from "./panel";
import { ids, inboxCompany, mailbox, message } from "../../../test/fixtures/inbox";

describe("mailboxes and grants", () => {
  it("lists the company's mailboxes newest first, with kind and what it supports", async () => {
    const t = await inboxCompany();
    const other = await inboxCompany();
    const older = await mailbox(t.companyId, "shared", { createdAt: "2026-01-01T00:00:00.000Z" });
    const newer = await mailbox(t.companyId, "forwarding", { createdAt: "2026-02-01T00:00:00.000Z" });
    await mailbox(other.companyId);
    const response = await call("/api/v1/inbox/mailboxes", { key: t.key });
    expect(response.status).toBe(200);
    expect(ids(response.json)).toEqual([newer.id, older.id]);
    expect(response.json.data[0]).toMatchObject({
      kind: "forwarding",
      supports: { folders: false, conversations: false },
      created_at: "2026-02-01T00:00:00.000Z",
    });
    expect(response.json.data[1]).toMatchObject({ kind: "shared", supports: { folders: true, conversations: true } });
  });

  it("a key restricted to some mailboxes lists and reads only those; any other id is 404 like an unknown one", async () => {
    const t = await inboxCompany();
    const granted = await mailbox(t.companyId);
    const hidden = await mailbox(t.companyId);
    const restricted = await keyFor(t.companyId);
    await grantMailboxes(db, { companyId: t.companyId, lineageId: restricted.keyId, mailboxIds: [granted.id] });
    expect(ids((await call("/api/v1/inbox/mailboxes", { key: restricted.key })).json)).toEqual([granted.id]);
    expect(ids((await call("/api/v1/inbox/mailboxes", { key: t.key })).json).sort()).toEqual(
      [granted.id, hidden.id].sort(),
    );
    const { messageId } = await message(t.companyId, hidden.id, {
      receivedAt: "2026-03-01T00:00:00.000Z",
      folderId: hidden.folders.inbox!,
    });
    for (const path of [
      `/api/v1/inbox/${hidden.id}/folders`,
      `/api/v1/inbox/${hidden.id}/messages`,
      `/api/v1/inbox/${hidden.id}/messages/${messageId}`,
    ]) {
      const response = await call(path, { key: restricted.key });
      expect(response.status, path).toBe(404);
      expect(response.json.detail).toBe("No such mailbox.");
      expect((await call(path, { key: t.key })).status, path).toBe(200);
    }
    expect((await call(`/api/v1/inbox/${granted.id}/folders`, { key: restricted.key })).status).toBe(200);
  });

  it("a rotated key keeps its restriction (grants belong to the key's lineage)", async () => {
    const t = await inboxCompany();
    const granted = await mailbox(t.companyId);
    await mailbox(t.companyId);
    const restricted = await keyFor(t.companyId);
    await grantMailboxes(db, { companyId: t.companyId, lineageId: restricted.keyId, mailboxIds: [granted.id] });
    const rotated = await call(`/api/v1/api-keys/${restricted.keyId}/rotate`, {
      key: restricted.key,
      method: "POST",
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(rotated.status).toBe(201);
    expect(ids((await call("/api/v1/inbox/mailboxes", { key: rotated.json.api_key })).json)).toEqual([granted.id]);
  });

  it("a grant names mailboxes of the key's company only", async () => {
    const t = await inboxCompany();
    const other = await inboxCompany();
    const foreign = await mailbox(other.companyId);
    await expect(
      grantMailboxes(db, { companyId: t.companyId, lineageId: t.keyId, mailboxIds: [foreign.id] }),
    ).rejects.toThrow(/Not mailboxes of company/);
  });
});

describe("folders, messages and conversations", () => {
  it("folders in display order with total and unread counters kept by the sync", async () => {
    const t = await inboxCompany();
    const box = await mailbox(t.companyId);
    await message(t.companyId, box.id, {
      receivedAt: "2026-03-01T00:00:00.000Z",
      folderId: box.folders.inbox!,
      read: true,
    });
    await message(t.companyId, box.id, { receivedAt: "2026-03-02T00:00:00.000Z", folderId: box.folders.inbox! });
    await message(t.companyId, box.id, {
      receivedAt: "2026-03-03T00:00:00.000Z",
      folderId: box.folders.sent!,
      read: true,
    });
    const response = await call(`/api/v1/inbox/${box.id}/folders`, { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data.map((f: Record<string, unknown>) => [f.name, f.role, f.total, f.unread])).toEqual([
      ["Inbox", "inbox", 2, 1],
      ["Sent", "sent", 1, 0],
      ["Clients", "custom", 0, 0],
    ]);
  });

  it("messages newest first without bodies; filters folder_id and unread; invalid filters are 400", async () => {
    const t = await inboxCompany();
    const box = await mailbox(t.companyId);
    const first = await message(t.companyId, box.id, {
      receivedAt: "2026-03-01T00:00:00.000Z",
      folderId: box.folders.inbox!,
      read: true,
    });
    const second = await message(t.companyId, box.id, {
      receivedAt: "2026-03-02T00:00:00.000Z",
      folderId: box.folders.inbox!,
      subject: "Quote",
      bodyText: "Please  find\n\nthe quote attached",
    });
    const third = await message(t.companyId, box.id, {
      receivedAt: "2026-03-03T00:00:00.000Z",
      folderId: box.folders.sent!,
    });
    const all = await call(`/api/v1/inbox/${box.id}/messages`, { key: t.key });
    expect(ids(all.json)).toEqual([third.messageId, second.messageId, first.messageId]);
    expect(all.json.data[1]).toMatchObject({
      subject: "Quote",
      snippet: "Please find the quote attached",
      read: false,
      attachment_count: 0,
      folder_id: box.folders.inbox,
      conversation_id: null,
    });
    expect(all.json.data[1]).not.toHaveProperty("body_text");
    expect(
      ids((await call(`/api/v1/inbox/${box.id}/messages?folder_id=${box.folders.inbox}`, { key: t.key })).json),
    ).toEqual([second.messageId, first.messageId]);
    expect(ids((await call(`/api/v1/inbox/${box.id}/messages?unread=true`, { key: t.key })).json)).toEqual([
      third.messageId,
      second.messageId,
    ]);
    expect(ids((await call(`/api/v1/inbox/${box.id}/messages?unread=false&limit=1`, { key: t.key })).json)).toEqual([
      first.messageId,
    ]);
    for (const query of ["folder_id=inbox", "unread=yes"]) {
      const response = await call(`/api/v1/inbox/${box.id}/messages?${query}`, { key: t.key });
      expect(response.status, query).toBe(400);
    }
  });

  it("one message with its bodies; a message of another mailbox is 404", async () => {
    const t = await inboxCompany();
    const box = await mailbox(t.companyId);
    const elsewhere = await mailbox(t.companyId);
    const { messageId } = await message(t.companyId, box.id, {
      receivedAt: "2026-03-01T00:00:00.000Z",
      folderId: box.folders.inbox!,
      bodyText: "Text body",
      bodyHtml: "<p>HTML body</p>",
      cc: ["copy@example.com"],
    });
    const response = await call(`/api/v1/inbox/${box.id}/messages/${messageId}`, { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: messageId,
      mailbox_id: box.id,
      body_text: "Text body",
      body_html: "<p>HTML body</p>",
      cc: ["copy@example.com"],
      from: { address: "lucia@example.com", name: "Lucía" },
      attachments: [],
    });
    const misplaced = await call(`/api/v1/inbox/${elsewhere.id}/messages/${messageId}`, { key: t.key });
    expect(misplaced.status).toBe(404);
    expect(misplaced.json.detail).toBe("No such message.");
  });

  it("a conversation: every message of the thread oldest first with bodies; another mailbox's thread is 404", async () => {
    const t = await inboxCompany();
    const box = await mailbox(t.companyId);
    const other = await mailbox(t.companyId);
    const thread = { id: crypto.randomUUID(), subject: "Kitchen" };
    const later = await message(t.companyId, box.id, {
      receivedAt: "2026-03-05T00:00:00.000Z",
      folderId: box.folders.inbox!,
      thread,
      subject: "Re: Kitchen",
      bodyText: "Thursday is fine",
    });
    const earlier = await message(t.companyId, box.id, {
      receivedAt: "2026-03-04T00:00:00.000Z",
      folderId: box.folders.sent!,
      thread,
      subject: "Kitchen",
      bodyText: "Can we come Thursday?",
    });
    await message(t.companyId, box.id, {
      receivedAt: "2026-03-06T00:00:00.000Z",
      folderId: box.folders.inbox!,
      thread: { id: crypto.randomUUID(), subject: "Other" },
    });
    const response = await call(`/api/v1/inbox/${box.id}/conversations/${thread.id}`, { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: thread.id,
      mailbox_id: box.id,
      subject: "Kitchen",
      message_count: 2,
      last_message_at: "2026-03-05T00:00:00.000Z",
    });
    expect(response.json.messages.map((m: { id: string; body_text: string }) => [m.id, m.body_text])).toEqual([
      [earlier.messageId, "Can we come Thursday?"],
      [later.messageId, "Thursday is fine"],
    ]);
    expect((await call(`/api/v1/inbox/${other.id}/conversations/${thread.id}`, { key: t.key })).status).toBe(404);
  });
});

describe("kinds of mailbox", () => {
  it("a forwarding mailbox has messages but no folders and no conversations: 501 not_implemented", async () => {
    const t = await inboxCompany();
    const box = await mailbox(t.companyId, "forwarding");
    const { messageId } = await message(t.companyId, box.id, { receivedAt: "2026-03-01T00:00:00.000Z" });
    expect(ids((await call(`/api/v1/inbox/${box.id}/messages`, { key: t.key })).json)).toEqual([messageId]);
    expect((await call(`/api/v1/inbox/${box.id}/messages/${messageId}`, { key: t.key })).json).toMatchObject({
      folder_id: null,
      conversation_id: null,
    });
    for (const path of [
      `/api/v1/inbox/${box.id}/folders`,
      `/api/v1/inbox/${box.id}/conversations/${crypto.randomUUID()}`,
    ]) {
      const response = await call(path, { key: t.key });
      expect(response.status, path).toBe(501);
      expect(slug(response.json)).toBe("not_implemented");
      expect(response.json.mailbox_kind).toBe("forwarding");
    }
  });

  it("a jmap mailbox's folder counters are read live from its mail server (JMAP Mailbox/get)", async () => {
    const t = await inboxCompany();
    const accountId = `acc-${crypto.randomUUID()}`;
    await fake.control("jmap", "accounts", {
      accountId,
      folders: [
        { id: "mb-inbox", name: "Inbox", role: "inbox", totalEmails: 120, unreadEmails: 7 },
        { id: "mb-sent", name: "Sent", role: "sent", totalEmails: 40, unreadEmails: 0 },
      ],
    });
    const box = await mailbox(t.companyId, "jmap", { remoteAccountId: accountId, remoteIds: true });
    const response = await call(`/api/v1/inbox/${box.id}/folders`, { key: t.key });
    expect(response.status).toBe(200);
    // The stored Clients folder is gone from the server: left out.
    expect(response.json.data.map((f: Record<string, unknown>) => [f.id, f.total, f.unread])).toEqual([
      [box.folders.inbox, 120, 7],
      [box.folders.sent, 40, 0],
    ]);
    const [sent] = await fake.requests("jmap", accountId);
    expect(sent).toMatchObject({ method: "POST", path: "/jmap/api/", authorized: true });
    expect(sent!.headers.authorization).toBe(`Bearer ${env.JMAP_TOKEN}`);
    expect(response.text).not.toContain(env.JMAP_TOKEN);
    expect(JSON.parse(sent!.body).methodCalls[0][0]).toBe("Mailbox/get");
  });

  it("a jmap mail server that fails, or no longer holds the account, is 502 naming it", async () => {
    const t = await inboxCompany();
    const accountId = `acc-${crypto.randomUUID()}`;
    await fake.control("jmap", "accounts", { accountId, folders: [] });
    const box = await mailbox(t.companyId, "jmap", { remoteAccountId: accountId, remoteIds: true });
    await fake.control("jmap", "script", { status: 500, match: accountId });
    const failed = await call(`/api/v1/inbox/${box.id}/folders`, { key: t.key });
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ provider: "jmap", detail: "JMAP mail server failed: it answered HTTP 500." });
    await fake.control("jmap", "script", { timeout: true, match: accountId });
    const slow = await call(`/api/v1/inbox/${box.id}/folders`, { key: t.key, vars: { PROVIDER_TIMEOUT_MS: "300" } });
    expect(slow.status).toBe(502);
    expect(slow.json.detail).toBe("JMAP mail server failed: it did not answer within 300 ms.");
    const unconfigured = await call(`/api/v1/inbox/${box.id}/folders`, { key: t.key, vars: { JMAP_BASE_URL: "" } });
    expect([unconfigured.status, slug(unconfigured.json)]).toEqual([503, "integration_not_configured"]);
    const gone = await mailbox(t.companyId, "jmap", {
      remoteAccountId: `missing-${crypto.randomUUID()}`,
      remoteIds: true,
    });
    const missing = await call(`/api/v1/inbox/${gone.id}/folders`, { key: t.key });
    expect(missing.status).toBe(502);
    expect(missing.json.detail).toBe("JMAP mail server failed: it answered the error accountNotFound.");
  });
});
