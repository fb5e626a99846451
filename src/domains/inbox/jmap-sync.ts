import { z } from "@hono/zod-openapi";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { sha256Hex } from "../../keys/auth";
import { clock } from "../../lib/clock";
import { rowOf } from "../../data/rows";
import { scheduleDue } from "../../work/due";
import { gateway, ProviderError } from "../../integrations";
import type { RemoteEmail } from "../../integrations/adapters/jmap";
import { defineJob, type JobContext, type JobDefinition } from "../../work/jobs";
import { listFolders, storedRemoteMessage } from "./queries";
import { mailboxes, type MailboxFolderRow, type MailboxRow } from "./schema";
import { syncMessage, type SyncedAttachment } from "./sync";
import { uuidFromHex } from "../../lib/uuid";

/**
 * The sync of a jmap mailbox: due work that reschedules itself. Each run reads one bounded page
 * from the mail server and stores it through the sync path (sync.ts), then records how far it got
 * and schedules the next run: at once (the next tick) while there is more, else after
 * SYNC_INTERVAL_MS. The first sync takes the account's Email state, then imports its mail oldest
 * first (Email/query pages); every later one asks for the mail created since the stored state
 * (Email/changes), so it reads only what is new. A message seen twice (a state the server reports
 * again, a run repeated after its store but before its state was written) is stored once, by its
 * Email id. A removed mailbox ends the chain; a server that fails is asked again at the next interval.
 */

/** Emails stored per run: a run stays well inside a job's lease, attachments included. */
export const SYNC_PAGE = 25;
/** How long a mailbox that is up to date waits before it is asked again. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** The largest attachment fetched into a Worker's memory; a larger one is left on the server. */
const ATTACHMENT_FETCH_MAX_BYTES = 25 * 1024 * 1024;

type SyncPosition = Pick<MailboxRow, "syncState" | "importState" | "importPosition">;

/** The mailbox's sync position must still be the one this run read (compare-and-set). */
const positionIs = (position: SyncPosition): SQL | undefined =>
  and(
    position.syncState === null ? isNull(mailboxes.syncState) : eq(mailboxes.syncState, position.syncState),
    position.importState === null ? isNull(mailboxes.importState) : eq(mailboxes.importState, position.importState),
    eq(mailboxes.importPosition, position.importPosition),
  );

/** A stable id of our thread for the server's thread of this mailbox (UUID-shaped, from a digest). */
async function threadIdOf(mailboxId: string, remoteThreadId: string): Promise<string> {
  return uuidFromHex(await sha256Hex(`jmap-thread:${mailboxId}:${remoteThreadId}`), 5);
}

/** The folder a message is in: one of its JMAP mailboxes we hold (the inbox first), else the inbox. */
function folderOf(email: RemoteEmail, folders: MailboxFolderRow[]): string | null {
  const held = folders.filter((folder) => folder.remoteId !== null && email.mailboxIds[folder.remoteId] === true);
  const inbox = folders.find((folder) => folder.role === "inbox");
  return (held.find((folder) => folder.role === "inbox") ?? held[0] ?? inbox ?? folders[0])?.id ?? null;
}

const stripTags = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

async function storeEmail(
  job: JobContext,
  mailbox: MailboxRow,
  folders: MailboxFolderRow[],
  email: RemoteEmail,
  download: (part: { blobId: string; name: string; type: string }) => Promise<Uint8Array>,
) {
  // Known already: no attachment is fetched again.
  if (await storedRemoteMessage(job.db, job.companyId, mailbox.id, email.id)) return;
  const text = email.textBody
    .map((part) => (part.partId ? (email.bodyValues[part.partId]?.value ?? "") : ""))
    .join("\n");
  const html = email.htmlBody
    .map((part) => (part.partId ? (email.bodyValues[part.partId]?.value ?? "") : ""))
    .join("\n");
  const attachments: SyncedAttachment[] = [];
  for (const part of email.attachments) {
    if (!part.blobId || (part.size ?? 0) > ATTACHMENT_FETCH_MAX_BYTES) continue;
    const name = part.name ?? "attachment";
    const type = part.type ?? "application/octet-stream";
    attachments.push({
      fileName: name,
      contentType: type,
      content: await download({ blobId: part.blobId, name, type }),
    });
  }
  const from = email.from?.[0];
  const subject = email.subject ?? "";
  const receivedAt = Number.isFinite(Date.parse(email.receivedAt))
    ? new Date(email.receivedAt).toISOString()
    : clock.iso();
  await syncMessage(job.db, job.env.ATTACHMENTS, {
    companyId: job.companyId,
    mailboxId: mailbox.id,
    folderId: folderOf(email, folders),
    thread: { id: await threadIdOf(mailbox.id, email.threadId ?? email.id), subject },
    from: { address: from?.email ?? "", name: from?.name ?? null },
    to: (email.to ?? []).map((address) => address.email),
    cc: (email.cc ?? []).map((address) => address.email),
    subject,
    bodyText: text || stripTags(html),
    bodyHtml: html || null,
    read: email.keywords?.$seen === true,
    receivedAt,
    attachments,
    remoteId: email.id,
  });
}

