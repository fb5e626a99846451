import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, raceRounds, staggered, statusCounts } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { callLabeled, callUnlabeled } from "./events";
import { callRow, insertCalls, insertLabels } from "../../../test/fixtures/calls";
import { callLabelLinks } from "./schema";
import { eventDataOf } from "../../../test/events";

const DAY = 86_400_000;
const ZONE = "Europe/Madrid";

/** A company with a label catalogue and one recent and one archived call. */
async function fixture() {
  const t = await tenant();
  await insertLabels(db, t.companyId, ["interested", "callback", "vip"]);
  const recent = callRow(t.companyId, ZONE, { startedAt: new Date(Date.now() - DAY).toISOString() });
  const archived = callRow(t.companyId, ZONE, { startedAt: new Date(Date.now() - 400 * DAY).toISOString() });
  await insertCalls(db, [recent, archived]);
  return { ...t, recent, archived };
}

const labelsOf = async (companyId: string, callId: string) =>
  (
    await db
      .select({ key: callLabelLinks.labelKey })
      .from(callLabelLinks)
      .where(and(eq(callLabelLinks.companyId, companyId), eq(callLabelLinks.callId, callId)))
  )
    .map((row) => row.key)
    .sort();

const audited = async (companyId: string) =>
  (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.companyId, companyId)).get())!.n;

const add = (t: { key: string }, callId: string, key: unknown) =>
  call(`/api/v1/calls/${callId}/labels`, { key: t.key, body: { label_key: key } });
const remove = (t: { key: string }, callId: string, key: string) =>
  call(`/api/v1/calls/${callId}/labels/${key}`, { key: t.key, method: "DELETE" });

describe("GET /call-labels", () => {
  it("lists the company's catalogue, newest first, and no other company's", async () => {
    const t = await fixture();
    const other = await fixture();
    const response = await call("/api/v1/call-labels", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data.map((label: { key: string }) => label.key)).toEqual(["vip", "callback", "interested"]);
    expect(response.json.data[0]).toEqual({
      id: expect.any(String),
      key: "vip",
      name: "Vip",
      description: null,
      color: "#123456",
      created_at: "2026-01-01T00:00:02.000Z",
    });
    const theirs = await call("/api/v1/call-labels?limit=1&offset=1", { key: other.key });
    expect(theirs.json).toMatchObject({ limit: 1, offset: 1, data: [{ key: "callback" }] });
    expect(theirs.json.data[0].id).not.toBe(response.json.data[1].id);
  });
});

