import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, raceRounds, statusCounts } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { teamMembers } from "../team/schema";
import { callAssigned, callUnassigned } from "./events";
import { callRow, insertCalls, setCallSettings } from "../../../test/fixtures/calls";
import { isPreconditionAbort, Precondition } from "../../data/precondition";
import { membersReplacement } from "./queries";
import { callAssignments } from "./schema";
import { eventDataOf } from "../../../test/events";

const DAY = 86_400_000;
const ZONE = "Europe/Madrid";

/** A company with four active members and one suspended, a recent call and one 100 days old. */
async function fixture() {
  const t = await tenant({ capabilities: ["team"] });
  const member = (status: "active" | "suspended", n: number) => ({
    id: crypto.randomUUID(),
    companyId: t.companyId,
    name: `Member ${n}`,
    email: `m${n}@team.example`,
    handle: `m${n}`,
    roleId: null,
    status,
    lastActiveAt: null,
    createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
  });
  const members = [1, 2, 3, 4].map((n) => member("active", n));
  const suspended = member("suspended", 5);
  await db.insert(teamMembers).values([...members, suspended]);
  const recent = callRow(t.companyId, ZONE, { startedAt: new Date(Date.now() - DAY).toISOString() });
  const old = callRow(t.companyId, ZONE, { startedAt: new Date(Date.now() - 100 * DAY).toISOString() });
  await insertCalls(db, [recent, old]);
  return { ...t, ids: members.map((m) => m.id), suspended: suspended.id, recent, old };
}

const assign = (t: { key: string }, callId: string, memberIds: unknown) =>
  call(`/api/v1/calls/${callId}/member`, { key: t.key, method: "PUT", body: { member_ids: memberIds } });
const unassign = (t: { key: string }, callId: string) =>
  call(`/api/v1/calls/${callId}/member`, { key: t.key, method: "DELETE" });

const assigned = async (companyId: string, callId: string) =>
  (
    await db
      .select({ id: callAssignments.memberId })
      .from(callAssignments)
      .where(and(eq(callAssignments.companyId, companyId), eq(callAssignments.callId, callId)))
  )
    .map((row) => row.id)
    .sort();

const audited = async (companyId: string) =>
  (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.companyId, companyId)).get())!.n;

describe("PUT /calls/{call_id}/member", () => {
  it("replaces the assigned members and emits call.assigned with the ones replaced", async () => {
    const t = await fixture();
    const [a, b, c] = t.ids as [string, string, string];
    const first = await assign(t, t.recent.id, [a]);
    expect(first.status).toBe(200);
    expect(first.json.members).toEqual([{ member_id: a, assigned_at: expect.any(String) }]);
    const second = await assign(t, t.recent.id, [c, b]);
    expect(second.status).toBe(200);
    expect(second.json.members.map((m: { member_id: string }) => m.member_id)).toEqual([b, c].sort());
    expect(await assigned(t.companyId, t.recent.id)).toEqual([b, c].sort());
    expect((await call(`/api/v1/calls/${t.recent.id}`, { key: t.key })).json.members).toEqual(second.json.members);
    const events = (await eventDataOf(t.companyId, "call.assigned")).map((data) => callAssigned.schema.parse(data));
    expect(events).toHaveLength(2);
    expect(events).toContainEqual({
      call_id: t.recent.id,
      member_ids: [c, b],
      previous_member_ids: [a],
      assigned_at: expect.any(String),
    });
  });

  it("answers 409 naming a member who is not active, and 400 for an id that is no member of the company, changing nothing", async () => {
    const t = await fixture();
    const other = await fixture();
    const [a] = t.ids as [string];
    await assign(t, t.recent.id, [a]);
    const before = await audited(t.companyId);

    const suspended = await assign(t, t.recent.id, [t.ids[1], t.suspended]);
    expect(suspended.status).toBe(409);
    expect(slug(suspended.json)).toBe("conflict");
    expect(suspended.json.inactive_member_ids).toEqual([t.suspended]);

    for (const ids of [[crypto.randomUUID()], [a, other.ids[0]]]) {
      const unknown = await assign(t, t.recent.id, ids);
      expect(unknown.status).toBe(400);
      expect(unknown.json.errors[0].path).toMatch(/^body\.member_ids\.\d$/);
    }
    for (const body of [[], [a, a], ["not-a-uuid"], Array.from({ length: 11 }, () => crypto.randomUUID())])
      expect((await assign(t, t.recent.id, body)).status).toBe(400);
    expect(await assigned(t.companyId, t.recent.id)).toEqual([a]);
    expect(await audited(t.companyId)).toBe(before);
  });

  it("answers 404 for another company's call and 410 for an archived one", async () => {
    const t = await fixture();
    const other = await fixture();
    const foreign = await assign(t, other.recent.id, [t.ids[0]]);
    expect(foreign.status).toBe(404);
    expect(await assigned(other.companyId, other.recent.id)).toEqual([]);

    await setCallSettings(db, t.companyId, { retentionDays: 90 });
    const archived = await assign(t, t.old.id, [t.ids[0]]);
    expect(archived.status).toBe(410);
    expect(slug(archived.json)).toBe("gone");
    expect(archived.json.detail).toContain("retention of 90 days");
    expect(await assigned(t.companyId, t.old.id)).toEqual([]);
    // With the default retention (365 days) the same call is writable.
    const writable = await fixture();
    expect((await assign(writable, writable.old.id, [writable.ids[0]])).status).toBe(200);
  });

  it("never mixes concurrent assignments: the call ends with exactly the members of one request", async () => {
    await raceRounds(
      3,
      fixture,
      (t) => {
        // Three writers: each re-reads at most twice (retryOnConflict's three attempts) before it wins.
        const sets = [[t.ids[0]!, t.ids[1]!], [t.ids[2]!], [t.ids[1]!, t.ids[2]!, t.ids[3]!]];
        return concurrently(sets.length, (i) => assign(t, t.recent.id, sets[i]));
      },
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 200: 3 });
        const final = await assigned(t.companyId, t.recent.id);
        const answered = outcomes.map((outcome) =>
          outcome.json.members.map((m: { member_id: string }) => m.member_id).join(","),
        );
        expect(answered).toContain(final.join(","));
        // Each write's event names the assignment it replaced: the three form one chain from none.
        const events = (await eventDataOf(t.companyId, "call.assigned")).map((data) => callAssigned.schema.parse(data));
        expect(events).toHaveLength(3);
        const replaced = new Set(events.map((event) => [...event.previous_member_ids].sort().join(",")));
        expect(replaced.has("")).toBe(true);
        for (const event of events)
          if (event.previous_member_ids.length > 0)
            expect(answered).toContain([...event.previous_member_ids].sort().join(","));
      },
    );
  });
});

