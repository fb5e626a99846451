import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, raceRounds, statusCounts } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { webhookEvents } from "../webhooks/schema";
import { sequenceEnrollments } from "./schema";

// Authentication, scopes, gates, plans and other companies' ids: test/security.test.ts (generated for every operation).

async function marketer() {
  const t = await tenant({ capabilities: ["campaigns"] });
  const template = await call("/api/v1/email-templates", {
    key: t.key,
    body: { name: "Welcome", subject: "Hi {{first_name}}", body: "<p>Hello</p>" },
  });
  expect(template.status).toBe(201);
  return { ...t, templateId: template.json.id as string };
}

async function contactsOf(key: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      (await call("/api/v1/contacts", { key, body: { email: `p${i}.${crypto.randomUUID()}@example.com` } })).json.id,
    );
  return ids;
}

const createSequence = async (key: string, body: Record<string, unknown>) => call("/api/v1/sequences", { key, body });
const enroll = (key: string, id: string, body: unknown) => call(`/api/v1/sequences/${id}/enroll`, { key, body });
// In the order they were written: an index of webhook_events may answer the company's rows in its own order.
const eventsOf = (companyId: string, type: string) =>
  db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.companyId, companyId), eq(webhookEvents.type, type)))
    .orderBy(asc(webhookEvents.createdAt), sql`rowid`);

