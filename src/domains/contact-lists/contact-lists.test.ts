import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { contacts } from "../contacts/schema";
import { contactListMembers, contactLists } from "./schema";

// Authentication, scopes, gates and other companies' ids: test/security.test.ts (generated for every operation).

async function createList(key: string, body: Record<string, unknown> = { name: "Leads" }) {
  const response = await call("/api/v1/contact-lists", { key, body });
  expect(response.status).toBe(201);
  return response.json as { id: string; name: string; [field: string]: unknown };
}

async function createContact(key: string, phone: string) {
  const response = await call("/api/v1/contacts", { key, body: { phone } });
  expect(response.status).toBe(201);
  return response.json.id as string;
}

const addMembers = (key: string, listId: string, contactIds: unknown, extra = {}) =>
  call(`/api/v1/contact-lists/${listId}/members`, { key, method: "POST", body: { contact_ids: contactIds }, ...extra });
const removeMembers = (key: string, listId: string, contactIds: unknown, extra = {}) =>
  call(`/api/v1/contact-lists/${listId}/members`, {
    key,
    method: "DELETE",
    body: { contact_ids: contactIds },
    ...extra,
  });

describe("POST /api/v1/contact-lists", () => {
  it("creates an empty list", async () => {
    const t = await tenant();
    const response = await call("/api/v1/contact-lists", {
      key: t.key,
      body: { name: "  Spring campaign ", description: "Leads from the fair" },
    });
    expect(response.status).toBe(201);
    const { id, created_at, updated_at, ...rest } = response.json;
    expect(rest).toEqual({ name: "Spring campaign", description: "Leads from the fair", member_count: 0 });
    expect(updated_at).toBe(created_at);
    const stored = await db.select().from(contactLists).where(eq(contactLists.id, id)).get();
    expect(stored?.companyId).toBe(t.companyId);
  });

  it.each([
    [{}, "body.name"],
    [{ name: "" }, "body.name"],
    [{ name: "x".repeat(201) }, "body.name"],
    [{ name: "ok", description: 5 }, "body.description"],
  ])("answers 400 validation_error (case %#)", async (body, path) => {
    const t = await tenant();
    const response = await call("/api/v1/contact-lists", { key: t.key, body });
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });
});

describe("GET /api/v1/contact-lists", () => {
  it("pages newest first with member counts, only the caller's lists", async () => {
    const t = await tenant();
    const other = await tenant();
    const rows = [
      { id: "00000000-0000-4000-8000-00000000000a", createdAt: "2026-01-01T00:00:00.000Z" },
      { id: "00000000-0000-4000-8000-00000000000b", createdAt: "2026-01-02T00:00:00.000Z" },
      { id: "00000000-0000-4000-8000-00000000000c", createdAt: "2026-01-02T00:00:00.000Z" },
    ];
    await db
      .insert(contactLists)
      .values(rows.map((row) => ({ ...row, companyId: t.companyId, name: row.id, updatedAt: row.createdAt })));
    await db.insert(contactLists).values({
      id: "00000000-0000-4000-8000-00000000000f",
      companyId: other.companyId,
      name: "theirs",
      createdAt: "2026-03-01T00:00:00.000Z",
      updatedAt: "2026-03-01T00:00:00.000Z",
    });
    const contactId = await createContact(t.key, "+34612345678");
    expect((await addMembers(t.key, rows[0]!.id, [contactId])).status).toBe(200);

    const first = await call("/api/v1/contact-lists?limit=2", { key: t.key });
    expect(first.status).toBe(200);
    expect(first.json.data.map((l: { id: string; member_count: number }) => [l.id, l.member_count])).toEqual([
      [rows[2]!.id, 0],
      [rows[1]!.id, 0],
    ]);
    expect([first.json.limit, first.json.offset]).toEqual([2, 0]);
    const second = await call("/api/v1/contact-lists?limit=2&offset=2", { key: t.key });
    expect(second.json.data.map((l: { id: string; member_count: number }) => [l.id, l.member_count])).toEqual([
      [rows[0]!.id, 1],
    ]);
    expect((await call("/api/v1/contact-lists?limit=x", { key: t.key })).json.limit).toBe(50);
  });
});

