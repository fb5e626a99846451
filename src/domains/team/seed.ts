import type { Database } from "../../data/client";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo, type Random } from "../../lib/random";
import { teamInvites, teamMembers, teamRoles, teamSeats } from "./schema";

const roles = [
  {
    name: "Sales agent",
    description: "Works leads and contacts; cannot see billing.",
    permissions: ["contacts:read", "contacts:write", "calls:read", "budgets:write"],
  },
  {
    name: "Supervisor",
    description: "Oversees agents, listens to calls, manages lists.",
    permissions: ["contacts:read", "contacts:write", "calls:read", "members:read", "analytics:read"],
  },
  {
    name: "Accountant",
    description: "Invoices and billing only.",
    permissions: ["invoices:read", "billing:read", "budgets:read"],
  },
];

const people = [
  { name: "Lucía García", role: 1, status: "active" },
  { name: "Mateo Martínez", role: 0, status: "active" },
  { name: "Sofía López", role: 0, status: "active" },
  { name: "Hugo Sánchez", role: 0, status: "suspended" },
  { name: "Martina Pérez", role: 2, status: "active" },
  { name: "Pablo Gómez", role: 0, status: "active" },
  { name: "Julia Ruiz", role: null, status: "active" },
] as const;

const invitees = [
  { email: "carmen.diaz@example.com", role: 0, state: "pending" },
  { email: "alvaro.moreno@example.com", role: 1, state: "pending" },
  { email: "irene.navarro@example.com", role: 0, state: "expired" },
  { email: "jorge.torres@example.com", role: 2, state: "accepted" },
  { email: "elena.romero@example.com", role: 0, state: "revoked" },
] as const;

const handleOf = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z ]/g, "")
    .replaceAll(" ", ".");

/** A team with custom roles, members (one suspended), invites in every state and a 10-seat contract. */
export async function seedTeamDomain(
  db: Database,
  companyId: string,
  random: Random,
  now: number,
): Promise<Record<string, number>> {
  const roleRows = roles.map((role, index) => {
    const createdAt = daysAgo(random, now, 200 - index * 10);
    return { id: crypto.randomUUID(), companyId, ...role, createdAt, updatedAt: createdAt };
  });
  const memberRows = people.map((person, index) => ({
    id: crypto.randomUUID(),
    companyId,
    name: person.name,
    email: `${handleOf(person.name)}@reformas-demo.example`,
    handle: handleOf(person.name),
    roleId: person.role === null ? null : roleRows[person.role]!.id,
    status: person.status,
    lastActiveAt: person.status === "active" ? daysAgo(random, now, random.int(0, 3)) : daysAgo(random, now, 45),
    createdAt: daysAgo(random, now, 180 - index * 20),
  }));
  const inviter = memberRows[0]!.id;
  const inviteRows = invitees.map((invite, index) => {
    const daysBack = invite.state === "expired" ? 20 : 10 - index;
    const createdAt = daysAgo(random, now, daysBack);
    const expiresAt = new Date(Date.parse(createdAt) + 14 * 86_400_000).toISOString();
    return {
      id: crypto.randomUUID(),
      companyId,
      email: invite.email,
      roleId: roleRows[invite.role]!.id,
      invitedBy: inviter,
      status: invite.state === "expired" ? ("pending" as const) : invite.state,
      expiresAt,
      acceptedAt: invite.state === "accepted" ? daysAgo(random, now, 1) : null,
      revokedAt: invite.state === "revoked" ? daysAgo(random, now, 2) : null,
      createdAt,
    };
  });
  await runBatches(db, [
    ...chunkedInserts(db, teamRoles, roleRows),
    ...chunkedInserts(db, teamMembers, memberRows),
    ...chunkedInserts(db, teamInvites, inviteRows),
    db.insert(teamSeats).values({ companyId, contracted: 10, updatedAt: new Date(now).toISOString() }),
  ]);
  return {
    team_roles: roleRows.length,
    team_members: memberRows.length,
    team_invites: inviteRows.length,
    team_seats: 10,
  };
}
