import { nowIso } from "../../data/schema";
import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { revokedInvite, revokeInvite } from "./actions";
import {
  InvitePath,
  ListInvitesQuery,
  ListMembersQuery,
  mentionablePageExample,
  MentionablePerson,
  revokedInviteExample,
  TeamInvite,
  teamInvitePageExample,
  TeamMember,
  teamMemberPageExample,
  TeamRole,
  teamRolePageExample,
  TeamSeats,
  teamSeatsExample,
} from "./model";
import { listInvites, listMembers, listMentionable, listRoles, seatUsage } from "./queries";

export const teamOperations = [
  defineOperation({
    operationId: "listTeamMembers",
    method: "get",
    path: "/api/v1/members",
    summary: "List team members",
    description:
      "People of the company's team with their role, newest first (created_at, then id, descending). Filters: status, role_id.",
    scope: "members:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429, 500, 503],
    request: { query: ListMembersQuery },
    responses: {
      200: {
        description: "A page of team members",
        schema: offsetEnvelope(TeamMember, "TeamMemberPage", "A page of team members, newest first"),
        example: teamMemberPageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listMembers(db, caller.company.id, { status: query.status, roleId: query.role_id }, query),
    }),
  }),

  defineOperation({
    operationId: "listMentionableTeam",
    method: "get",
    path: "/api/v1/team/mention-list",
    summary: "List mentionable team people",
    description: "Active team members that can be @mentioned (suspended members are left out), newest first.",
    scope: "team:read",
    gate: "A",
    codes: [200, 401, 403, 429],
    request: { query: OffsetPageQuery },
    responses: {
      200: {
        description: "A page of mentionable people",
        schema: offsetEnvelope(
          MentionablePerson,
          "MentionablePersonPage",
          "A page of the people who can be @mentioned",
        ),
        example: mentionablePageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listMentionable(db, caller.company.id, query),
    }),
  }),

  defineOperation({
    operationId: "listTeamInvites",
    method: "get",
    path: "/api/v1/team/invites",
    summary: "List team invitations",
    description:
      "Invitations of the company, newest first. A pending invite past expires_at reads as expired. Filter: status.",
    scope: "members:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListInvitesQuery },
    responses: {
      200: {
        description: "A page of invitations",
        schema: offsetEnvelope(TeamInvite, "TeamInvitePage", "A page of team invitations, newest first"),
        example: teamInvitePageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listInvites(db, caller.company.id, query.status, query, nowIso()),
    }),
  }),

  defineOperation({
    operationId: "revokeTeamInvite",
    method: "delete",
    path: "/api/v1/team/invites/{invite_id}",
    summary: "Revoke a pending invitation",
    description:
      "Marks a pending invitation revoked (the row is kept, with revoked_at) and answers it. Only a pending, unexpired " +
      "invite can be revoked: an accepted, already revoked or expired invite answers 404, exactly like an unknown id or " +
      "another company's (the operation declares no 409). Revoking again is therefore 404.",
    scope: "invites:revoke",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: InvitePath },
    responses: { 200: { description: "The revoked invitation", schema: TeamInvite, example: revokedInviteExample } },
    replay: async ({ db, caller, params }) => {
      const invite = await revokedInvite({ db, caller }, params.invite_id);
      return invite && { status: 200, body: invite };
    },
    handler: async ({ db, caller, params, commit }) => ({
      status: 200,
      body: await revokeInvite({ db, caller, commit }, params.invite_id),
    }),
  }),

  defineOperation({
    operationId: "listTeamRoles",
    method: "get",
    path: "/api/v1/team/roles",
    summary: "List custom roles",
    description: "Custom roles of the company with their permissions and member counts, newest first.",
    scope: "members:read",
    gate: "A",
    codes: [200, 401, 403, 429, 500],
    request: { query: OffsetPageQuery },
    responses: {
      200: {
        description: "A page of roles",
        schema: offsetEnvelope(TeamRole, "TeamRolePage", "A page of custom roles, newest first"),
        example: teamRolePageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listRoles(db, caller.company.id, query),
    }),
  }),

  defineOperation({
    operationId: "getTeamSeats",
    method: "get",
    path: "/api/v1/team/seats",
    summary: "Contracted and used seats",
    description:
      "Seats in the contract, seats used (active members; suspended members free their seat), pending unexpired " +
      "invites, and what is left. A company with no seat contract reads contracted 0.",
    scope: "members:read",
    gate: "A",
    codes: [200, 401, 403, 429, 500],
    responses: { 200: { description: "Seat usage", schema: TeamSeats, example: teamSeatsExample } },
    handler: async ({ db, caller }) => ({ status: 200, body: await seatUsage(db, caller.company.id, nowIso()) }),
  }),
];
