import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staggered, statusCounts } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { seededRandom } from "../../lib/random";
import { webhookEvents } from "../webhooks/schema";
import { inviteRevoked } from "./events";
import { seedTeamDomain } from "./seed";
import { teamInvites, teamMembers, teamRoles, teamSeats } from "./schema";

// Authentication, scopes, the capability (no plan includes it), gates and other companies' ids:
// test/security.test.ts (generated for every operation).
const teamCompany = (scopes?: readonly string[]) => tenant({ capabilities: ["team"] }, scopes);

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A team with exact ids and times: two roles, three members (one suspended), invites in every state. */
async function fixture(companyId: string) {
  const now = Date.now();
  const role = (n: number) => `role-${n}-${companyId}`;
  await db.insert(teamRoles).values([
    {
      id: role(1),
      companyId,
      name: "Sales agent",
      description: "Leads",
      permissions: ["contacts:read"],
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    },
    {
      id: role(2),
      companyId,
      name: "Supervisor",
      description: null,
      permissions: ["members:read", "calls:read"],
      createdAt: "2026-01-02T00:00:00.000Z",
      updatedAt: "2026-01-03T00:00:00.000Z",
    },
  ]);
  const member = (n: number) => `member-${n}-${companyId}`;
  await db.insert(teamMembers).values([
    {
      id: member(1),
      companyId,
      name: "Ana Ruiz",
      email: "ana@team.example",
      handle: "ana.ruiz",
      roleId: role(2),
      status: "active",
      lastActiveAt: "2026-02-01T09:00:00.000Z",
      createdAt: "2026-01-10T00:00:00.000Z",
    },
    {
      id: member(2),
      companyId,
      name: "Leo Díaz",
      email: "leo@team.example",
      handle: "leo.diaz",
      roleId: role(1),
      status: "suspended",
      lastActiveAt: null,
      createdAt: "2026-01-11T00:00:00.000Z",
    },
    {
      id: member(3),
      companyId,
      name: "Eva Gil",
      email: "eva@team.example",
      handle: "eva.gil",
      roleId: null,
      status: "active",
      lastActiveAt: null,
      createdAt: "2026-01-12T00:00:00.000Z",
    },
  ]);
  // Invite ids are UUIDs, as the API makes them (the invite.revoked event's schema says so).
  const inviteIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const invite = (n: number) => inviteIds[n - 1]!;
  await db.insert(teamInvites).values([
    {
      id: invite(1),
      companyId,
      email: "new1@example.com",
      roleId: role(1),
      invitedBy: member(1),
      status: "pending",
      expiresAt: iso(now + 7 * DAY),
      createdAt: "2026-03-01T00:00:00.000Z",
    },
    {
      id: invite(2),
      companyId,
      email: "old@example.com",
      roleId: role(1),
      invitedBy: member(1),
      status: "pending",
      expiresAt: iso(now - DAY),
      createdAt: "2026-02-01T00:00:00.000Z",
    },
    {
      id: invite(3),
      companyId,
      email: "joined@example.com",
      roleId: null,
      invitedBy: null,
      status: "accepted",
      expiresAt: iso(now + DAY),
      acceptedAt: "2026-02-20T00:00:00.000Z",
      createdAt: "2026-02-15T00:00:00.000Z",
    },
    {
      id: invite(4),
      companyId,
      email: "gone@example.com",
      roleId: role(2),
      invitedBy: member(1),
      status: "revoked",
      expiresAt: iso(now + DAY),
      revokedAt: "2026-02-22T00:00:00.000Z",
      createdAt: "2026-02-16T00:00:00.000Z",
    },
  ]);
  await db.insert(teamSeats).values({ companyId, contracted: 5, updatedAt: "2026-01-01T00:00:00.000Z" });
  return { role, member, invite, now };
}

