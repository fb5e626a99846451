import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Custom roles a company defined for its team (permissions are names such as contacts:write). */
export const teamRoles = sqliteTable(
  "team_roles",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    permissions: text("permissions", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("team_roles_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);

/** People of the company's team (users of the web panel). */
export const teamMembers = sqliteTable(
  "team_members",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Handle used in @mentions, unique within a company by convention of the panel. */
    handle: text("handle").notNull(),
    roleId: text("role_id"),
    status: text("status", { enum: ["active", "suspended"] }).notNull(),
    lastActiveAt: text("last_active_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("team_members_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("team_members_company_status_created_idx").on(t.companyId, t.status, t.createdAt, t.id),
    index("team_members_company_role_idx").on(t.companyId, t.roleId),
  ],
);

/**
 * Invitations to join the team. Stored states are pending, accepted and revoked; a pending invite
 * past expires_at reads as expired.
 */
export const teamInvites = sqliteTable(
  "team_invites",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    email: text("email").notNull(),
    roleId: text("role_id"),
    invitedBy: text("invited_by"),
    status: text("status", { enum: ["pending", "accepted", "revoked"] }).notNull(),
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
    revokedAt: text("revoked_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("team_invites_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("team_invites_company_status_created_idx").on(t.companyId, t.status, t.createdAt, t.id),
  ],
);

/** Seats the company contracted; seats used are counted from active members. */
export const teamSeats = sqliteTable("team_seats", {
  companyId: text("company_id").primaryKey(),
  contracted: integer("contracted").notNull(),
  updatedAt: text("updated_at").notNull(),
});
