import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, staggered, raceRounds, statusCounts } from "../../../test/concurrency";
import { call, db, tenant } from "../../../test/helpers";
import { webhookEvents } from "../webhooks/schema";
import { contactListMembers } from "./schema";

/** A company with a list and ten contacts. */
async function listWithContacts() {
  const t = await tenant();
  const list = await call("/api/v1/contact-lists", { key: t.key, body: { name: "Race" } });
  const contactIds: string[] = [];
  for (let i = 0; i < 10; i++)
    contactIds.push((await call("/api/v1/contacts", { key: t.key, body: { email: `m${i}@example.com` } })).json.id);
  return { ...t, listId: list.json.id as string, contactIds };
}

const eventCounts = async (companyId: string, type: string) =>
  (
    await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.companyId, companyId), eq(webhookEvents.type, type)))
  ).map((event) => (JSON.parse(event.data) as { count: number }).count);

describe("contact list membership under concurrency", () => {
  it("counts each contact as added by exactly one of several concurrent identical adds, in answers and events", async () => {
    await raceRounds(
      4,
      listWithContacts,
      (t) =>
        concurrently(6, () =>
          call(`/api/v1/contact-lists/${t.listId}/members`, { key: t.key, body: { contact_ids: t.contactIds } }),
        ),
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 200: 6 });
        expect(outcomes.reduce((sum, o) => sum + o.json.added, 0)).toBe(10);
        for (const o of outcomes) expect(o.json.added + o.json.already_members).toBe(10);
        expect((await eventCounts(t.companyId, "contact_list.members_added")).reduce((a, b) => a + b, 0)).toBe(10);
        expect(await db.select().from(contactListMembers).where(eq(contactListMembers.listId, t.listId))).toHaveLength(
          10,
        );
      },
    );
  });

  it("counts each contact as removed by exactly one of several concurrent identical removals", async () => {
    await raceRounds(
      6,
      async () => {
        const t = await listWithContacts();
        expect(
          (await call(`/api/v1/contact-lists/${t.listId}/members`, { key: t.key, body: { contact_ids: t.contactIds } }))
            .json.added,
        ).toBe(10);
        return t;
      },
      (t) =>
        staggered(6, () =>
          call(`/api/v1/contact-lists/${t.listId}/members`, {
            key: t.key,
            method: "DELETE",
            body: { contact_ids: t.contactIds },
          }),
        ),
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 200: 6 });
        expect(outcomes.reduce((sum, o) => sum + o.json.removed, 0)).toBe(10);
        expect((await eventCounts(t.companyId, "contact_list.members_removed")).reduce((a, b) => a + b, 0)).toBe(10);
      },
    );
  });

  it("answers each concurrent rename with the list as that write left it", async () => {
    await raceRounds(
      4,
      listWithContacts,
      (t) =>
        concurrently(6, (i) =>
          call(`/api/v1/contact-lists/${t.listId}`, {
            key: t.key,
            method: "PATCH",
            body: i % 2 ? { name: `Name ${i}` } : { description: `Description ${i}` },
          }),
        ),
      async (outcomes, t) => {
        const final = (await call(`/api/v1/contact-lists/${t.listId}`, { key: t.key })).json;
        const succeeded = outcomes.filter((o) => o.status === 200);
        for (const o of outcomes) expect([200, 409]).toContain(o.status);
        // Each answer is a state the list really had: the last of them is the list now, and no
        // answer shows a name with a description that never stood together.
        expect(succeeded.map((o) => `${o.json.name}|${o.json.description}`)).toContain(
          `${final.name}|${final.description}`,
        );
        expect(new Set(succeeded.map((o) => o.json.updated_at)).size).toBe(succeeded.length);
      },
    );
  });
});
