import { and, count, eq, gt, inArray, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { IN_LIST_MAX, inChunks, qualified } from "../../data/bulk";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { preparedStatement, preparedVariants, selectRow, type Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { precondition } from "../../data/precondition";
import { ApiError } from "../../lib/errors";
import type { WriteStatement } from "../../core/operation";
import type { OffsetPage } from "../../lib/pagination";
import type { TeamInviteView } from "./model";
import { teamInvites, teamMembers, teamRoles, teamSeats } from "./schema";

type InviteStatus = TeamInviteView["status"];

const roleOf = (row: { roleId: string | null; roleName: string | null }) =>
  row.roleId && row.roleName !== null ? { id: row.roleId, name: row.roleName } : null;

/** Members newest first; backed by team_members_company_created_idx (and its status variant). */
const memberKeys: ListKeys = { company: teamMembers.companyId, at: teamMembers.createdAt, id: teamMembers.id };

/** Members newest first; backed by team_members_company_status_created_idx or team_members_company_created_idx. */
export function listMembers(
  db: Database,
  companyId: string,
  filter: { status?: "active" | "suspended"; roleId?: string },
  page: OffsetPage,
) {
  const statement = memberPage(db, { status: Boolean(filter.status), roleId: Boolean(filter.roleId) });
  return preparedOffsetList(
    db,
    statement,
    companyId,
    page,
    (row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      handle: row.handle,
      role: roleOf(row),
      status: row.status,
      last_active_at: row.lastActiveAt,
      created_at: row.createdAt,
    }),
    { status: filter.status, roleId: filter.roleId },
  );
}

/** The member page query of each set of filters, prepared once per database. */
const memberPage = preparedVariants((db, filters: { status: boolean; roleId: boolean }) =>
  offsetPageQuery(
    db
      .select({
        id: teamMembers.id,
        name: teamMembers.name,
        email: teamMembers.email,
        handle: teamMembers.handle,
        roleId: teamMembers.roleId,
        roleName: teamRoles.name,
        status: teamMembers.status,
        lastActiveAt: teamMembers.lastActiveAt,
        createdAt: teamMembers.createdAt,
      })
      .from(teamMembers)
      .leftJoin(teamRoles, and(eq(teamRoles.id, teamMembers.roleId), eq(teamRoles.companyId, teamMembers.companyId)))
      .$dynamic(),
    memberKeys,
    and(
      filters.status ? eq(teamMembers.status, sql.placeholder("status")) : undefined,
      filters.roleId ? eq(teamMembers.roleId, sql.placeholder("roleId")) : undefined,
    ),
  ).prepare(),
);

/** Active members only (suspended people cannot be mentioned). */
export function listMentionable(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, mentionablePage(db), companyId, page, (row) => row);
}
const mentionablePage = preparedStatement((db) =>
  offsetPageQuery(
    db.select({ id: teamMembers.id, name: teamMembers.name, handle: teamMembers.handle }).from(teamMembers).$dynamic(),
    memberKeys,
    eq(teamMembers.status, "active"),
  ).prepare(),
);

/** The status a reader sees: a pending invite past its expiry reads as expired. */
const inviteStatusAt = (now: string | Placeholder) =>
  sql<InviteStatus>`CASE WHEN ${teamInvites.status} = 'pending' AND ${teamInvites.expiresAt} <= ${now} THEN 'expired' ELSE ${teamInvites.status} END`;

/** The invites a status filter selects, at `now`: "pending" and "expired" by the expiry, the others ("accepted", "revoked") by the stored status (`status` placeholder). */
function inviteStatusCondition(status: "pending" | "expired" | "stored", now: Placeholder): SQL | undefined {
  switch (status) {
    case "pending":
      return and(eq(teamInvites.status, "pending"), gt(teamInvites.expiresAt, now));
    case "expired":
      return and(eq(teamInvites.status, "pending"), lte(teamInvites.expiresAt, now));
    default:
      return eq(teamInvites.status, sql.placeholder("status"));
  }
}

