import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, raceRounds, statusCounts } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { webhookEvents } from "../webhooks/schema";
import { MAX_CUSTOM_FIELDS } from "./model";
import { contacts } from "./schema";

const companyContacts = (companyId: string) => db.select().from(contacts).where(eq(contacts.companyId, companyId));

describe("POST /api/v1/contacts/import under concurrency", () => {
  it("skips, never fails on, rows that overlapping concurrent imports create first; counts and events say what the database did", async () => {
    const emails = Array.from({ length: 40 }, (_, i) => `person${i}@example.com`);
    await raceRounds(
      6,
      () => tenant(),
      (t) =>
        concurrently(24, (i) =>
          call("/api/v1/contacts/import", {
            key: t.key,
            body: {
              contacts: Array.from({ length: 30 }, (_, j) => ({
                email: emails[(i * 7 + j) % emails.length],
                first_name: `Row ${j}`,
              })),
            },
          }),
        ),
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 201: 24 });
        for (const { json } of outcomes) expect(json.created + json.skipped + json.rejected).toBe(30);
        const stored = await companyContacts(t.companyId);
        const touched = new Set(
          outcomes.flatMap((_, i) => Array.from({ length: 30 }, (_, j) => emails[(i * 7 + j) % emails.length])),
        );
        expect(stored).toHaveLength(touched.size);
        const createdIds = outcomes.flatMap(({ json }) => json.created_contacts.map((c: { id: string }) => c.id));
        expect(new Set(createdIds).size).toBe(createdIds.length);
        expect(createdIds.sort()).toEqual(stored.map((c) => c.id).sort());
        // Every skipped row names the contact that holds its email.
        const byId = new Map(stored.map((c) => [c.id, c.email]));
        for (const { json } of outcomes) {
          for (const row of json.skipped_rows.filter((r: { reason: string }) => r.reason === "duplicate_of_existing")) {
            expect(byId.has(row.existing_contact_id)).toBe(true);
          }
        }
        // The events carry what each batch created, filled inside the transaction.
        const events = await db
          .select()
          .from(webhookEvents)
          .where(and(eq(webhookEvents.companyId, t.companyId), eq(webhookEvents.type, "contacts.imported")));
        const eventData = events.map(
          (event) => JSON.parse(event.data) as { created: number; skipped: number; contact_ids: string[] },
        );
        expect(eventData.map((data) => data.created).sort()).toEqual(
          outcomes.map(({ json }) => json.created as number).sort(),
        );
        expect(eventData.flatMap((data) => data.contact_ids).sort()).toEqual(createdIds.sort());
        for (const data of eventData) expect(data.contact_ids).toHaveLength(data.created);
      },
    );
  });
});

describe("PATCH /api/v1/contacts/{contact_id} under concurrency and limits", () => {
  const fields = (count: number, prefix = "field") =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}_${i}`, i]));

  it(`refuses a merge that would leave more than ${MAX_CUSTOM_FIELDS} custom fields, naming the field`, async () => {
    const t = await tenant();
    const created = await call("/api/v1/contacts", {
      key: t.key,
      body: { email: "full@example.com", custom_fields: fields(MAX_CUSTOM_FIELDS) },
    });
    expect(created.status).toBe(201);
    const path = `/api/v1/contacts/${created.json.id}`;
    const over = await call(path, { key: t.key, method: "PATCH", body: { custom_fields: fields(60, "extra") } });
    expect(over.status).toBe(400);
    expect(slug(over.json)).toBe("validation_error");
    expect(over.json.errors).toEqual([
      { path: "body.custom_fields", message: expect.stringContaining(`at most ${MAX_CUSTOM_FIELDS}`) },
    ]);
    // A change names at most twice the limit (all removed, as many set), refused before the contact is read.
    const huge = await call(path, {
      key: t.key,
      method: "PATCH",
      body: { custom_fields: fields(2 * MAX_CUSTOM_FIELDS + 1, "extra") },
    });
    expect(huge.status).toBe(400);
    expect(huge.json.errors).toEqual([
      { path: "body.custom_fields", message: `At most ${2 * MAX_CUSTOM_FIELDS} custom fields in one change.` },
    ]);
    const one = await call(path, { key: t.key, method: "PATCH", body: { custom_fields: { one_more: true } } });
    expect(one.status).toBe(400);
    const swap = await call(path, {
      key: t.key,
      method: "PATCH",
      body: { custom_fields: { field_0: null, one_more: true } },
    });
    expect(swap.status).toBe(200);
    expect(Object.keys(swap.json.custom_fields)).toHaveLength(MAX_CUSTOM_FIELDS);
    const [row] = await db.select().from(contacts).where(eq(contacts.id, created.json.id));
    expect(Object.keys(row!.customFields)).toHaveLength(MAX_CUSTOM_FIELDS);
  });

  it.each(["__proto__", "constructor", "prototype"])(
    "refuses the custom field name %s with a 400 naming it, on create and on update",
    async (name) => {
      const t = await tenant();
      const body = `{"email":"proto@example.com","custom_fields":{"${name}":"x","plan":"gold"}}`;
      const created = await call("/api/v1/contacts", { key: t.key, body });
      expect(created.status).toBe(400);
      expect(created.json.errors).toEqual([
        { path: `body.custom_fields.${name}`, message: expect.stringContaining("reserved") },
      ]);
      const ok = await call("/api/v1/contacts", { key: t.key, body: { email: "proto@example.com" } });
      const patched = await call(`/api/v1/contacts/${ok.json.id}`, {
        key: t.key,
        method: "PATCH",
        body: `{"custom_fields":{"${name}":"x"}}`,
      });
      expect(patched.status).toBe(400);
      expect(patched.json.errors[0].path).toBe(`body.custom_fields.${name}`);
    },
  );

  it("loses no custom field when concurrent PATCHes each merge their own", async () => {
    await raceRounds(
      4,
      async () => {
        const t = await tenant();
        const created = await call("/api/v1/contacts", { key: t.key, body: { email: "race@example.com" } });
        return { ...t, contactId: created.json.id as string };
      },
      (t) =>
        concurrently(6, (i) =>
          call(`/api/v1/contacts/${t.contactId}`, {
            key: t.key,
            method: "PATCH",
            body: { custom_fields: { [`k${i}`]: i } },
          }),
        ),
      async (outcomes, t) => {
        const [row] = await db.select().from(contacts).where(eq(contacts.id, t.contactId));
        for (const [i, outcome] of outcomes.entries()) {
          expect([200, 409]).toContain(outcome.status);
          if (outcome.status === 200) expect(row!.customFields[`k${i}`]).toBe(i);
        }
        expect(Object.keys(row!.customFields)).toHaveLength(outcomes.filter((o) => o.status === 200).length);
        expect(row!.version).toBe(outcomes.filter((o) => o.status === 200).length);
      },
    );
  });
});