describe("POST /api/v1/sequences", () => {
  it("creates an active sequence with ordered steps", async () => {
    const t = await marketer();
    const response = await createSequence(t.key, {
      name: " Onboarding ",
      steps: [
        { template_id: t.templateId, delay_days: 0 },
        { template_id: t.templateId, delay_days: 3 },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      name: "Onboarding",
      status: "active",
      enrolled_count: 0,
      archived_at: null,
      steps: [
        { position: 1, template_id: t.templateId, delay_days: 0 },
        { position: 2, template_id: t.templateId, delay_days: 3 },
      ],
    });
    expect((await eventsOf(t.companyId, "sequence.created")).length).toBe(1);
  });

  it("answers 400 naming each step whose template is not the company's", async () => {
    const t = await marketer();
    const other = await marketer();
    const response = await createSequence(t.key, {
      name: "x",
      steps: [
        { template_id: t.templateId, delay_days: 1 },
        { template_id: other.templateId, delay_days: 2 },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([expect.objectContaining({ path: "body.steps.1.template_id" })]);
  });

  it.each([
    [{}],
    [{ name: "x", steps: [{ template_id: "t", delay_days: -1 }] }],
    [{ name: "x", steps: [{ template_id: "t", delay_days: 366 }] }],
  ])("answers 400 for an invalid body (case %#)", async (body) => {
    const t = await marketer();
    expect((await createSequence(t.key, body)).status).toBe(400);
  });
});

describe("PATCH and DELETE /api/v1/sequences/{sequence_id}", () => {
  it("renames and replaces the steps, then archives once; an archived sequence is neither edited nor enrolled", async () => {
    const t = await marketer();
    const [contactId] = await contactsOf(t.key, 1);
    const created = (
      await createSequence(t.key, { name: "Old", steps: [{ template_id: t.templateId, delay_days: 1 }] })
    ).json;
    await enroll(t.key, created.id, { contact_ids: [contactId] });
    const patched = await call(`/api/v1/sequences/${created.id}`, {
      key: t.key,
      method: "PATCH",
      body: { name: "New", steps: [] },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: "New", steps: [], enrolled_count: 1 });

    const archived = await call(`/api/v1/sequences/${created.id}`, { key: t.key, method: "DELETE" });
    expect(archived.status).toBe(200);
    expect(archived.json).toMatchObject({ status: "archived", enrolled_count: 1 });
    expect(archived.json.archived_at).toEqual(expect.any(String));
    const again = await call(`/api/v1/sequences/${created.id}`, { key: t.key, method: "DELETE" });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(archived.json);
    expect((await eventsOf(t.companyId, "sequence.archived")).length).toBe(1);

    for (const refused of [
      await call(`/api/v1/sequences/${created.id}`, { key: t.key, method: "PATCH", body: { name: "Again" } }),
      await enroll(t.key, created.id, { contact_ids: [contactId] }),
    ]) {
      expect(refused.status).toBe(400);
      expect(slug(refused.json)).toBe("validation_error");
      expect(refused.json.current_status).toBe("archived");
      expect(refused.json.detail).toContain("archived");
    }
    const listed = await call("/api/v1/sequences?status=archived", { key: t.key });
    expect(listed.json.data.map((row: { id: string }) => row.id)).toEqual([created.id]);
    expect((await call("/api/v1/sequences?status=active", { key: t.key })).json.data).toEqual([]);
  });

  it("answers 404 for another company's sequence", async () => {
    const t = await marketer();
    const other = await marketer();
    const theirs = (await createSequence(other.key, { name: "Theirs" })).json;
    expect((await call(`/api/v1/sequences/${theirs.id}`, { key: t.key, method: "DELETE" })).status).toBe(404);
  });
});

describe("POST /api/v1/sequences/{sequence_id}/enroll", () => {
  it("enrolls contacts once, counts those already enrolled and returns ids that are no contact of the company", async () => {
    const t = await marketer();
    const other = await marketer();
    const ids = await contactsOf(t.key, 3);
    const [foreign] = await contactsOf(other.key, 1);
    const sequence = (await createSequence(t.key, { name: "Seq" })).json;
    const first = await enroll(t.key, sequence.id, { contact_ids: [ids[0], ids[1]] });
    expect(first.json).toEqual({
      enrolled: 2,
      already_enrolled: 0,
      skipped_no_email: 0,
      skipped_unsubscribed: 0,
      not_found: [],
    });
    const second = await enroll(t.key, sequence.id, { contact_ids: [ids[0], ids[1], ids[2], ids[2], foreign, "nope"] });
    expect(second.status).toBe(200);
    expect(second.json).toEqual({
      enrolled: 1,
      already_enrolled: 2,
      skipped_no_email: 0,
      skipped_unsubscribed: 0,
      not_found: [foreign, "nope"],
    });
    expect(
      await db.select().from(sequenceEnrollments).where(eq(sequenceEnrollments.sequenceId, sequence.id)),
    ).toHaveLength(3);
    expect(
      (await eventsOf(t.companyId, "sequence.contacts_enrolled")).map((event) => JSON.parse(event.data).enrolled),
    ).toEqual([2, 1]);
  });

  it("enrolls the members of a list, and names a list that is not the company's in not_found", async () => {
    const t = await marketer();
    const other = await marketer();
    const ids = await contactsOf(t.key, 4);
    const list = (await call("/api/v1/contact-lists", { key: t.key, body: { name: "Leads" } })).json;
    await call(`/api/v1/contact-lists/${list.id}/members`, { key: t.key, body: { contact_ids: ids } });
    const theirList = (await call("/api/v1/contact-lists", { key: other.key, body: { name: "Theirs" } })).json;
    const sequence = (await createSequence(t.key, { name: "Seq" })).json;
    await enroll(t.key, sequence.id, { contact_ids: [ids[0]] });
    expect((await enroll(t.key, sequence.id, { list_id: list.id })).json).toEqual({
      enrolled: 3,
      already_enrolled: 1,
      skipped_no_email: 0,
      skipped_unsubscribed: 0,
      not_found: [],
    });
    expect((await enroll(t.key, sequence.id, { list_id: list.id })).json).toEqual({
      enrolled: 0,
      already_enrolled: 4,
      skipped_no_email: 0,
      skipped_unsubscribed: 0,
      not_found: [],
    });
    expect((await enroll(t.key, sequence.id, { list_id: theirList.id })).json).toEqual({
      enrolled: 0,
      already_enrolled: 0,
      skipped_no_email: 0,
      skipped_unsubscribed: 0,
      not_found: [theirList.id],
    });
    expect((await call("/api/v1/sequences", { key: t.key })).json.data[0].enrolled_count).toBe(4);
  });

  it.each([[{}], [{ contact_ids: ["a"], list_id: "b" }], [{ contact_ids: [] }]])(
    "answers 400 unless exactly one of contact_ids and list_id is sent (case %#)",
    async (body) => {
      const t = await marketer();
      const sequence = (await createSequence(t.key, { name: "Seq" })).json;
      expect((await enroll(t.key, sequence.id, body)).status).toBe(400);
    },
  );

  it("counts each contact as enrolled by exactly one of several concurrent enrollments", async () => {
    await raceRounds(
      3,
      async () => {
        const t = await marketer();
        const ids = await contactsOf(t.key, 6);
        const sequence = (await createSequence(t.key, { name: "Race" })).json;
        return { ...t, ids, sequenceId: sequence.id as string };
      },
      (t) => concurrently(5, () => enroll(t.key, t.sequenceId, { contact_ids: t.ids })),
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 200: 5 });
        expect(outcomes.reduce((sum, o) => sum + o.json.enrolled, 0)).toBe(6);
        for (const o of outcomes) expect(o.json.enrolled + o.json.already_enrolled).toBe(6);
        const events = await eventsOf(t.companyId, "sequence.contacts_enrolled");
        expect(events.reduce((sum, event) => sum + JSON.parse(event.data).enrolled, 0)).toBe(6);
      },
    );
  });

  it("refuses an enrollment that an archive overtook, and archives while enrolling never leave a half state", async () => {
    const t = await marketer();
    const ids = await contactsOf(t.key, 3);
    const sequence = (await createSequence(t.key, { name: "Race" })).json;
    const [enrolled, archived] = await Promise.all([
      enroll(t.key, sequence.id, { contact_ids: ids }),
      call(`/api/v1/sequences/${sequence.id}`, { key: t.key, method: "DELETE" }),
    ]);
    expect(archived.status).toBe(200);
    const stored = await db.select().from(sequenceEnrollments).where(eq(sequenceEnrollments.sequenceId, sequence.id));
    if (enrolled.status === 200) expect(stored).toHaveLength(3);
    else {
      expect(enrolled.status).toBe(400);
      expect(stored).toHaveLength(0);
    }
  });
});
