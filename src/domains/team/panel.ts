import { z } from "@hono/zod-openapi";
import { nowIso } from "../../data/schema";
import { notFound } from "../../lib/errors";
import { email } from "../../lib/schemas";
import { CompanyParams, defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { requireOffered, type PackagingOf } from "../../core/packaging";
import { requireCompany } from "../../data/rows";
import { knownScopes } from "../../keys/scopes";
import { TeamInvite, TeamMember, TeamRole, TeamSeats } from "./model";
import {
  acceptInviteStatements,
  findInvite,
  insertInviteStatements,
  insertRole,
  noPendingInvite,
  noSeatAvailable,
  roleExists,
  seatUsage,
  setContractedSeats,
} from "./queries";

/**
 * What the web panel does to admit people to a company's team: contract seats, invite people, and
 * accept an invite (the invitee's sign-up). An invite holds a seat while pending, a member while
 * active: an invite beyond the contracted seats is 409. Both are what "sign-up" means for a subaccount: its agency's packaging
 * gate allow_signup must be on (403 not_offered otherwise; a company no agency packages is open).
 * Acceptance checks it again, so closing the gate also stops invites already sent.
 */

const DEFAULT_INVITE_DAYS = 7;
const DAY_MS = 86_400_000;

/** A handle for @mentions from a name: lower-case ASCII words joined by dots. */
const handleOf = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9 ]/g, "")
    .trim()
    .split(/\s+/)
    .join(".") || "member";

const InviteParams = CompanyParams.extend({ invite_id: z.string().min(1).max(100) });

const inviteOperation = (packagingOf: PackagingOf) =>
  defineOperatorOperation({
    operationId: "createTeamInvite",
    method: "post",
    path: "/admin/v1/companies/{company_id}/team/invites",
    summary: "Invite a person to a company's team",
    description:
      "A pending invite for `email`, with an optional custom role of the company, valid `expires_in_days` (default 7). It holds a seat: with no seat " +
      "available (contracted minus active members minus pending invites, PUT .../team/seats) it is 409 conflict with the counts. A subaccount whose agency " +
      "did not turn allow_signup on is 403 not_offered (`gate`: allow_signup); a role that is not the company's is 404.",
    tag: "Team",
    request: {
      params: CompanyParams,
      body: z.object({
        email: email(),
        role_id: z.string().min(1).max(100).nullable().optional(),
        expires_in_days: z.number().int().min(1).max(30).optional(),
      }),
    },
    responses: { 201: { description: "The invite", schema: TeamInvite } },
    codes: [403, 404, 409],
    handler: async ({ db, params, body, commit }) => {
      const companyId = params.company_id;
      await requireOffered(packagingOf, db, companyId, "allow_signup", "sign-ups (team invites)");
      const now = nowIso();
      const seats = await seatUsage(db, companyId, now);
      if (seats.available <= 0) throw noSeatAvailable(seats);
      const roleId = body.role_id ?? null;
      if (roleId !== null && !(await roleExists(db, companyId, roleId))) throw notFound("role");
      const id = crypto.randomUUID();
      const expiresAt = new Date(
        Date.parse(now) + (body.expires_in_days ?? DEFAULT_INVITE_DAYS) * DAY_MS,
      ).toISOString();
      const email = body.email.toLowerCase();
      await commit(
        companyId,
        insertInviteStatements(
          db,
          { id, companyId, email, roleId, invitedBy: null, status: "pending", expiresAt, createdAt: now },
          now,
          seats,
        ),
      );
      const invite = await findInvite(db, companyId, id, now);
      return { status: 201, body: invite!, audit: { companyId, resourceType: "team_invite", resourceId: id } };
    },
  });