export const syncJmapMailbox: JobDefinition<{ mailboxId: string }> = defineJob({
  kind: "inbox.sync_jmap",
  payload: z.object({ mailboxId: z.string().min(1) }),
  async run(job, { mailboxId }) {
    const mailbox = await job.db
      .select()
      .from(mailboxes)
      .where(rowOf(mailboxes, job.companyId, mailboxId, eq(mailboxes.kind, "jmap")))
      .get();
    // Removed (or never a jmap mailbox): the chain ends here.
    if (!mailbox?.remoteAccountId) return { status: "done" };
    const accountId = mailbox.remoteAccountId;
    const after = (ms: number) =>
      scheduleDue(syncJmapMailbox, job.companyId, new Date(clock.now() + ms).toISOString(), { mailboxId });
    const jmap = gateway(job, {
      companySettings: async (provider) => (provider === "jmap" ? mailbox.sealedCredentials : null),
    }).jmap;
    const read: SyncPosition = {
      syncState: mailbox.syncState,
      importState: mailbox.importState,
      importPosition: mailbox.importPosition,
    };
    try {
      let next: SyncPosition;
      let more: boolean;
      let emails: RemoteEmail[];
      if (read.syncState !== null) {
        const changes = await jmap.emailChanges(accountId, read.syncState, SYNC_PAGE);
        if (changes === "reset") {
          // The server forgot that state: import again (what is stored already is skipped).
          [next, more, emails] = [{ syncState: null, importState: null, importPosition: 0 }, true, []];
        } else {
          [next, more, emails] = [
            { syncState: changes.newState, importState: null, importPosition: 0 },
            changes.hasMoreChanges,
            changes.emails,
          ];
        }
      } else {
        // The state before the import: whatever arrives during it comes in the changes after it.
        const importState = read.importState ?? (await jmap.emailState(accountId));
        const page = await jmap.emailPage(accountId, read.importPosition, SYNC_PAGE);
        const position = read.importPosition + page.ids.length;
        const finished = page.ids.length === 0 || position >= page.total;
        next = finished
          ? { syncState: importState, importState: null, importPosition: 0 }
          : { syncState: null, importState, importPosition: position };
        [more, emails] = [!finished, page.emails];
      }
      const folders = await listFolders(job.db, job.companyId, mailbox.id);
      // The session's download address is read once, when a message has an attachment.
      let template: string | undefined;
      const download = async (part: { blobId: string; name: string; type: string }) => {
        template ??= await jmap.downloadTemplate();
        return jmap.download(template, { accountId, ...part }, ATTACHMENT_FETCH_MAX_BYTES);
      };
      for (const email of emails) await storeEmail(job, mailbox, folders, email, download);
      return {
        status: "done",
        statements: [
          job.db
            .update(mailboxes)
            .set({ ...next, lastSyncedAt: clock.iso() })
            .where(rowOf(mailboxes, job.companyId, mailboxId, positionIs(read))),
          after(more ? 0 : SYNC_INTERVAL_MS),
        ],
      };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // The server failed or refused (its log line says how): the mailbox is asked again later, never given up.
      return { status: "done", statements: [after(SYNC_INTERVAL_MS)] };
    }
  },
});