const inviteColumns = (now: string | Placeholder) => ({
  id: teamInvites.id,
  email: teamInvites.email,
  roleId: teamInvites.roleId,
  roleName: teamRoles.name,
  invitedBy: teamInvites.invitedBy,
  status: inviteStatusAt(now),
  expiresAt: teamInvites.expiresAt,
  acceptedAt: teamInvites.acceptedAt,
  revokedAt: teamInvites.revokedAt,
  createdAt: teamInvites.createdAt,
});

interface InviteRow {
  id: string;
  email: string;
  roleId: string | null;
  roleName: string | null;
  invitedBy: string | null;
  status: InviteStatus;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

const toInvite = (row: InviteRow): TeamInviteView => ({
  id: row.id,
  email: row.email,
  role: roleOf(row),
  invited_by: row.invitedBy,
  status: row.status,
  expires_at: row.expiresAt,
  accepted_at: row.acceptedAt,
  revoked_at: row.revokedAt,
  created_at: row.createdAt,
});

const inviteKeys: ListKeys = { company: teamInvites.companyId, at: teamInvites.createdAt, id: teamInvites.id };

/** Invites newest first; backed by team_invites_company_status_created_idx or team_invites_company_created_idx. */
export function listInvites(
  db: Database,
  companyId: string,
  status: InviteStatus | undefined,
  page: OffsetPage,
  now: string,
) {
  const filters = {
    pending: status === "pending",
    expired: status === "expired",
    stored: status !== undefined && status !== "pending" && status !== "expired",
  };
  return preparedOffsetList(db, invitePage(db, filters), companyId, page, toInvite, { now, status });
}

/** The invite page query of each status filter, `now` a placeholder, prepared once per database. */
const invitePage = preparedVariants((db, filters: { pending: boolean; expired: boolean; stored: boolean }) => {
  const now = sql.placeholder("now");
  const status = filters.pending ? "pending" : filters.expired ? "expired" : filters.stored ? "stored" : undefined;
  return offsetPageQuery(
    db
      .select(inviteColumns(now))
      .from(teamInvites)
      .leftJoin(teamRoles, and(eq(teamRoles.id, teamInvites.roleId), eq(teamRoles.companyId, teamInvites.companyId)))
      .$dynamic(),
    inviteKeys,
    status ? inviteStatusCondition(status, now) : undefined,
  ).prepare();
});

export async function findInvite(db: Database, companyId: string, inviteId: string, now: string) {
  const row = await selectRow(db, inviteOf(db), { companyId, id: inviteId, now });
  return row ? toInvite(row) : undefined;
}

/** One invite of the company as read at `now`, prepared once per database. */
const inviteOf = preparedStatement((db) =>
  db
    .select(inviteColumns(sql.placeholder("now")))
    .from(teamInvites)
    .leftJoin(teamRoles, and(eq(teamRoles.id, teamInvites.roleId), eq(teamRoles.companyId, teamInvites.companyId)))
    .where(rowOf(teamInvites, sql.placeholder("companyId"), sql.placeholder("id")))
    .prepare(),
);

/** The answer for an invite that is not (or no longer) pending: 404, as for an unknown id. */
export const noPendingInvite = () => new ApiError("not_found", "No pending invite with this id.");

/**
 * Revokes the invite, compare-and-set: only while it is still pending and unexpired (a concurrent
 * revoke, or an acceptance, that got there first makes the batch fail with noPendingInvite).
 */
export function revokeInviteStatements(
  db: Database,
  companyId: string,
  inviteId: string,
  now: string,
): WriteStatement[] {
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${teamInvites} WHERE ${rowOf(teamInvites, companyId, inviteId, eq(teamInvites.status, "pending"), gt(teamInvites.expiresAt, now))})`,
      noPendingInvite,
    ),
    db
      .update(teamInvites)
      .set({ status: "revoked", revokedAt: now })
      .where(rowOf(teamInvites, companyId, inviteId, eq(teamInvites.status, "pending"))),
  ];
}

/** Roles newest first with their member counts; backed by team_roles_company_created_idx and team_members_company_role_idx. */
export function listRoles(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, rolePage(db), companyId, page, (row) => row);
}

/** The role page, prepared once per database. */
const rolePage = preparedStatement((db) => {
  const memberCount = sql<number>`(SELECT count(*) FROM ${teamMembers}
    WHERE ${qualified(teamMembers.companyId)} = ${qualified(teamRoles.companyId)} AND ${qualified(teamMembers.roleId)} = ${qualified(teamRoles.id)})`.mapWith(
    Number,
  );
  const query = db
    .select({
      id: teamRoles.id,
      name: teamRoles.name,
      description: teamRoles.description,
      permissions: teamRoles.permissions,
      member_count: memberCount,
      created_at: teamRoles.createdAt,
      updated_at: teamRoles.updatedAt,
    })
    .from(teamRoles)
    .$dynamic();
  return offsetPageQuery(query, { company: teamRoles.companyId, at: teamRoles.createdAt, id: teamRoles.id }).prepare();
});

export async function seatUsage(db: Database, companyId: string, now: string) {
  const [seats, active, pending] = await Promise.all([
    selectRow(db, contractedSeatsOf(db), { companyId }),
    selectRow(db, activeMemberCountOf(db), { companyId }),
    selectRow(db, pendingInviteCountOf(db), { companyId, now }),
  ]);
  const contracted = seats?.contracted ?? 0;
  const used = active?.n ?? 0;
  const pendingInvites = pending?.n ?? 0;
  return {
    contracted,
    used,
    pending_invites: pendingInvites,
    available: Math.max(0, contracted - used - pendingInvites),
  };
}

/** The seat usage's three reads, prepared once per database. */
const contractedSeatsOf = preparedStatement((db) =>
  db
    .select({ contracted: teamSeats.contracted })
    .from(teamSeats)
    .where(ofCompany(teamSeats, sql.placeholder("companyId")))
    .prepare(),
);
const activeMemberCountOf = preparedStatement((db) =>
  db
    .select({ n: count() })
    .from(teamMembers)
    .where(ofCompany(teamMembers, sql.placeholder("companyId"), eq(teamMembers.status, "active")))
    .prepare(),
);
const pendingInviteCountOf = preparedStatement((db) =>
  db
    .select({ n: count() })
    .from(teamInvites)
    .where(
      ofCompany(
        teamInvites,
        sql.placeholder("companyId"),
        eq(teamInvites.status, "pending"),
        gt(teamInvites.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare(),
);

/** Members of the company among `ids`, with their status; ids of no member of the company are absent. */
export async function membersByIds(
  db: Database,
  companyId: string,
  ids: readonly string[],
): Promise<{ id: string; status: "active" | "suspended" }[]> {
  const found = await Promise.all(
    inChunks(ids, IN_LIST_MAX).map((chunk) =>
      db
        .select({ id: teamMembers.id, status: teamMembers.status })
        .from(teamMembers)
        .where(ofCompany(teamMembers, companyId, inArray(teamMembers.id, chunk))),
    ),
  );
  return found.flat();
}

/**
 * SQL that is true when every one of `ids` (distinct) is an active member of the company: the
 * precondition of a write that assigns them, checked inside its batch.
 */
export function allMembersActive(companyId: string, ids: readonly string[]): SQL {
  if (ids.length > IN_LIST_MAX) throw new Error(`allMembersActive takes at most ${IN_LIST_MAX} ids.`);
  return sql`(SELECT count(*) FROM ${teamMembers} WHERE ${ofCompany(teamMembers, companyId, eq(teamMembers.status, "active"), inArray(teamMembers.id, [...ids]))}) = ${ids.length}`;
}

/** Ids of the company's active members, oldest first (demo data of other domains). */
export async function activeMemberIds(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(ofCompany(teamMembers, companyId, eq(teamMembers.status, "active")))
    .orderBy(teamMembers.createdAt, teamMembers.id);
  return rows.map((row) => row.id);
}

/** Whether the company has this role (a role of another company reads as none). */
export async function roleExists(db: Database, companyId: string, roleId: string): Promise<boolean> {
  return (
    (await db
      .select({ id: teamRoles.id })
      .from(teamRoles)
      .where(rowOf(teamRoles, companyId, roleId))
      .get()) !== undefined
  );
}

// ---------------------------------------------------------------------------------------------
// Seats: an invite takes a seat while pending, a member while active

const contractedSql = (companyId: string) =>
  sql`coalesce((SELECT ${teamSeats.contracted} FROM ${teamSeats} WHERE ${ofCompany(teamSeats, companyId)}), 0)`;
const activeSql = (companyId: string) =>
  sql`(SELECT count(*) FROM ${teamMembers} WHERE ${ofCompany(teamMembers, companyId, eq(teamMembers.status, "active"))})`;
const pendingSql = (companyId: string, now: string) =>
  sql`(SELECT count(*) FROM ${teamInvites} WHERE ${ofCompany(teamInvites, companyId, eq(teamInvites.status, "pending"), gt(teamInvites.expiresAt, now))})`;

/** The refusal of a person beyond the contract, with the counts it was refused on. */
export const noSeatAvailable = (seats: { contracted: number; used: number; pending_invites: number }) =>
  new ApiError(
    "conflict",
    `No seat is available: the company contracted ${seats.contracted}, ${seats.used} are used by active members and ${seats.pending_invites} held by pending invites. Contract more seats first.`,
    { contracted: seats.contracted, used: seats.used, pending_invites: seats.pending_invites },
  );

/**
 * A new invite, compare-and-set on the seats: it is written only if, in the same batch, the
 * contract still has a seat beyond the active members and pending invites (two invites for the
 * last seat cannot both pass). `seats` is the usage read before, for the refusal's words.
 */
export function insertInviteStatements(
  db: Database,
  row: typeof teamInvites.$inferInsert & { companyId: string },
  now: string,
  seats: { contracted: number; used: number; pending_invites: number },
): WriteStatement[] {
  return [
    precondition(
      db,
      sql`${contractedSql(row.companyId)} > ${activeSql(row.companyId)} + ${pendingSql(row.companyId, now)}`,
      () => noSeatAvailable(seats),
    ),
    db.insert(teamInvites).values(row),
  ];
}

/** A custom role the panel creates. */
export const insertRole = (db: Database, row: typeof teamRoles.$inferInsert) => db.insert(teamRoles).values(row);

/** The contracted seats, set by the operator (the row is the company's contract; one per company). */
export function setContractedSeats(db: Database, companyId: string, contracted: number, now: string) {
  return db
    .insert(teamSeats)
    .values({ companyId, contracted, updatedAt: now })
    .onConflictDoUpdate({ target: teamSeats.companyId, set: { contracted, updatedAt: now } });
}

/**
 * Accepts the invite and adds its person as an active member, compare-and-set: only while the
 * invite is still pending and unexpired (a revoke or another acceptance that got there first
 * makes the batch fail with noPendingInvite, and nobody is added).
 */
export function acceptInviteStatements(
  db: Database,
  companyId: string,
  inviteId: string,
  member: typeof teamMembers.$inferInsert,
  now: string,
): WriteStatement[] {
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${teamInvites} WHERE ${rowOf(teamInvites, companyId, inviteId, eq(teamInvites.status, "pending"), gt(teamInvites.expiresAt, now))})`,
      noPendingInvite,
    ),
    // The invite held a seat; a contract lowered since may have none left for its person.
    precondition(
      db,
      sql`${contractedSql(companyId)} > ${activeSql(companyId)}`,
      () =>
        new ApiError(
          "conflict",
          "No seat is available for this person: the company's active members fill its contracted seats.",
        ),
    ),
    db
      .update(teamInvites)
      .set({ status: "accepted", acceptedAt: now })
      .where(rowOf(teamInvites, companyId, inviteId, eq(teamInvites.status, "pending"))),
    db.insert(teamMembers).values(member),
  ];
}