describe("GET and PATCH /api/v1/contact-lists/{list_id}", () => {
  it("shows the list", async () => {
    const t = await tenant();
    const list = await createList(t.key, { name: "VIP" });
    const response = await call(`/api/v1/contact-lists/${list.id}`, { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(list);
  });

  it("renames, and clears the description with null", async () => {
    const t = await tenant();
    const list = await createList(t.key, { name: "VIP", description: "old" });
    const response = await call(`/api/v1/contact-lists/${list.id}`, {
      key: t.key,
      method: "PATCH",
      body: { name: "VIP 2026", description: null },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: list.id,
      name: "VIP 2026",
      description: null,
      member_count: 0,
      created_at: list.created_at,
    });
    expect((await call(`/api/v1/contact-lists/${list.id}`, { key: t.key })).json).toEqual(response.json);
  });

  it.each([
    [{}, "body"],
    [{ name: "" }, "body.name"],
    [{ name: null }, "body.name"],
  ])("PATCH answers 400 validation_error (case %#)", async (body, path) => {
    const t = await tenant();
    const list = await createList(t.key);
    const response = await call(`/api/v1/contact-lists/${list.id}`, { key: t.key, method: "PATCH", body });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });
});

describe("members of a list", () => {
  it("adds idempotently, never stores another company's contact, and answers the counts", async () => {
    const a = await tenant();
    const b = await tenant();
    const list = await createList(a.key);
    const mine1 = await createContact(a.key, "+34611111111");
    const mine2 = await createContact(a.key, "+34622222222");
    const theirs = await createContact(b.key, "+34633333333");

    const first = await addMembers(a.key, list.id, [mine1, mine2, theirs, "no-such-id", mine1]);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ added: 2, already_members: 0, not_found: [theirs, "no-such-id"] });
    const again = await addMembers(a.key, list.id, [mine1, mine2]);
    expect(again.json).toEqual({ added: 0, already_members: 2, not_found: [] });

    const stored = await db.select().from(contactListMembers).where(eq(contactListMembers.listId, list.id)).all();
    expect(stored.map((m) => m.contactId).sort()).toEqual([mine1, mine2].sort());
    expect(stored.every((m) => m.companyId === a.companyId)).toBe(true);
    expect((await call(`/api/v1/contact-lists/${list.id}`, { key: a.key })).json.member_count).toBe(2);
  });

  it("removes idempotently and never deletes the contacts", async () => {
    const t = await tenant();
    const list = await createList(t.key);
    const c1 = await createContact(t.key, "+34611111111");
    const c2 = await createContact(t.key, "+34622222222");
    await addMembers(t.key, list.id, [c1, c2]);
    const removed = await removeMembers(t.key, list.id, [c1, "not-a-member"]);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ removed: 1, not_members: ["not-a-member"] });
    expect((await removeMembers(t.key, list.id, [c1])).json).toEqual({ removed: 0, not_members: [c1] });
    const left = await db.select().from(contactListMembers).where(eq(contactListMembers.listId, list.id)).all();
    expect(left.map((m) => m.contactId)).toEqual([c2]);
    const stillThere = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.companyId, t.companyId), eq(contacts.id, c1)))
      .all();
    expect(stillThere).toEqual([{ id: c1 }]);
  });

  it("lists members most recently added first, paged", async () => {
    const t = await tenant();
    const list = await createList(t.key);
    const ids = [
      await createContact(t.key, "+34611111111"),
      await createContact(t.key, "+34622222222"),
      await createContact(t.key, "+34633333333"),
    ];
    await db.insert(contactListMembers).values([
      { listId: list.id, contactId: ids[0]!, companyId: t.companyId, addedAt: "2026-01-03T00:00:00.000Z" },
      { listId: list.id, contactId: ids[1]!, companyId: t.companyId, addedAt: "2026-01-01T00:00:00.000Z" },
      { listId: list.id, contactId: ids[2]!, companyId: t.companyId, addedAt: "2026-01-02T00:00:00.000Z" },
    ]);
    const first = await call(`/api/v1/contact-lists/${list.id}/members?limit=2`, { key: t.key });
    expect(first.status).toBe(200);
    expect(first.json.data.map((c: { id: string; added_at: string }) => [c.id, c.added_at])).toEqual([
      [ids[0], "2026-01-03T00:00:00.000Z"],
      [ids[2], "2026-01-02T00:00:00.000Z"],
    ]);
    expect(first.json.data[0].phone).toBe("+34611111111");
    const second = await call(`/api/v1/contact-lists/${list.id}/members?limit=2&offset=2`, { key: t.key });
    expect(second.json).toMatchObject({ limit: 2, offset: 2 });
    expect(second.json.data.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
  });

  it.each([
    [{ contact_ids: [] }, "body.contact_ids"],
    [{ contact_ids: "abc" }, "body.contact_ids"],
    [{ contact_ids: [""] }, "body.contact_ids.0"],
    [{ contact_ids: Array.from({ length: 1001 }, (_, i) => `id-${i}`) }, "body.contact_ids"],
    [{}, "body.contact_ids"],
  ])("add and remove answer 400 validation_error (case %#)", async (body, path) => {
    const t = await tenant();
    const list = await createList(t.key);
    for (const method of ["POST", "DELETE"]) {
      const response = await call(`/api/v1/contact-lists/${list.id}/members`, { key: t.key, method, body });
      expect(response.status).toBe(400);
      expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
  });

  it("handles 1,000 ids in one call within D1's bound-parameter limit", async () => {
    const t = await tenant();
    const list = await createList(t.key);
    const imported = await call("/api/v1/contacts/import", {
      key: t.key,
      body: { contacts: Array.from({ length: 1000 }, (_, i) => ({ phone: `+3461${String(i).padStart(7, "0")}` })) },
    });
    const ids = imported.json.created_contacts.map((c: { id: string }) => c.id);
    expect((await addMembers(t.key, list.id, ids)).json).toEqual({ added: 1000, already_members: 0, not_found: [] });
    expect((await call(`/api/v1/contact-lists/${list.id}`, { key: t.key })).json.member_count).toBe(1000);
    expect((await removeMembers(t.key, list.id, ids)).json).toEqual({ removed: 1000, not_members: [] });
  });
});

