import { env } from "cloudflare:test";
import { db, tenant } from "../../../test/helpers";
import { addMailbox, syncMessage, type SyncedMessage } from "./sync";
import type { MailboxKind } from "./schema";

/** The inbox tests' world: a company granted the inbox, its mailboxes, and mail stored through the sync path. */
export const granted = { capabilities: ["inbox"] };

export async function inboxCompany() {
  return tenant(granted);
}

export async function mailbox(companyId: string, kind: MailboxKind = "shared", options: { createdAt?: string; remoteAccountId?: string; remoteIds?: boolean } = {}) {
  const folders =
    kind === "forwarding"
      ? []
      : [
          { name: "Inbox", role: "inbox" as const, remoteId: options.remoteIds ? "mb-inbox" : null },
          { name: "Sent", role: "sent" as const, remoteId: options.remoteIds ? "mb-sent" : null },
          { name: "Clients", role: "custom" as const, remoteId: options.remoteIds ? "mb-clients" : null },
        ];
  const { mailbox: row, folders: stored } = await addMailbox(db, {
    companyId,
    address: `box-${crypto.randomUUID().slice(0, 8)}@example.org`,
    name: `${kind} mailbox`,
    kind,
    remoteAccountId: options.remoteAccountId ?? null,
    folders,
    createdAt: options.createdAt,
  });
  return { id: row.id, folders: Object.fromEntries(stored.map((folder) => [folder.role, folder.id])) as Record<string, string> };
}

/** Stores one message (and its attachments' bytes in the test runtime's R2) through the sync path. */
export function message(companyId: string, mailboxId: string, fields: Partial<SyncedMessage> & { receivedAt: string }) {
  return syncMessage(db, env.ATTACHMENTS, {
    companyId,
    mailboxId,
    folderId: null,
    thread: null,
    from: { address: "lucia@example.com", name: "Lucía" },
    to: ["info@example.org"],
    subject: "Hello",
    bodyText: "Hello there",
    read: false,
    ...fields,
  });
}

export const ids = (json: { data: { id: string }[] }) => json.data.map((row) => row.id);
