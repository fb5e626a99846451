import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug } from "../../../test/helpers";
import { webhookEvents } from "../webhooks/schema";
import { addLists, createCampaign, listOf, marketer, patch, people } from "../../../test/fixtures/campaigns";

// Authentication, scopes, gates, plans and other companies' ids: test/security.test.ts (generated for every operation).

// In the order they were written: an index of webhook_events may answer the company's rows in its own order.
const eventTypes = async (companyId: string) =>
  (
    await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, companyId))
      .orderBy(asc(webhookEvents.createdAt), sql`rowid`)
  )
    .map((event) => event.type)
    .filter((type) => type.startsWith("campaign."));

describe("POST /api/v1/campaigns", () => {
  it("creates a draft with zero counts", async () => {
    const m = await marketer();
    const campaign = await createCampaign(m);
    expect(campaign).toMatchObject({
      name: "Spring",
      agent_id: m.agentId,
      template_id: m.templateId,
      status: "draft",
      list_count: 0,
      enrolled_at: null,
      counts: { enrolled: 0, pending: 0, queued: 0, sent: 0, failed: 0, skipped_no_email: 0, skipped_unsubscribed: 0 },
    });
    expect((await call(`/api/v1/campaigns/${campaign.id}`, { key: m.key })).json).toEqual(campaign);
    expect(await eventTypes(m.companyId)).toEqual(["campaign.created"]);
  });

  it("answers 400 naming agent_id or template_id when they are not the company's", async () => {
    const m = await marketer();
    const other = await marketer();
    for (const [body, path] of [
      [{ agent_id: other.agentId }, "body.agent_id"],
      [{ agent_id: "nope" }, "body.agent_id"],
      [{ template_id: other.templateId }, "body.template_id"],
    ] as const) {
      const response = await call("/api/v1/campaigns", {
        key: m.key,
        body: Object.assign({ name: "x", agent_id: m.agentId }, body),
      });
      expect(response.status).toBe(400);
      expect(response.json.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    }
    expect((await call("/api/v1/campaigns", { key: m.key, body: { name: "", agent_id: m.agentId } })).status).toBe(400);
    expect((await call("/api/v1/campaigns", { key: m.key })).json.data).toEqual([]);
  });
});

describe("GET /api/v1/campaigns", () => {
  it("pages newest first and filters by status", async () => {
    const m = await marketer();
    const first = await createCampaign(m, { name: "First" });
    const second = await createCampaign(m, { name: "Second" });
    await patch(m, first.id, { status: "archived" });
    const all = await call("/api/v1/campaigns", { key: m.key });
    expect(all.json.data.map((row: { id: string }) => row.id)).toEqual([second.id, first.id]);
    const archived = await call("/api/v1/campaigns?status=archived", { key: m.key });
    expect(archived.json.data.map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect((await call("/api/v1/campaigns?status=nope", { key: m.key })).status).toBe(400);
  });
});

describe("PATCH /api/v1/campaigns/{campaign_id}", () => {
  it("edits fields and schedules a draft with a future scheduled_at", async () => {
    const m = await marketer();
    const campaign = await createCampaign(m, { template_id: null });
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const response = await patch(m, campaign.id, {
      name: "Renamed",
      template_id: m.templateId,
      status: "scheduled",
      scheduled_at: at,
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      name: "Renamed",
      template_id: m.templateId,
      status: "scheduled",
      scheduled_at: at,
    });
    const events = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.companyId, m.companyId), eq(webhookEvents.type, "campaign.updated")));
    expect(JSON.parse(events[0]!.data)).toMatchObject({
      previous_status: "draft",
      changed_fields: ["name", "template_id", "scheduled_at", "status"],
    });
    expect((await patch(m, campaign.id, { status: "draft" })).json.status).toBe("draft");
  });

  it("refuses scheduling without a future instant", async () => {
    const m = await marketer();
    const campaign = await createCampaign(m);
    expect((await patch(m, campaign.id, { status: "scheduled" })).json.errors[0].path).toBe("body.scheduled_at");
    expect((await patch(m, campaign.id, { scheduled_at: "2020-01-01T00:00:00Z" })).json.errors[0].path).toBe(
      "body.scheduled_at",
    );
    expect((await patch(m, campaign.id, { scheduled_at: "tomorrow" })).status).toBe(400);
  });

  it.each([
    ["draft", "sending"],
    ["draft", "paused"],
    ["draft", "completed"],
  ])("refuses the move from %s to %s, naming the current state", async (from, to) => {
    const m = await marketer();
    const campaign = await createCampaign(m);
    const response = await patch(m, campaign.id, { status: to });
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    expect(response.json.current_status).toBe(from);
    expect(response.json.errors[0]).toMatchObject({ path: "body.status" });
    expect(response.json.errors[0].message).toContain(`is ${from}`);
  });

  it("archives; an archived campaign is neither edited nor moved", async () => {
    const m = await marketer();
    const campaign = await createCampaign(m);
    expect((await patch(m, campaign.id, { status: "archived" })).json.status).toBe("archived");
    const edit = await patch(m, campaign.id, { name: "Again" });
    expect(edit.status).toBe(400);
    expect(edit.json).toMatchObject({ current_status: "archived" });
    expect((await patch(m, campaign.id, { status: "draft" })).json.current_status).toBe("archived");
    expect((await call(`/api/v1/campaigns/${campaign.id}`, { key: m.key })).json.name).toBe("Spring");
  });

  it("answers 404 for another company's campaign and 400 for an empty change", async () => {
    const m = await marketer();
    const other = await marketer();
    const theirs = await createCampaign(other);
    expect((await patch(m, theirs.id, { name: "Mine" })).status).toBe(404);
    expect((await patch(other, theirs.id, {})).status).toBe(400);
  });
});

