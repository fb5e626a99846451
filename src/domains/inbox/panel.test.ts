import { describe, expect, it } from "vitest";
import { call, db, operator } from "../../../test/helpers";
import { dnsRecords } from "../../../test/fixtures/agency";
import {
  fakeOrigins,
  fakeRequests,
  onboarded,
  tellFake,
  unknownId,
  loopbackFakes,
} from "../../../test/fixtures/onboarding";
import { mailboxes } from "./schema";
import { eq } from "drizzle-orm";

// Mailboxes through the operator API: a jmap one on the company's own server (the JMAP fake), a forwarding one, and a key's grants.

async function jmapAccount() {
  const token = `fmu1-${crypto.randomUUID()}`;
  const accountId = `u${crypto.randomUUID().slice(0, 8)}`;
  await tellFake("jmap", "credentials", { token });
  await tellFake("jmap", "accounts", {
    accountId,
    token,
    folders: [
      { id: "f-in", name: "Inbox", role: "inbox", totalEmails: 12, unreadEmails: 3 },
      { id: "f-sent", name: "Sent", role: "sent", totalEmails: 4, unreadEmails: 0 },
      { id: "f-x", name: "Suppliers", role: null, totalEmails: 2, unreadEmails: 1 },
    ],
  });
  return { token, accountId };
}

const jmapMailbox = (token: string) => ({
  kind: "jmap",
  name: "Support",
  address: "support@clinic.example.com",
  jmap: { base_url: fakeOrigins.jmap, username: "support@clinic.example.com", token },
});