describe("POST /calls/{call_id}/labels", () => {
  it("adds a label of the catalogue once: the second add answers 200 with added false and writes nothing", async () => {
    const t = await fixture();
    const first = await add(t, t.recent.id, "vip");
    expect(first.status).toBe(200);
    expect(first.json.added).toBe(true);
    expect(first.json.call).toMatchObject({ id: t.recent.id, labels: [{ key: "vip", name: "Vip" }] });
    const second = await add(t, t.recent.id, "interested");
    expect(second.json.call.labels).toEqual([
      { key: "interested", name: "Interested" },
      { key: "vip", name: "Vip" },
    ]);
    expect((await call(`/api/v1/calls/${t.recent.id}`, { key: t.key })).json.labels).toEqual(second.json.call.labels);

    const before = await audited(t.companyId);
    const again = await add(t, t.recent.id, "vip");
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ added: false, call: second.json.call });
    expect(await audited(t.companyId)).toBe(before);
    expect(await labelsOf(t.companyId, t.recent.id)).toEqual(["interested", "vip"]);
    const events = await eventDataOf(t.companyId, "call.labeled");
    const parsed = events
      .map((data) => callLabeled.schema.parse(data))
      .sort((a, b) => a.label_key.localeCompare(b.label_key));
    expect(parsed).toEqual([
      { call_id: t.recent.id, label_key: "interested", labeled_at: expect.any(String) },
      { call_id: t.recent.id, label_key: "vip", labeled_at: expect.any(String) },
    ]);
  });

  it("answers 400 for a key the catalogue lacks or a malformed key, 404 for another company's call, 409 for an archived call", async () => {
    const t = await fixture();
    const other = await fixture();
    const unknown = await add(t, t.recent.id, "hot-lead");
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([
      { path: "body.label_key", message: expect.stringContaining("no label hot-lead") },
    ]);
    for (const malformed of ["VIP", "", "with space", "x".repeat(51), 7])
      expect((await add(t, t.recent.id, malformed)).status).toBe(400);
    const foreign = await add(t, other.recent.id, "vip");
    expect(foreign.status).toBe(404);
    expect(slug(foreign.json)).toBe("not_found");
    const archived = await add(t, t.archived.id, "vip");
    expect(archived.status).toBe(409);
    expect(slug(archived.json)).toBe("conflict");
    expect(await labelsOf(t.companyId, t.archived.id)).toEqual([]);
    expect(await labelsOf(other.companyId, other.recent.id)).toEqual([]);
    expect(await audited(t.companyId)).toBe(0);
  });

  it("stores a label added concurrently once, with one added true and one event", async () => {
    await raceRounds(
      3,
      fixture,
      (t) => staggered(6, () => add(t, t.recent.id, "callback")),
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 200: 6 });
        expect(outcomes.filter((outcome) => outcome.json.added)).toHaveLength(1);
        expect(await labelsOf(t.companyId, t.recent.id)).toEqual(["callback"]);
        expect(await eventDataOf(t.companyId, "call.labeled")).toHaveLength(1);
      },
    );
  });
});

describe("DELETE /calls/{call_id}/labels/{label_key}", () => {
  it("removes a label the call carries and emits call.unlabeled; one it does not carry is 404", async () => {
    const t = await fixture();
    await add(t, t.recent.id, "vip");
    await add(t, t.recent.id, "callback");
    const removed = await remove(t, t.recent.id, "vip");
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ id: t.recent.id, labels: [{ key: "callback", name: "Callback" }] });
    expect(await labelsOf(t.companyId, t.recent.id)).toEqual(["callback"]);
    expect((await eventDataOf(t.companyId, "call.unlabeled")).map((data) => callUnlabeled.schema.parse(data))).toEqual([
      { call_id: t.recent.id, label_key: "vip", unlabeled_at: expect.any(String) },
    ]);
    for (const key of ["vip", "interested", "not-in-catalogue"]) {
      const response = await remove(t, t.recent.id, key);
      expect(response.status, key).toBe(404);
      expect(response.json.detail).toContain(`does not carry the label ${key}`);
    }
    expect((await remove(t, t.recent.id, "Not_A_Key")).status).toBe(400);
  });

  it("answers 409 on an archived call and 404 on another company's call, changing nothing", async () => {
    const t = await fixture();
    const other = await fixture();
    await db
      .insert(callLabelLinks)
      .values({ companyId: t.companyId, callId: t.archived.id, labelKey: "vip", labeledAt: t.archived.endedAt });
    const archived = await remove(t, t.archived.id, "vip");
    expect(archived.status).toBe(409);
    expect(await labelsOf(t.companyId, t.archived.id)).toEqual(["vip"]);
    await add(other, other.recent.id, "vip");
    expect((await remove(t, other.recent.id, "vip")).status).toBe(404);
    expect(await labelsOf(other.companyId, other.recent.id)).toEqual(["vip"]);
  });

  it("removes a label once under concurrent removals: one 200, the others 404", async () => {
    await raceRounds(
      3,
      async () => {
        const t = await fixture();
        await add(t, t.recent.id, "interested");
        return t;
      },
      (t) => concurrently(5, () => remove(t, t.recent.id, "interested")),
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 200: 1, 404: 4 });
        expect(await eventDataOf(t.companyId, "call.unlabeled")).toHaveLength(1);
      },
    );
  });
});
