import { env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { call, db, operator } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import { fakeOrigins, fakeRequests, onboarded, tellFake, loopbackFakes } from "../../../test/fixtures/onboarding";
import { dueWork } from "../../data/schema";
import { SYNC_INTERVAL_MS, SYNC_PAGE } from "./jmap-sync";
import { mailboxes, mailboxFolders, mailboxMessages, mailboxThreads } from "./schema";

// A jmap mailbox synced by due work from the JMAP fake: the first import, then Email/changes since the stored state.

afterEach(resetClock);

let clockAhead = 0;
/** Moves the clock past the next scheduled sync and fires one tick; then runs the jobs it made. */
async function nextSync(companyId: string) {
  clockAhead += SYNC_INTERVAL_MS + 1_000;
  moveClock(clockAhead);
  await tick();
  await settleJobs(companyId);
}

async function jmapMailbox() {
  clockAhead = 0;
  const t = await onboarded({ capabilities: ["inbox"] });
  const token = `fmu1-${crypto.randomUUID()}`;
  const accountId = `u${crypto.randomUUID().slice(0, 8)}`;
  await tellFake("jmap", "credentials", { token });
  await tellFake("jmap", "accounts", {
    accountId,
    token,
    folders: [
      { id: "f-in", name: "Inbox", role: "inbox" },
      { id: "f-sent", name: "Sent", role: "sent" },
    ],
  });
  const addMail = async (emails: Record<string, unknown>[]) => {
    const response = await fetch(`${fakeOrigins.jmap}/__fake/emails`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ accountId, emails }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { ids: string[] }).ids;
  };
  const add = async () => {
    const added = await operator(`/companies/${t.companyId}/mailboxes`, {
      method: "POST",
      vars: loopbackFakes,
      body: {
        kind: "jmap",
        name: "Support",
        address: "support@clinic.example.com",
        jmap: { base_url: fakeOrigins.jmap, username: "support@clinic.example.com", token },
      },
    });
    expect(added.status, added.text).toBe(201);
    return added.json.mailbox_id as string;
  };
  const stored = (mailboxId: string) =>
    db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.mailboxId, mailboxId))
      .orderBy(asc(mailboxMessages.receivedAt));
  const mailbox = (mailboxId: string) => db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId)).get();
  return { ...t, token, accountId, addMail, add, stored, mailbox };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");