describe("mailboxes (operator)", () => {
  it("adds a jmap mailbox on the company's server (credentials sealed, never answered); the company's key reads it live", async () => {
    const t = await onboarded({ capabilities: ["inbox"] });
    const { token, accountId } = await jmapAccount();
    const added = await operator(`/companies/${t.companyId}/mailboxes`, {
      method: "POST",
      body: jmapMailbox(token),
      vars: loopbackFakes,
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({ kind: "jmap", address: "support@clinic.example.com", name: "Support" });
    expect(added.json.folders.map((folder: { role: string }) => folder.role)).toEqual(["inbox", "sent", "custom"]);
    expect(added.text).not.toContain(token);
    const [row] = await db.select().from(mailboxes).where(eq(mailboxes.id, added.json.mailbox_id));
    expect(row).toMatchObject({ remoteAccountId: accountId });
    expect(row!.sealedCredentials).not.toContain(token);

    const listed = await call("/api/v1/inbox/mailboxes", { key: t.key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data.map((mailbox: { id: string }) => mailbox.id)).toEqual([added.json.mailbox_id]);
    const folders = await call(`/api/v1/inbox/${added.json.mailbox_id}/folders`, { key: t.key });
    expect(folders.status, folders.text).toBe(200);
    expect(folders.json.data.find((folder: { role: string }) => folder.role === "inbox")).toMatchObject({
      total: 12,
      unread: 3,
    });
    const reads = await fakeRequests("jmap", accountId);
    expect(reads.at(-1)!.headers.authorization).toBe(`Bearer ${token}`);
    const messages = await call(`/api/v1/inbox/${added.json.mailbox_id}/messages`, { key: t.key });
    expect(messages.status, messages.text).toBe(200);
    expect(messages.text).not.toContain(token);
  });

  it("adds a forwarding mailbox with an address the platform gives; a key's mailboxes are set and replaced; removal keeps a restricted key restricted", async () => {
    const t = await onboarded({ capabilities: ["inbox"] });
    const forwarding = await operator(`/companies/${t.companyId}/mailboxes`, {
      method: "POST",
      vars: loopbackFakes,
      body: { kind: "forwarding", name: "Invoices" },
    });
    expect(forwarding.status, forwarding.text).toBe(201);
    expect(forwarding.json.inbound_address).toMatch(/^mbx-[0-9a-f]{24}@/);
    expect(forwarding.json.address).toBe(forwarding.json.inbound_address);
    const own = await operator(`/companies/${t.companyId}/mailboxes`, {
      method: "POST",
      vars: loopbackFakes,
      body: { kind: "forwarding", name: "Orders", address: "orders@clinic.example.com" },
    });
    expect(own.json).toMatchObject({
      address: "orders@clinic.example.com",
      inbound_address: expect.stringMatching(/^mbx-/),
    });

    const set = await operator(`/keys/${t.keyId}/mailboxes`, {
      method: "PUT",
      body: { mailbox_ids: [forwarding.json.mailbox_id] },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toEqual({ key_id: t.keyId, company_id: t.companyId, mailbox_ids: [forwarding.json.mailbox_id] });
    const visible = async () =>
      (await call("/api/v1/inbox/mailboxes", { key: t.key })).json.data.map((mailbox: { id: string }) => mailbox.id);
    expect(await visible()).toEqual([forwarding.json.mailbox_id]);
    expect((await call(`/api/v1/inbox/${own.json.mailbox_id}/messages`, { key: t.key })).status).toBe(404);
    await operator(`/keys/${t.keyId}/mailboxes`, { method: "PUT", body: { mailbox_ids: [own.json.mailbox_id] } });
    expect(await visible()).toEqual([own.json.mailbox_id]);

    const removed = await operator(`/companies/${t.companyId}/mailboxes/${own.json.mailbox_id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await visible()).toEqual([]);
    expect(
      (await operator(`/companies/${t.companyId}/mailboxes/${own.json.mailbox_id}`, { method: "DELETE" })).status,
    ).toBe(404);
  });

  it("refuses foreign and unknown ids (404), an empty grant (400), and stores nothing when the server refuses the token (502)", async () => {
    const t = await onboarded({ capabilities: ["inbox"] });
    const other = await onboarded({ capabilities: ["inbox"] });
    const foreign = await operator(`/companies/${other.companyId}/mailboxes`, {
      method: "POST",
      vars: loopbackFakes,
      body: { kind: "forwarding", name: "Theirs" },
    });
    expect(
      (
        await operator(`/keys/${t.keyId}/mailboxes`, {
          method: "PUT",
          body: { mailbox_ids: [foreign.json.mailbox_id] },
        })
      ).status,
    ).toBe(404);
    expect(
      (await operator(`/companies/${t.companyId}/mailboxes/${foreign.json.mailbox_id}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect(
      (
        await operator(`/keys/${unknownId()}/mailboxes`, {
          method: "PUT",
          body: { mailbox_ids: [foreign.json.mailbox_id] },
        })
      ).status,
    ).toBe(404);
    expect((await operator(`/keys/${t.keyId}/mailboxes`, { method: "PUT", body: { mailbox_ids: [] } })).status).toBe(
      400,
    );
    expect(
      (
        await operator(`/companies/${unknownId()}/mailboxes`, {
          method: "POST",
          body: { kind: "forwarding", name: "X" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await operator(`/companies/${t.companyId}/mailboxes`, { method: "POST", body: { kind: "pop3", name: "X" } }))
        .status,
    ).toBe(400);
    const refused = await operator(`/companies/${t.companyId}/mailboxes`, {
      method: "POST",
      vars: loopbackFakes,
      body: jmapMailbox("not-a-token-it-knows"),
    });
    expect(refused.status).toBe(502);
    expect((await call("/api/v1/inbox/mailboxes", { key: t.key })).json.data).toEqual([]);
  });

  it("sends the token only to public hosts: a base_url on loopback without local development's switch, or a session_url resolving to a special-purpose address, is 400 naming the field", async () => {
    const t = await onboarded({ capabilities: ["inbox"] });
    const rebound = `jmap-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await dnsRecords(rebound, { type: "A", data: ["10.0.0.7"] });
    const onLoopback = await operator(`/companies/${t.companyId}/mailboxes`, {
      method: "POST",
      body: jmapMailbox("a-token"),
    });
    expect([onLoopback.status, onLoopback.json.errors?.[0]?.path]).toEqual([400, "body.jmap.base_url"]);
    const mailbox = jmapMailbox("a-token");
    const rebinding = await operator(`/companies/${t.companyId}/mailboxes`, {
      method: "POST",
      body: {
        ...mailbox,
        jmap: { ...mailbox.jmap, base_url: "https://jmap.example.com", session_url: `https://${rebound}/jmap/session` },
      },
    });
    expect([rebinding.status, rebinding.json.errors?.[0]?.path]).toEqual([400, "body.jmap.session_url"]);
    expect((await call("/api/v1/inbox/mailboxes", { key: t.key })).json.data).toEqual([]);
  });
});