describe("the assignment's batch", () => {
  it("writes nothing when a member was suspended, or the assignment changed, after the request read them", async () => {
    const t = await fixture();
    const run = (statements: ReturnType<typeof membersReplacement>) =>
      db.batch(
        statements.map((s) => (s instanceof Precondition ? s.statement : s)) as unknown as Parameters<
          typeof db.batch
        >[0],
      );
    // Read: member 0 active, version 0. Then suspended before the batch runs.
    await db.update(teamMembers).set({ status: "suspended" }).where(eq(teamMembers.id, t.ids[0]!));
    const suspended = await run(
      membersReplacement(db, t.companyId, t.recent.id, 0, [t.ids[0]!], new Date().toISOString()),
    ).catch((error: unknown) => error);
    expect(isPreconditionAbort(suspended)).toBe(true);
    // Read at version 0, but another assignment (version 1) committed first.
    await assign(t, t.recent.id, [t.ids[1]]);
    const stale = await run(
      membersReplacement(db, t.companyId, t.recent.id, 0, [t.ids[2]!], new Date().toISOString()),
    ).catch((error: unknown) => error);
    expect(isPreconditionAbort(stale)).toBe(true);
    expect(await assigned(t.companyId, t.recent.id)).toEqual([t.ids[1]]);
  });
});

describe("DELETE /calls/{call_id}/member", () => {
  it("removes the assignment and emits call.unassigned; with none it answers 200 and writes nothing", async () => {
    const t = await fixture();
    await assign(t, t.recent.id, [t.ids[0], t.ids[1]]);
    const removed = await unassign(t, t.recent.id);
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ id: t.recent.id, members: [] });
    expect(await assigned(t.companyId, t.recent.id)).toEqual([]);
    const events = (await eventDataOf(t.companyId, "call.unassigned")).map((data) => callUnassigned.schema.parse(data));
    expect(events).toEqual([
      { call_id: t.recent.id, member_ids: [t.ids[0], t.ids[1]].sort(), unassigned_at: expect.any(String) },
    ]);

    const before = await audited(t.companyId);
    const again = await unassign(t, t.recent.id);
    expect(again.status).toBe(200);
    expect(again.json.members).toEqual([]);
    expect(await audited(t.companyId)).toBe(before);
    expect(await eventDataOf(t.companyId, "call.unassigned")).toHaveLength(1);
  });

  it("answers 409 for an archived call and 404 for another company's, changing nothing", async () => {
    const t = await fixture();
    const other = await fixture();
    await db
      .insert(callAssignments)
      .values({ companyId: t.companyId, callId: t.old.id, memberId: t.ids[0]!, assignedAt: t.old.endedAt });
    await setCallSettings(db, t.companyId, { retentionDays: 30 });
    expect((await unassign(t, t.old.id)).status).toBe(409);
    expect(await assigned(t.companyId, t.old.id)).toEqual([t.ids[0]]);
    await assign(other, other.recent.id, [other.ids[0]]);
    expect((await unassign(t, other.recent.id)).status).toBe(404);
    expect(await assigned(other.companyId, other.recent.id)).toEqual([other.ids[0]]);
  });
});
