import type { Database } from "../../core/db/client";
import { companyMailboxIds, insertGrants } from "./queries";
import { InputError } from "../../core/input-error";

/** Checks that every id is a mailbox of the company, before a key is restricted to them. */
export async function checkMailboxGrant(db: Database, companyId: string, mailboxIds: readonly string[]): Promise<void> {
  if (mailboxIds.length === 0) throw new InputError("invalid_argument", "--mailboxes needs at least one mailbox id.");
  const known = await companyMailboxIds(db, companyId, mailboxIds);
  const unknown = mailboxIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new InputError("not_found", `Not mailboxes of company ${companyId}: ${unknown.join(", ")}.`);
}

/**
 * Restricts a key (its lineage: a rotated key keeps the grant) to these mailboxes of its company;
 * a key never restricted reads every mailbox of its company.
 */
export async function grantMailboxes(db: Database, input: { companyId: string; lineageId: string; mailboxIds: readonly string[] }) {
  await checkMailboxGrant(db, input.companyId, input.mailboxIds);
  await insertGrants(db, input.companyId, input.lineageId, [...new Set(input.mailboxIds)], new Date().toISOString()).run();
  return { mailboxes: [...new Set(input.mailboxIds)] };
}