describe("seed", () => {
  it("fills lists with the company's own seeded contacts only", async () => {
    const { seededRandom } = await import("../../lib/random");
    const { seedContactDomain } = await import("../contacts/seed");
    const { seedContactListDomain } = await import("./seed");
    const t = await tenant();
    const other = await tenant({ defaultRegion: "GB" });
    const random = seededRandom(7);
    const now = Date.parse("2026-06-01T00:00:00.000Z");
    expect(await seedContactDomain(db, t.companyId, random, now)).toEqual({ contacts: 40 });
    expect(await seedContactDomain(db, other.companyId, random, now)).toEqual({ contacts: 8 });
    const seeded = await seedContactListDomain(db, t.companyId, random, now);
    expect(seeded.contact_lists).toBe(4);
    const members = await db
      .select()
      .from(contactListMembers)
      .where(eq(contactListMembers.companyId, t.companyId))
      .all();
    expect(members).toHaveLength(seeded.contact_list_members!);
    const own = new Set(
      (await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.companyId, t.companyId))).map((c) => c.id),
    );
    expect(members.every((m) => own.has(m.contactId))).toBe(true);
    const theirPhones = await db
      .select({ phone: contacts.phone })
      .from(contacts)
      .where(eq(contacts.companyId, other.companyId));
    expect(theirPhones.every((c) => c.phone?.startsWith("+447"))).toBe(true);
    const page = await call("/api/v1/contacts?limit=100", { key: t.key });
    expect(page.json.data).toHaveLength(40);
  });
});