describe("GET /api/v1/members", () => {
  it("lists members with their role, newest first, paged", async () => {
    const t = await teamCompany();
    const f = await fixture(t.companyId);
    const other = await teamCompany();
    await fixture(other.companyId);
    const first = await call("/api/v1/members?limit=2", { key: t.key });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      data: [
        {
          id: f.member(3),
          name: "Eva Gil",
          email: "eva@team.example",
          handle: "eva.gil",
          role: null,
          status: "active",
          last_active_at: null,
          created_at: "2026-01-12T00:00:00.000Z",
        },
        {
          id: f.member(2),
          name: "Leo Díaz",
          email: "leo@team.example",
          handle: "leo.diaz",
          role: { id: f.role(1), name: "Sales agent" },
          status: "suspended",
          last_active_at: null,
          created_at: "2026-01-11T00:00:00.000Z",
        },
      ],
      limit: 2,
      offset: 0,
    });
    const second = await call("/api/v1/members?limit=2&offset=2", { key: t.key });
    expect(second.json.data.map((m: { id: string }) => m.id)).toEqual([f.member(1)]);
    expect(second.json.data[0].role).toEqual({ id: f.role(2), name: "Supervisor" });
  });

  it("filters by status and role_id", async () => {
    const t = await teamCompany();
    const f = await fixture(t.companyId);
    const ids = async (query: string) =>
      (await call(`/api/v1/members?${query}`, { key: t.key })).json.data.map((m: { id: string }) => m.id);
    expect(await ids("status=active")).toEqual([f.member(3), f.member(1)]);
    expect(await ids("status=suspended")).toEqual([f.member(2)]);
    expect(await ids(`role_id=${f.role(2)}`)).toEqual([f.member(1)]);
  });

  it("answers 400 validation_error for an unknown status", async () => {
    const t = await teamCompany();
    const response = await call("/api/v1/members?status=sleeping", { key: t.key });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual(["query.status"]);
  });
});

describe("GET /api/v1/team/mention-list", () => {
  it("lists active members only, newest first, paged", async () => {
    const t = await teamCompany();
    const f = await fixture(t.companyId);
    const response = await call("/api/v1/team/mention-list", { key: t.key });
    expect(response.json).toEqual({
      data: [
        { id: f.member(3), name: "Eva Gil", handle: "eva.gil" },
        { id: f.member(1), name: "Ana Ruiz", handle: "ana.ruiz" },
      ],
      limit: 50,
      offset: 0,
    });
    const page = await call("/api/v1/team/mention-list?limit=1&offset=1", { key: t.key });
    expect(page.json.data.map((p: { id: string }) => p.id)).toEqual([f.member(1)]);
    expect((await call("/api/v1/team/mention-list?limit=nope", { key: t.key })).status).toBe(200);
  });
});

describe("GET /api/v1/team/invites", () => {
  it("lists invites newest first, with a pending invite past its expiry read as expired", async () => {
    const t = await teamCompany();
    const f = await fixture(t.companyId);
    const response = await call("/api/v1/team/invites", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [f.invite(1), "pending"],
      [f.invite(4), "revoked"],
      [f.invite(3), "accepted"],
      [f.invite(2), "expired"],
    ]);
    expect(response.json.data[0]).toEqual({
      id: f.invite(1),
      email: "new1@example.com",
      role: { id: f.role(1), name: "Sales agent" },
      invited_by: f.member(1),
      status: "pending",
      expires_at: iso(f.now + 7 * DAY),
      accepted_at: null,
      revoked_at: null,
      created_at: "2026-03-01T00:00:00.000Z",
    });
    const paged = await call("/api/v1/team/invites?limit=1&offset=3", { key: t.key });
    expect(paged.json.data.map((i: { id: string }) => i.id)).toEqual([f.invite(2)]);
  });

  it.each([
    ["pending", 1],
    ["expired", 2],
    ["accepted", 3],
    ["revoked", 4],
  ] as const)("filters status=%s", async (status, n) => {
    const t = await teamCompany();
    const f = await fixture(t.companyId);
    const response = await call(`/api/v1/team/invites?status=${status}`, { key: t.key });
    expect(response.json.data.map((i: { id: string }) => i.id)).toEqual([f.invite(n)]);
  });

  it("answers 400 validation_error for an unknown status", async () => {
    const t = await teamCompany();
    const response = await call("/api/v1/team/invites?status=lost", { key: t.key });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual(["query.status"]);
  });
});

