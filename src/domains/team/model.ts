import { z } from "@hono/zod-openapi";
import { OffsetPageQuery } from "../../core/pagination";

const RoleRef = z
  .object({ id: z.string(), name: z.string() })
  .nullable()
  .openapi({ description: "The member's custom role; null for none" });

export const TeamMember = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().openapi({ format: "email" }),
    handle: z.string().openapi({ description: "Used in @mentions", example: "lucia.garcia" }),
    role: RoleRef,
    status: z.enum(["active", "suspended"]),
    last_active_at: z.string().nullable().openapi({ format: "date-time" }),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("TeamMember");

export const MentionablePerson = z
  .object({
    id: z.string(),
    name: z.string(),
    handle: z.string().openapi({ example: "lucia.garcia" }),
  })
  .openapi("MentionablePerson");

export const inviteStatuses = ["pending", "accepted", "revoked", "expired"] as const;

export const TeamInvite = z
  .object({
    id: z.string(),
    email: z.string().openapi({ format: "email" }),
    role: RoleRef,
    invited_by: z.string().nullable().openapi({ description: "Id of the team member who sent the invite" }),
    status: z.enum(inviteStatuses).openapi({ description: "expired: still pending past expires_at" }),
    expires_at: z.string().openapi({ format: "date-time" }),
    accepted_at: z.string().nullable().openapi({ format: "date-time" }),
    revoked_at: z.string().nullable().openapi({ format: "date-time" }),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("TeamInvite");

export type TeamInviteView = z.output<typeof TeamInvite>;

export const TeamRole = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    permissions: z.array(z.string()),
    member_count: z.number().int(),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("TeamRole");

export const TeamSeats = z
  .object({
    contracted: z.number().int().openapi({ description: "Seats in the company's contract" }),
    used: z.number().int().openapi({ description: "Active team members" }),
    pending_invites: z.number().int().openapi({ description: "Pending, unexpired invites; each takes a seat when accepted" }),
    available: z.number().int().openapi({ description: "contracted - used - pending_invites, never below 0" }),
  })
  .openapi("TeamSeats");

export const ListMembersQuery = OffsetPageQuery.extend({
  status: z.enum(["active", "suspended"]).optional().openapi({ description: "Only members in this status" }),
  role_id: z.string().max(100).optional().openapi({ description: "Only members with this role" }),
});

export const ListInvitesQuery = OffsetPageQuery.extend({
  status: z.enum(inviteStatuses).optional().openapi({ description: "Only invites in this status (expired: pending past expires_at)" }),
});

/**
 * The path of one invite. The id is documented as a UUID but not checked: any other text is no
 * pending invite of the company, which answers 404.
 */
export const InvitePath = z.object({
  invite_id: z.string().openapi({ description: "Id of an invite of the key's company", format: "uuid", maxLength: 36 }),
});