const acceptOperation = (packagingOf: PackagingOf) =>
  defineOperatorOperation({
    operationId: "acceptTeamInvite",
    method: "post",
    path: "/admin/v1/companies/{company_id}/team/invites/{invite_id}/accept",
    summary: "Accept a team invite: the invitee joins",
    description:
      "The invitee signs up as `name`: an active member with the invite's email and role. An invite not pending (accepted, revoked, expired, " +
      "unknown) is 404. A subaccount whose agency did not turn allow_signup on is 403 not_offered (`gate`: allow_signup), even for an invite sent before. " +
      "A contract lowered since the invite so that active members fill it is 409.",
    tag: "Team",
    request: { params: InviteParams, body: z.object({ name: z.string().trim().min(1).max(200) }) },
    responses: { 201: { description: "The new member", schema: TeamMember } },
    codes: [403, 404, 409],
    handler: async ({ db, params, body, commit }) => {
      const companyId = params.company_id;
      await requireOffered(packagingOf, db, companyId, "allow_signup", "sign-ups (team invites)");
      const now = nowIso();
      const invite = await findInvite(db, companyId, params.invite_id, now);
      if (invite?.status !== "pending") throw noPendingInvite();
      const member = {
        id: crypto.randomUUID(),
        companyId,
        name: body.name,
        email: invite.email,
        handle: handleOf(body.name),
        roleId: invite.role?.id ?? null,
        status: "active" as const,
        lastActiveAt: null,
        createdAt: now,
      };
      await commit(companyId, acceptInviteStatements(db, companyId, invite.id, member, now));
      return {
        status: 201,
        body: {
          id: member.id,
          name: member.name,
          email: member.email,
          handle: member.handle,
          role: invite.role,
          status: member.status,
          last_active_at: null,
          created_at: now,
        },
        audit: { companyId, resourceType: "team_member", resourceId: member.id },
      };
    },
  });

const setSeats = defineOperatorOperation({
  operationId: "setTeamSeats",
  method: "put",
  path: "/admin/v1/companies/{company_id}/team/seats",
  summary: "Set a company's contracted team seats",
  description:
    "The number of seats in the company's contract (0 to 10,000). Lowering it below the seats in use removes nobody: invites and acceptances " +
    "are refused (409) until a seat is free. Answers the usage as GET /api/v1/team/seats shows it.",
  tag: "Team",
  request: { params: CompanyParams, body: z.object({ contracted: z.number().int().min(0).max(10_000) }) },
  responses: { 200: { description: "The company's seats", schema: TeamSeats } },
  codes: [],
  handler: async ({ db, params, body, commit }) => {
    const companyId = params.company_id;
    await requireCompany(db, companyId);
    const now = nowIso();
    await commit(companyId, [setContractedSeats(db, companyId, body.contracted, now)]);
    return {
      status: 200,
      body: await seatUsage(db, companyId, now),
      audit: { companyId, resourceType: "team_seats", resourceId: companyId },
    };
  },
});

const createRole = defineOperatorOperation({
  operationId: "createTeamRole",
  method: "post",
  path: "/admin/v1/companies/{company_id}/team/roles",
  summary: "Create a custom role of a company's team",
  description:
    "A role with what its members may do in the panel (`permissions`: scope names such as contacts:write). Invites name it with role_id; GET /api/v1/team/roles lists it.",
  tag: "Team",
  request: {
    params: CompanyParams,
    body: z.object({
      name: z.string().trim().min(1).max(100),
      description: z.string().trim().max(500).optional(),
      permissions: z
        .array(z.enum(knownScopes))
        .max(knownScopes.length)
        .refine((permissions) => new Set(permissions).size === permissions.length, "each permission once"),
    }),
  },
  responses: { 201: { description: "The role", schema: TeamRole } },
  codes: [],
  handler: async ({ db, params, body, commit }) => {
    const companyId = params.company_id;
    await requireCompany(db, companyId);
    const now = nowIso();
    const id = crypto.randomUUID();
    const role = {
      id,
      companyId,
      name: body.name,
      description: body.description ?? null,
      permissions: [...body.permissions],
      createdAt: now,
      updatedAt: now,
    };
    await commit(companyId, [insertRole(db, role)]);
    return {
      status: 201,
      body: {
        id,
        name: role.name,
        description: role.description,
        permissions: role.permissions,
        member_count: 0,
        created_at: now,
        updated_at: now,
      },
      audit: { companyId, resourceType: "team_role", resourceId: id },
    };
  },
});

/** The team's operator operations over the agency's packaging gates (handed by src/domains/loaders.ts). */
export const teamOperatorOperations = (packagingOf: PackagingOf): readonly OperatorOperation[] => [
  setSeats,
  createRole,
  inviteOperation(packagingOf),
  acceptOperation(packagingOf),
];
