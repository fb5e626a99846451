import type { Uses } from "../../core/action";
import { nowIso } from "../../data/schema";
import { inviteRevoked } from "./events";
import { findInvite, noPendingInvite, revokeInviteStatements } from "./queries";

/** Revokes a pending invite; one that is not pending (accepted, expired, revoked, or unknown) is refused. */
export async function revokeInvite({ db, caller, commit }: Uses<"db" | "caller" | "commit">, inviteId: string) {
  const companyId = caller.company.id;
  const now = nowIso();
  const invite = await findInvite(db, companyId, inviteId, now);
  if (invite?.status !== "pending") throw noPendingInvite();
  const revoked = { ...invite, status: "revoked" as const, revoked_at: now };
  await commit(
    revokeInviteStatements(db, companyId, invite.id, now),
    { resourceType: "team_invite", resourceId: invite.id },
    [inviteRevoked.of({ id: invite.id, email: invite.email, role_id: invite.role?.id ?? null, revoked_at: now })],
  );
  return revoked;
}

/** The invite a revocation answered, read back (its replay): undefined unless it is revoked. */
export async function revokedInvite({ db, caller }: Uses<"db" | "caller">, inviteId: string) {
  const invite = await findInvite(db, caller.company.id, inviteId, nowIso());
  return invite?.status === "revoked" ? invite : undefined;
}