describe("DELETE /api/v1/team/invites/{invite_id}", () => {
  it("revokes a pending invite, keeps the row and audits it", async () => {
    const t = await teamCompany();
    const f = await fixture(t.companyId);
    const response = await call(`/api/v1/team/invites/${f.invite(1)}`, { key: t.key, method: "DELETE" });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: f.invite(1),
      email: "new1@example.com",
      status: "revoked",
      accepted_at: null,
    });
    const row = await db
      .select()
      .from(teamInvites)
      .where(eq(teamInvites.id, f.invite(1)))
      .get();
    expect(row?.status).toBe("revoked");
    expect(row?.revokedAt).toBe(response.json.revoked_at);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.resourceId, f.invite(1))))
      .all();
    expect(audit.map((a) => a.operation)).toEqual(["revokeTeamInvite"]);
    const seats = await call("/api/v1/team/seats", { key: t.key });
    expect(seats.json.pending_invites).toBe(0);
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.companyId, t.companyId)).all();
    expect(events.map((e) => e.type)).toEqual(["invite.revoked"]);
    expect(inviteRevoked.schema.parse(JSON.parse(events[0]!.data))).toEqual({
      id: f.invite(1),
      email: "new1@example.com",
      role_id: f.role(1),
      revoked_at: response.json.revoked_at,
    });
  });

  it.each([
    [2, "expired"],
    [3, "accepted"],
    [4, "revoked"],
  ] as const)("answers 404 for invite %i (%s), leaving it unchanged", async (n, _state) => {
    const t = await teamCompany();
    const f = await fixture(t.companyId);
    const before = await db
      .select()
      .from(teamInvites)
      .where(eq(teamInvites.id, f.invite(n)))
      .get();
    const response = await call(`/api/v1/team/invites/${f.invite(n)}`, { key: t.key, method: "DELETE" });
    expect(response.status).toBe(404);
    expect(slug(response.json)).toBe("not_found");
    expect(
      await db
        .select()
        .from(teamInvites)
        .where(eq(teamInvites.id, f.invite(n)))
        .get(),
    ).toEqual(before);
  });

  it("answers 404 the second time, as for an unknown id", async () => {
    const t = await teamCompany();
    const f = await fixture(t.companyId);
    expect((await call(`/api/v1/team/invites/${f.invite(1)}`, { key: t.key, method: "DELETE" })).status).toBe(200);
    const again = await call(`/api/v1/team/invites/${f.invite(1)}`, { key: t.key, method: "DELETE" });
    const missing = await call("/api/v1/team/invites/no-such-invite", { key: t.key, method: "DELETE" });
    expect([again.status, missing.status]).toEqual([404, 404]);
    expect(again.json.detail).toBe(missing.json.detail);
  });
});

describe("GET /api/v1/team/roles", () => {
  it("lists roles newest first with member counts, paged", async () => {
    const t = await teamCompany();
    const f = await fixture(t.companyId);
    const response = await call("/api/v1/team/roles", { key: t.key });
    expect(response.json).toEqual({
      data: [
        {
          id: f.role(2),
          name: "Supervisor",
          description: null,
          permissions: ["members:read", "calls:read"],
          member_count: 1,
          created_at: "2026-01-02T00:00:00.000Z",
          updated_at: "2026-01-03T00:00:00.000Z",
        },
        {
          id: f.role(1),
          name: "Sales agent",
          description: "Leads",
          permissions: ["contacts:read"],
          member_count: 1,
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
        },
      ],
      limit: 50,
      offset: 0,
    });
    const paged = await call("/api/v1/team/roles?limit=1&offset=1", { key: t.key });
    expect(paged.json.data.map((r: { id: string }) => r.id)).toEqual([f.role(1)]);
  });
});

describe("GET /api/v1/team/seats", () => {
  it("counts contracted, used (active members) and pending unexpired invites", async () => {
    const t = await teamCompany();
    await fixture(t.companyId);
    const response = await call("/api/v1/team/seats", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ contracted: 5, used: 2, pending_invites: 1, available: 2 });
  });

  it("reads zeros for a company without a team", async () => {
    const t = await teamCompany();
    expect((await call("/api/v1/team/seats", { key: t.key })).json).toEqual({
      contracted: 0,
      used: 0,
      pending_invites: 0,
      available: 0,
    });
  });

  it("is filled by the seed", async () => {
    const t = await teamCompany();
    const seeded = await seedTeamDomain(db, t.companyId, seededRandom(1), Date.now());
    expect(seeded).toEqual({ team_roles: 3, team_members: 7, team_invites: 5, team_seats: 10 });
    expect((await call("/api/v1/team/seats", { key: t.key })).json).toEqual({
      contracted: 10,
      used: 6,
      pending_invites: 2,
      available: 2,
    });
    const invites = await call("/api/v1/team/invites", { key: t.key });
    expect(invites.json.data.map((i: { status: string }) => i.status).sort()).toEqual([
      "accepted",
      "expired",
      "pending",
      "pending",
      "revoked",
    ]);
  });
});

describe("DELETE /api/v1/team/invites/{invite_id} under concurrency", () => {
  it("revokes once: concurrent revokes of one invite answer one 200 and 404 for the rest, with one event and one audit entry", async () => {
    for (let round = 0; round < 4; round++) {
      const t = await teamCompany();
      const f = await fixture(t.companyId);
      const outcomes = await staggered(6, () =>
        call(`/api/v1/team/invites/${f.invite(1)}`, { key: t.key, method: "DELETE" }),
      );
      expect(statusCounts(outcomes)).toEqual({ 200: 1, 404: 5 });
      const events = await db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.companyId, t.companyId), eq(webhookEvents.type, "invite.revoked")));
      expect(events).toHaveLength(1);
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.operation, "revokeTeamInvite")));
      expect(audit).toHaveLength(1);
    }
  });
});