describe("the audience: GET, POST and DELETE /api/v1/campaigns/{campaign_id}/lists", () => {
  it("adds and removes lists idempotently, returns other ids in not_found and never stores them", async () => {
    const m = await marketer();
    const other = await marketer();
    const a = await listOf(m, people(2), "A");
    const b = await listOf(m, people(1), "B");
    const theirs = await listOf(other, [], "Theirs");
    const campaign = await createCampaign(m);
    const added = await addLists(m, campaign.id, [a.listId, b.listId, theirs.listId, "nope"]);
    expect(added.json).toEqual({ added: 2, already_in_audience: 0, not_found: [theirs.listId, "nope"] });
    expect((await addLists(m, campaign.id, [a.listId])).json).toEqual({
      added: 0,
      already_in_audience: 1,
      not_found: [],
    });

    const audience = await call(`/api/v1/campaigns/${campaign.id}/lists`, { key: m.key });
    expect(
      audience.json.data
        .map((row: { list_id: string; member_count: number }) => [row.list_id, row.member_count])
        .sort(),
    ).toEqual(
      [
        [a.listId, 2],
        [b.listId, 1],
      ].sort(),
    );
    expect((await call(`/api/v1/campaigns/${campaign.id}`, { key: m.key })).json.list_count).toBe(2);

    const removed = await call(`/api/v1/campaigns/${campaign.id}/lists`, {
      key: m.key,
      method: "DELETE",
      body: { list_ids: [a.listId, theirs.listId] },
    });
    expect(removed.json).toEqual({ removed: 1, not_in_audience: [], not_found: [theirs.listId] });
    const again = await call(`/api/v1/campaigns/${campaign.id}/lists`, {
      key: m.key,
      method: "DELETE",
      body: { list_ids: [a.listId] },
    });
    expect(again.json).toEqual({ removed: 0, not_in_audience: [a.listId], not_found: [] });
    expect(
      (await call(`/api/v1/campaigns/${campaign.id}/lists`, { key: m.key })).json.data.map(
        (row: { list_id: string }) => row.list_id,
      ),
    ).toEqual([b.listId]);
    expect(await eventTypes(m.companyId)).toEqual([
      "campaign.created",
      "campaign.audience_changed",
      "campaign.audience_changed",
    ]);
    // Every event about the campaign carries its number among them, in commit order.
    const numbered = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, m.companyId))
      .orderBy(asc(webhookEvents.createdAt), sql`rowid`);
    const data = numbered
      .filter((event) => event.type.startsWith("campaign."))
      .map((event) => (typeof event.data === "string" ? JSON.parse(event.data) : event.data) as { sequence: number });
    expect(data.map((event) => event.sequence)).toEqual([1, 2, 3]);
  });

  it("answers 404 for another company's campaign and 400 for an empty list of ids", async () => {
    const m = await marketer();
    const other = await marketer();
    const theirs = await createCampaign(other);
    expect((await addLists(m, theirs.id, ["x"])).status).toBe(404);
    expect((await call(`/api/v1/campaigns/${theirs.id}/lists`, { key: m.key })).status).toBe(404);
    expect((await addLists(other, theirs.id, [])).status).toBe(400);
  });

  it("counts each list as added by exactly one of concurrent identical additions", async () => {
    const m = await marketer();
    const lists = await Promise.all([listOf(m, [], "1"), listOf(m, [], "2"), listOf(m, [], "3")]);
    const campaign = await createCampaign(m);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        addLists(
          m,
          campaign.id,
          lists.map((list) => list.listId),
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200, 200]);
    expect(outcomes.reduce((sum, o) => sum + o.json.added, 0)).toBe(3);
  });
});