describe("jmap mailbox sync (due work)", () => {
  it("the first sync imports the mailbox's mail with folders, threads and attachments; later syncs read only what is new; a message seen twice is stored once", async () => {
    const box = await jmapMailbox();
    const invoice = crypto.getRandomValues(new Uint8Array(1500));
    await box.addMail([
      {
        mailboxIds: ["f-in"],
        from: { email: "ana@example.org", name: "Ana" },
        to: ["support@clinic.example.com"],
        subject: "Cita",
        text: "¿Hay hueco el lunes?",
        threadId: "T-cita",
        receivedAt: minutesAgo(30),
      },
      {
        mailboxIds: ["f-in"],
        from: { email: "ana@example.org", name: "Ana" },
        to: ["support@clinic.example.com"],
        subject: "Re: Cita",
        text: "Mejor el martes.",
        threadId: "T-cita",
        receivedAt: minutesAgo(20),
        seen: true,
      },
      {
        mailboxIds: ["f-sent"],
        from: { email: "support@clinic.example.com" },
        to: ["proveedor@example.org"],
        subject: "Factura",
        text: "",
        html: "<p>Adjunta <b>la factura</b>.</p>",
        receivedAt: minutesAgo(10),
        attachments: [
          { name: "factura.pdf", type: "application/pdf", content_base64: btoa(String.fromCharCode(...invoice)) },
        ],
      },
    ]);
    const mailboxId = await box.add();
    // The first sync is due at once.
    const [due] = await db
      .select()
      .from(dueWork)
      .where(and(eq(dueWork.companyId, box.companyId), eq(dueWork.kind, "inbox.sync_jmap")));
    expect(due).toBeDefined();
    await tick();
    await settleJobs(box.companyId);

    const first = await box.stored(mailboxId);
    expect(first.map((message) => [message.subject, message.read, message.attachmentCount])).toEqual([
      ["Cita", false, 0],
      ["Re: Cita", true, 0],
      ["Factura", false, 1],
    ]);
    expect(first[2]!.bodyText).toBe("Adjunta la factura .");
    expect(first[2]!.bodyHtml).toBe("<p>Adjunta <b>la factura</b>.</p>");
    expect(first[0]!.threadId).toBe(first[1]!.threadId);
    const [thread] = await db.select().from(mailboxThreads).where(eq(mailboxThreads.id, first[0]!.threadId!));
    expect(thread).toMatchObject({ messageCount: 2, subject: "Cita" });
    const folders = await db
      .select()
      .from(mailboxFolders)
      .where(eq(mailboxFolders.mailboxId, mailboxId))
      .orderBy(asc(mailboxFolders.position));
    expect(folders.map((folder) => [folder.role, folder.totalCount, folder.unreadCount])).toEqual([
      ["inbox", 2, 1],
      ["sent", 1, 1],
    ]);
    expect(await box.mailbox(mailboxId)).toMatchObject({ syncState: "3", importState: null, importPosition: 0 });

    // The attachment's bytes came from the session's download address into R2, and read back through the API.
    const attachments = await call(`/api/v1/inbox/${mailboxId}/messages/${first[2]!.id}/attachments`, { key: box.key });
    expect(attachments.json.data).toMatchObject([
      { file_name: "factura.pdf", content_type: "application/pdf", size: 1500 },
    ]);
    const download = await call(
      `/api/v1/inbox/${mailboxId}/messages/${first[2]!.id}/attachments/${attachments.json.data[0].id}`,
      { key: box.key },
    );
    expect(Uint8Array.from(atob(download.json.content_base64), (char) => char.charCodeAt(0))).toEqual(invoice);
    const listed = await call(`/api/v1/inbox/${mailboxId}/messages`, { key: box.key });
    expect(listed.json.data).toHaveLength(3);

    // Incremental: two new messages; the next sync asks for the changes since state 3 only.
    await box.addMail([
      {
        mailboxIds: ["f-in"],
        from: { email: "luis@example.org" },
        to: ["support@clinic.example.com"],
        subject: "Presupuesto",
        text: "¿Cuánto cuesta?",
        receivedAt: minutesAgo(5),
      },
      {
        mailboxIds: ["f-in"],
        from: { email: "ana@example.org" },
        to: ["support@clinic.example.com"],
        subject: "Re: Cita",
        text: "Confirmado.",
        threadId: "T-cita",
        receivedAt: minutesAgo(4),
      },
    ]);
    await nextSync(box.companyId);
    const second = await box.stored(mailboxId);
    expect(second).toHaveLength(5);
    expect((await box.mailbox(mailboxId))!.syncState).toBe("5");
    const changes = (await fakeRequests("jmap", box.accountId)).filter((request) =>
      request.body.includes("Email/changes"),
    );
    expect(
      changes.map(
        (request) =>
          (JSON.parse(request.body) as { methodCalls: [string, { sinceState: string }][] }).methodCalls[0]![1]
            .sinceState,
      ),
    ).toEqual(["3"]);
    expect(
      (await db.select().from(mailboxThreads).where(eq(mailboxThreads.id, first[0]!.threadId!)))[0]!.messageCount,
    ).toBe(3);

    // The state is written back as it was two syncs ago (a lost write): messages 4 and 5 are reported again, and stored once.
    await db.update(mailboxes).set({ syncState: "3" }).where(eq(mailboxes.id, mailboxId));
    await box.addMail([
      {
        mailboxIds: ["f-in"],
        from: { email: "eva@example.org" },
        to: ["support@clinic.example.com"],
        subject: "Hola",
        text: "Hola",
        receivedAt: minutesAgo(1),
      },
    ]);
    await nextSync(box.companyId);
    const third = await box.stored(mailboxId);
    expect(third).toHaveLength(6);
    expect(new Set(third.map((message) => message.remoteId)).size).toBe(6);
    expect((await box.mailbox(mailboxId))!.syncState).toBe("6");
    const inbox = await db
      .select()
      .from(mailboxFolders)
      .where(and(eq(mailboxFolders.mailboxId, mailboxId), eq(mailboxFolders.role, "inbox")))
      .get();
    expect(inbox).toMatchObject({ totalCount: 5, unreadCount: 4 });
    expect(
      (await db.select().from(mailboxThreads).where(eq(mailboxThreads.id, first[0]!.threadId!)))[0]!.messageCount,
    ).toBe(3);
    expect(
      await env.ATTACHMENTS.list({ prefix: `mailboxes/${box.companyId}/${mailboxId}/` }).then(
        (listing) => listing.objects.length,
      ),
    ).toBe(1);
  });

  it("is bounded per run: a large mailbox is imported a page per tick, each next page due at once; a removed mailbox ends the chain", async () => {
    const box = await jmapMailbox();
    await box.addMail(
      Array.from({ length: SYNC_PAGE + 5 }, (_, index) => ({
        mailboxIds: ["f-in"],
        from: { email: `c${index}@example.org` },
        to: ["support@clinic.example.com"],
        subject: `Mensaje ${index}`,
        text: "...",
        receivedAt: minutesAgo(100 - index),
      })),
    );
    const mailboxId = await box.add();
    await tick();
    await settleJobs(box.companyId);
    expect(await box.stored(mailboxId)).toHaveLength(SYNC_PAGE);
    expect(await box.mailbox(mailboxId)).toMatchObject({
      syncState: null,
      importState: String(SYNC_PAGE + 5),
      importPosition: SYNC_PAGE,
    });
    // The next page is due now: the next tick, without waiting for the interval.
    await tick();
    await settleJobs(box.companyId);
    expect(await box.stored(mailboxId)).toHaveLength(SYNC_PAGE + 5);
    expect(await box.mailbox(mailboxId)).toMatchObject({ syncState: String(SYNC_PAGE + 5), importState: null });

    expect((await operator(`/companies/${box.companyId}/mailboxes/${mailboxId}`, { method: "DELETE" })).status).toBe(
      200,
    );
    await nextSync(box.companyId);
    expect(
      await db
        .select()
        .from(dueWork)
        .where(and(eq(dueWork.companyId, box.companyId), eq(dueWork.kind, "inbox.sync_jmap"))),
    ).toHaveLength(0);
  });
});
