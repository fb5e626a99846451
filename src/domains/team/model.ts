import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { ExampleRow } from "../../core/examples";
import { OffsetPageQuery } from "../../lib/pagination";
import { int32, timestamp, uuid } from "../../lib/schemas";
import { teamMembers } from "./schema";

const RoleRef = z
  .object({ id: uuid(), name: z.string() })
  .nullable()
  .openapi({ description: "The member's custom role; null for none" });

const memberStatuses = ["active", "suspended"] as const;

export const TeamMember = z
  .object({
    id: uuid(),
    name: z.string(),
    email: z.string().openapi({ format: "email" }),
    handle: z.string().openapi({ description: "Used in @mentions", example: "lucia.garcia" }),
    role: RoleRef,
    status: z.enum(memberStatuses).openapi({ description: "suspended: no access, and no seat used" }),
    last_active_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .openapi("TeamMember", { description: "A person of the company's team, with their custom role and status." });

export const MentionablePerson = z
  .object({
    id: uuid(),
    name: z.string(),
    handle: z.string().openapi({ description: "Used in @mentions", example: "lucia.garcia" }),
  })
  .openapi("MentionablePerson", { description: "An active team member who can be @mentioned." });

const inviteStatuses = ["pending", "accepted", "revoked", "expired"] as const;

export const TeamInvite = z
  .object({
    id: uuid(),
    email: z.string().openapi({ format: "email" }),
    role: RoleRef,
    invited_by: uuid().nullable().openapi({ description: "Id of the team member who sent the invite" }),
    status: z.enum(inviteStatuses).openapi({ description: "expired: still pending past expires_at" }),
    expires_at: timestamp(),
    accepted_at: timestamp().nullable(),
    revoked_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .openapi("TeamInvite", {
    description: "An invitation to join the company's team, with its role and where it stands.",
  });

export type TeamInviteView = z.output<typeof TeamInvite>;

export const TeamRole = z
  .object({
    id: uuid(),
    name: z.string(),
    description: z.string().nullable(),
    permissions: z
      .array(z.string())
      .max(500)
      .openapi({
        description: "What members with the role may do in the panel",
        example: ["calls:read", "contacts:write"],
      }),
    member_count: int32().openapi({ description: "Members with the role" }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("TeamRole", { description: "A custom role of the company: its permissions and how many members have it." });

export const TeamSeats = z
  .object({
    contracted: int32().openapi({ description: "Seats in the company's contract" }),
    used: int32().openapi({ description: "Active team members" }),
    pending_invites: int32().openapi({ description: "Pending, unexpired invites; each takes a seat when accepted" }),
    available: int32().openapi({ description: "contracted - used - pending_invites, never below 0" }),
  })
  .openapi("TeamSeats", {
    description: "The company's seats: contracted, used by active members, held by pending invites, and available.",
  });

export const ListMembersQuery = OffsetPageQuery.extend({
  status: z.enum(["active", "suspended"]).optional().openapi({ description: "Only members in this status" }),
  role_id: z.string().max(100).optional().openapi({ description: "Only members with this role" }),
});

export const ListInvitesQuery = OffsetPageQuery.extend({
  status: z
    .enum(inviteStatuses)
    .optional()
    .openapi({ description: "Only invites in this status (expired: pending past expires_at)" }),
});

/**
 * The path of one invite. The id is documented as a UUID but not checked: any other text is no
 * pending invite of the company, which answers 404.
 */
export const InvitePath = z.object({
  invite_id: z.string().openapi({ description: "Id of an invite of the key's company", format: "uuid", maxLength: 36 }),
});

/** The team member the document's examples name (a call's assignee, an extension's owner). */
export const exampleMemberId = "0d9f6a8e-7b1c-4e2a-9c3d-5f4e3b2a1c0d";

/** A company's row for it: its oldest active member (only an active one is assigned a call). */
export const memberExampleRows: readonly ExampleRow[] = [
  {
    id: exampleMemberId,
    table: teamMembers,
    where: eq(teamMembers.status, "active"),
    order: [teamMembers.createdAt, teamMembers.id],
  },
];

const roleExample = { id: "1b3d5f7a-9c1e-4b3d-8f5a-7c9e1b3d5f7a", name: "Supervisor" };

export const teamMemberPageExample = {
  data: [
    {
      id: exampleMemberId,
      name: "Lucía García",
      email: "lucia@acme.example",
      handle: "lucia.garcia",
      role: roleExample,
      status: "active" as const,
      last_active_at: "2026-04-26T09:58:00.000Z",
      created_at: "2026-01-12T08:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export const mentionablePageExample = {
  data: [{ id: exampleMemberId, name: "Lucía García", handle: "lucia.garcia" }],
  limit: 50,
  offset: 0,
};

const teamInviteExample: z.input<typeof TeamInvite> = {
  id: "3c5e7a9b-1d3f-4c5e-8a9b-1d3f5c7e9a1b",
  email: "marc@acme.example",
  role: roleExample,
  invited_by: exampleMemberId,
  status: "pending",
  expires_at: "2026-05-03T10:00:00.000Z",
  accepted_at: null,
  revoked_at: null,
  created_at: "2026-04-26T10:00:00.000Z",
};

export const teamInvitePageExample = { data: [teamInviteExample], limit: 50, offset: 0 };

export const revokedInviteExample: z.input<typeof TeamInvite> = {
  ...teamInviteExample,
  status: "revoked",
  revoked_at: "2026-04-26T10:15:30.000Z",
};

export const teamRolePageExample = {
  data: [
    {
      ...roleExample,
      description: "Reviews calls and assigns leads",
      permissions: ["calls:read", "contacts:write"],
      member_count: 3,
      created_at: "2026-01-12T08:00:00.000Z",
      updated_at: "2026-02-01T08:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export const teamSeatsExample: z.input<typeof TeamSeats> = {
  contracted: 10,
  used: 7,
  pending_invites: 1,
  available: 2,
};
