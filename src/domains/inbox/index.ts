import { defineDomain } from "../../core/domain";
import { inboxEvents } from "./events";
import { forwardedMailCallback } from "./forwarding";
import { syncJmapMailbox } from "./jmap-sync";
import { inboxOperatorOperations } from "./panel";
import { inboxOperations } from "./routes";
import { seedInboxDomain } from "./seed";

export { checkMailboxGrant, mailboxGrantStatements } from "./panel";
export { addMailbox, syncMessage, type NewMailbox, type SyncedMessage } from "./sync";

/** The mailbox inbox: the company's shared mailboxes, read only (folders, messages, threads, attachments). */
export default defineDomain({
  name: "inbox",
  defaults: {
    tag: "Mailbox inbox",
    tagDescription:
      "The company's shared mailboxes, read only: folders with counters, messages, conversations and attachments (content up to 15 MiB).",
    plans: "NONE",
    capability: "inbox",
  },
  operations: inboxOperations,
  operatorOperations: inboxOperatorOperations,
  events: inboxEvents,
  seed: seedInboxDomain,
  callbacks: [forwardedMailCallback],
  dueWork: [syncJmapMailbox],
});
