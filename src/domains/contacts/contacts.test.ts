import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../core/db/schema";
import { contacts } from "./schema";

const WRITE_OFF = { vars: { PUBLIC_API_WRITE_ENABLED: "false" } };
const readOnly = ["contacts:read"];
const writeOnly = ["contacts:write"];

async function create(key: string, body: Record<string, unknown>) {
  const response = await call("/api/v1/contacts", { key, body });
  expect(response.status).toBe(201);
  return response.json as { id: string; [field: string]: unknown };
}

/** Rows with chosen timestamps, so that order assertions are exact. */
async function insertContacts(companyId: string, rows: { id: string; createdAt: string; phone: string }[]) {
  await db.insert(contacts).values(
    rows.map((row) => ({ ...row, companyId, tags: [], customFields: {}, source: "seed" as const, updatedAt: row.createdAt })),
  );
}

describe("POST /api/v1/contacts", () => {
  it("creates a contact with the phone in E.164 from the company's region and the email in lower case", async () => {
    const t = await tenant();
    const response = await call("/api/v1/contacts", {
      key: t.key,
      body: {
        first_name: "Lucía",
        last_name: "García",
        phone: "612 345 678",
        email: "Lucia.Garcia@Example.com",
        company: "García Interiores SL",
        tags: ["vip", "madrid", "vip"],
        notes: "Prefers WhatsApp",
        custom_fields: { budget_eur: 12000, newsletter: true, source_campaign: "spring" },
      },
    });
    expect(response.status).toBe(201);
    const { id, created_at, updated_at, ...rest } = response.json;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(updated_at).toBe(created_at);
    expect(rest).toEqual({
      name: "Lucía García",
      first_name: "Lucía",
      last_name: "García",
      phone: "+34612345678",
      email: "lucia.garcia@example.com",
      company: "García Interiores SL",
      tags: ["vip", "madrid"],
      notes: "Prefers WhatsApp",
      custom_fields: { budget_eur: 12000, newsletter: true, source_campaign: "spring" },
      source: "api",
    });
    const stored = await db.select().from(contacts).where(eq(contacts.id, id)).get();
    expect(stored?.companyId).toBe(t.companyId);
    expect(stored?.phone).toBe("+34612345678");
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.resourceId, id))).all();
    expect(audit.map((entry) => [entry.operation, entry.resourceType])).toEqual([["createContact", "contact"]]);
  });

  it("reads a national number in the company's own default region", async () => {
    const t = await tenant({ defaultRegion: "GB" });
    const contact = await create(t.key, { phone: "020 7946 0958" });
    expect(contact.phone).toBe("+442079460958");
    expect(contact.name).toBeNull();
    expect(contact.email).toBeNull();
  });

  it("accepts an email without a phone", async () => {
    const t = await tenant();
    const contact = await create(t.key, { email: "only@example.com" });
    expect([contact.phone, contact.email]).toEqual([null, "only@example.com"]);
  });

  it.each([
    [{}, "body.phone", "A contact needs a phone or an email."],
    [{ email: "a@example.com", notes: "n".repeat(10_000), custom_fields: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, "é".repeat(500)])) }, "body", null],
    [{ phone: "not a phone" }, "body.phone", null],
    [{ phone: "123" }, "body.phone", null],
    [{ email: "nope" }, "body.email", null],
    [{ email: "a@example.com", tags: ["x".repeat(51)] }, "body.tags.0", null],
    [{ email: "a@example.com", tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, "body.tags", null],
    [{ email: "a@example.com", custom_fields: { "bad key": 1 } }, "body.custom_fields.bad key", null],
    [{ email: "a@example.com", custom_fields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])) }, "body.custom_fields", "At most 50 custom fields."],
    [{ email: "a@example.com", custom_fields: { nested: { a: 1 } } }, "body.custom_fields.nested", null],
    [{ email: "a@example.com", first_name: "" }, "body.first_name", null],
    [{ email: "a@example.com", notes: "n".repeat(10_001) }, "body.notes", null],
  ])("answers 400 validation_error (case %#)", async (body, path, message) => {
    const t = await tenant();
    const response = await call("/api/v1/contacts", { key: t.key, body });
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    if (message) expect(response.json.errors[0].message).toBe(message);
    expect(await db.select().from(contacts).where(eq(contacts.companyId, t.companyId)).all()).toEqual([]);
  });

  it("answers 409 conflict naming the contact that has the phone, in any notation", async () => {
    const t = await tenant();
    const first = await create(t.key, { phone: "+34612345678" });
    const response = await call("/api/v1/contacts", { key: t.key, body: { phone: "612-34-56-78", email: "new@example.com" } });
    expect(response.status).toBe(409);
    expect(slug(response.json)).toBe("conflict");
    expect(response.json.existing_contact_id).toBe(first.id);
    expect(response.json.conflicting_field).toBe("phone");
    expect(response.json.detail).toContain(first.id);
    expect(await db.select().from(contacts).where(eq(contacts.companyId, t.companyId)).all()).toHaveLength(1);
  });

  it("answers 409 conflict for the same email in another case", async () => {
    const t = await tenant();
    const first = await create(t.key, { email: "ana@example.com" });
    const response = await call("/api/v1/contacts", { key: t.key, body: { email: "ANA@example.com", phone: "+34699000111" } });
    expect(response.status).toBe(409);
    expect(response.json.existing_contact_id).toBe(first.id);
    expect(response.json.conflicting_field).toBe("email");
  });

  it("lets another company hold the same phone and email", async () => {
    const a = await tenant();
    const b = await tenant();
    const first = await create(a.key, { phone: "+34612345678", email: "same@example.com" });
    const second = await create(b.key, { phone: "+34612345678", email: "same@example.com" });
    expect(second.id).not.toBe(first.id);
  });

  it("answers 403 insufficient_scope without contacts:write", async () => {
    const t = await tenant({}, readOnly);
    const response = await call("/api/v1/contacts", { key: t.key, body: { phone: "+34612345678" } });
    expect(response.status).toBe(403);
    expect(slug(response.json)).toBe("insufficient_scope");
    expect(response.json.required_scope).toBe("contacts:write");
  });

  it("answers 404 while the write switch is off", async () => {
    const t = await tenant();
    const response = await call("/api/v1/contacts", { key: t.key, body: { phone: "+34612345678" }, ...WRITE_OFF });
    expect(response.status).toBe(404);
    expect(slug(response.json)).toBe("not_found");
  });

  it("answers 401 without a key", async () => {
    const response = await call("/api/v1/contacts", { body: { phone: "+34612345678" } });
    expect(response.status).toBe(401);
  });
});

describe("GET /api/v1/contacts", () => {
  it("pages newest first, ties broken by id descending, and shows only the caller's company", async () => {
    const t = await tenant();
    const other = await tenant();
    const ids = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000003", "00000000-0000-4000-8000-000000000004"];
    await insertContacts(t.companyId, [
      { id: ids[0]!, createdAt: "2026-01-01T10:00:00.000Z", phone: "+34600000001" },
      { id: ids[1]!, createdAt: "2026-01-02T10:00:00.000Z", phone: "+34600000002" },
      { id: ids[2]!, createdAt: "2026-01-02T10:00:00.000Z", phone: "+34600000003" },
      { id: ids[3]!, createdAt: "2026-01-03T10:00:00.000Z", phone: "+34600000004" },
    ]);
    await insertContacts(other.companyId, [{ id: "00000000-0000-4000-8000-000000000009", createdAt: "2026-02-01T00:00:00.000Z", phone: "+34600000001" }]);

    const first = await call("/api/v1/contacts?limit=2", { key: t.key });
    expect(first.status).toBe(200);
    expect(first.json.limit).toBe(2);
    expect(first.json.offset).toBe(0);
    expect(first.json.data.map((c: { id: string }) => c.id)).toEqual([ids[3], ids[2]]);
    const second = await call("/api/v1/contacts?limit=2&offset=2", { key: t.key });
    expect(second.json.data.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[0]]);
    expect(second.json.offset).toBe(2);
    const past = await call("/api/v1/contacts?offset=10", { key: t.key });
    expect(past.json).toEqual({ data: [], limit: 50, offset: 10 });
  });

  it("clamps limit and offset and falls back to defaults for non-numbers", async () => {
    const t = await tenant();
    expect((await call("/api/v1/contacts?limit=500&offset=-3", { key: t.key })).json).toEqual({ data: [], limit: 100, offset: 0 });
    expect((await call("/api/v1/contacts?limit=0", { key: t.key })).json.limit).toBe(1);
    expect((await call("/api/v1/contacts?limit=abc&offset=xyz", { key: t.key })).json).toEqual({ data: [], limit: 50, offset: 0 });
  });

  it("filters by phone in any notation, by email in any case and by tag", async () => {
    const t = await tenant();
    const lucia = await create(t.key, { phone: "+34612345678", email: "lucia@example.com", tags: ["vip"] });
    const mateo = await create(t.key, { phone: "+34699111222", tags: ["lead", "vip"] });
    await create(t.key, { phone: "+34699111333", tags: ["lead"] });
    const ids = async (query: string) => (await call(`/api/v1/contacts?${query}`, { key: t.key })).json.data.map((c: { id: string }) => c.id);
    expect(await ids(`phone=${encodeURIComponent("612 34 56 78")}`)).toEqual([lucia.id]);
    expect(await ids("email=LUCIA%40example.com")).toEqual([lucia.id]);
    expect((await ids("tag=vip")).sort()).toEqual([lucia.id, mateo.id].sort());
    expect(await ids("tag=none")).toEqual([]);
  });

  it.each([
    ["phone=abc", "query.phone"],
    ["email=not-an-email", "query.email"],
  ])("answers 400 validation_error for %s", async (query, path) => {
    const t = await tenant();
    const response = await call(`/api/v1/contacts?${query}`, { key: t.key });
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });

  it("answers 403 insufficient_scope without contacts:read", async () => {
    const t = await tenant({}, writeOnly);
    const response = await call("/api/v1/contacts", { key: t.key });
    expect(response.status).toBe(403);
    expect(slug(response.json)).toBe("insufficient_scope");
  });

  it("is served while the write switch is off (gate A)", async () => {
    const t = await tenant();
    expect((await call("/api/v1/contacts", { key: t.key, ...WRITE_OFF })).status).toBe(200);
  });
});

describe("GET /api/v1/contacts/{contact_id}", () => {
  it("shows the company's contact", async () => {
    const t = await tenant();
    const created = await create(t.key, { phone: "+34612345678", first_name: "Ana" });
    const response = await call(`/api/v1/contacts/${created.id}`, { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(created);
  });

  it("answers 404 for another company's contact exactly as for a missing id", async () => {
    const a = await tenant();
    const b = await tenant();
    const theirs = await create(b.key, { phone: "+34612345678" });
    const foreign = await call(`/api/v1/contacts/${theirs.id}`, { key: a.key });
    const missing = await call("/api/v1/contacts/00000000-0000-4000-8000-000000000000", { key: a.key });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(slug(foreign.json)).toBe("not_found");
    expect(foreign.json.detail).toBe(missing.json.detail);
  });

  it("answers 403 insufficient_scope without contacts:read", async () => {
    const t = await tenant({}, writeOnly);
    expect(slug((await call("/api/v1/contacts/x", { key: t.key })).json)).toBe("insufficient_scope");
  });
});

describe("PATCH /api/v1/contacts/{contact_id}", () => {
  const patch = (key: string, id: string, body: unknown, extra = {}) => call(`/api/v1/contacts/${id}`, { key, method: "PATCH", body, ...extra });

  it("changes the fields sent, clears nulls, replaces tags and merges custom fields", async () => {
    const t = await tenant();
    const created = await create(t.key, {
      first_name: "Ana",
      last_name: "López",
      phone: "+34612345678",
      email: "ana@example.com",
      company: "Old SL",
      tags: ["a", "b"],
      custom_fields: { keep: "yes", drop: 1 },
    });
    const response = await patch(t.key, created.id, {
      last_name: null,
      phone: "699 111 222",
      company: "New SL",
      tags: ["c"],
      custom_fields: { drop: null, added: false },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: created.id,
      name: "Ana",
      first_name: "Ana",
      last_name: null,
      phone: "+34699111222",
      email: "ana@example.com",
      company: "New SL",
      tags: ["c"],
      custom_fields: { keep: "yes", added: false },
      source: "api",
      created_at: created.created_at,
    });
    expect(response.json.updated_at >= (created.updated_at as string)).toBe(true);
    expect((await call(`/api/v1/contacts/${created.id}`, { key: t.key })).json).toEqual(response.json);
  });

  it("keeps its own phone without a conflict", async () => {
    const t = await tenant();
    const created = await create(t.key, { phone: "+34612345678" });
    const response = await patch(t.key, created.id, { phone: "612345678", notes: "same phone" });
    expect(response.status).toBe(200);
    expect(response.json.notes).toBe("same phone");
  });

  it("answers 409 conflict when taking another contact's phone or email", async () => {
    const t = await tenant();
    const holder = await create(t.key, { phone: "+34612345678", email: "holder@example.com" });
    const other = await create(t.key, { phone: "+34699111222" });
    const byPhone = await patch(t.key, other.id, { phone: "+34 612 345 678" });
    expect(byPhone.status).toBe(409);
    expect(byPhone.json.existing_contact_id).toBe(holder.id);
    const byEmail = await patch(t.key, other.id, { email: "Holder@Example.com" });
    expect(byEmail.status).toBe(409);
    expect(byEmail.json.existing_contact_id).toBe(holder.id);
    expect((await call(`/api/v1/contacts/${other.id}`, { key: t.key })).json.phone).toBe("+34699111222");
  });

  it.each([
    [{}, "body"],
    [{ phone: "abc" }, "body.phone"],
    [{ email: "bad" }, "body.email"],
    [{ phone: null }, "body.phone"],
  ])("answers 400 validation_error for %j", async (body, path) => {
    const t = await tenant();
    const created = await create(t.key, { phone: "+34612345678" });
    const response = await patch(t.key, created.id, body);
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });

  it("answers 404 for another company's contact", async () => {
    const a = await tenant();
    const b = await tenant();
    const theirs = await create(b.key, { phone: "+34612345678" });
    const response = await patch(a.key, theirs.id, { notes: "hijack" });
    expect(response.status).toBe(404);
    expect((await call(`/api/v1/contacts/${theirs.id}`, { key: b.key })).json.notes).toBeNull();
  });

  it("answers 403 insufficient_scope and 404 with the write switch off", async () => {
    const t = await tenant();
    const created = await create(t.key, { phone: "+34612345678" });
    const readKey = (await tenant({}, readOnly)).key;
    expect(slug((await patch(readKey, created.id, { notes: "x" })).json)).toBe("insufficient_scope");
    const off = await patch(t.key, created.id, { notes: "x" }, WRITE_OFF);
    expect(off.status).toBe(404);
  });
});

describe("POST /api/v1/contacts/identify", () => {
  it("creates the contact on the first call and finds it on the next, whatever the notation", async () => {
    const t = await tenant();
    const first = await call("/api/v1/contacts/identify", { key: t.key, body: { phone: "612 345 678", first_name: "Caller" } });
    expect(first.status).toBe(200);
    expect(first.json.created).toBe(true);
    expect(first.json.contact).toMatchObject({ phone: "+34612345678", first_name: "Caller", source: "identify", email: null });
    const second = await call("/api/v1/contacts/identify", { key: t.key, body: { phone: "+34 612-345-678", first_name: "Ignored" } });
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ contact: first.json.contact, created: false });
  });

  it("finds a contact created through POST /contacts", async () => {
    const t = await tenant();
    const created = await create(t.key, { phone: "+34612345678", email: "x@example.com" });
    const response = await call("/api/v1/contacts/identify", { key: t.key, body: { phone: "612345678" } });
    expect(response.json.created).toBe(false);
    expect(response.json.contact.id).toBe(created.id);
  });

  it("never finds another company's contact", async () => {
    const a = await tenant();
    const b = await tenant();
    const theirs = await create(b.key, { phone: "+34612345678" });
    const response = await call("/api/v1/contacts/identify", { key: a.key, body: { phone: "+34612345678" } });
    expect(response.json.created).toBe(true);
    expect(response.json.contact.id).not.toBe(theirs.id);
  });

  it("is served while the write switch is off (gate A)", async () => {
    const t = await tenant();
    const response = await call("/api/v1/contacts/identify", { key: t.key, body: { phone: "+34612345678" }, ...WRITE_OFF });
    expect(response.status).toBe(200);
  });

  it.each([
    [{}, "body.phone"],
    [{ phone: "hello" }, "body.phone"],
    [{ phone: 612345678 }, "body.phone"],
  ])("answers 400 validation_error for %j", async (body, path) => {
    const t = await tenant();
    const response = await call("/api/v1/contacts/identify", { key: t.key, body });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });

  it("answers 403 insufficient_scope without contacts:write", async () => {
    const t = await tenant({}, readOnly);
    expect(slug((await call("/api/v1/contacts/identify", { key: t.key, body: { phone: "+34612345678" } })).json)).toBe("insufficient_scope");
  });
});

describe("POST /api/v1/contacts/import", () => {
  const importRows = (key: string, rows: unknown[], extra = {}) => call("/api/v1/contacts/import", { key, body: { contacts: rows }, ...extra });

  it("stores the valid rows, skips duplicates and rejects invalid rows with their index and reason", async () => {
    const t = await tenant();
    const existing = await create(t.key, { phone: "+34600000009", email: "existing@example.com" });
    const response = await importRows(t.key, [
      { first_name: "Ana", phone: "600 000 001" }, // 0 created
      { first_name: "Bad", email: "not-an-email" }, // 1 rejected
      { phone: "+34 600 000 001" }, // 2 duplicate of row 0
      { email: "EXISTING@example.com" }, // 3 duplicate of an existing contact
      { phone: "abc" }, // 4 rejected: unreadable phone
      "not an object", // 5 rejected
      { email: "new@example.com", tags: ["imported"] }, // 6 created
      { notes: "no phone or email" }, // 7 rejected
    ]);
    expect(response.status).toBe(201);
    const body = response.json;
    expect([body.created, body.skipped, body.rejected]).toEqual([2, 2, 4]);
    expect(body.created_contacts.map((c: { index: number }) => c.index)).toEqual([0, 6]);
    expect(body.skipped_rows).toEqual([
      { index: 2, reason: "duplicate_in_import", existing_contact_id: null, duplicate_of_index: 0 },
      { index: 3, reason: "duplicate_of_existing", existing_contact_id: existing.id, duplicate_of_index: null },
    ]);
    expect(body.rejected_rows.map((r: { index: number; errors: { path: string }[] }) => [r.index, r.errors.map((e) => e.path)])).toEqual([
      [1, ["email"]],
      [4, ["phone"]],
      [5, ["(row)"]],
      [7, ["phone"]],
    ]);
    expect(body.rejected_rows[3].reason).toBe("phone: A contact needs a phone or an email.");
    const stored = await db.select().from(contacts).where(eq(contacts.companyId, t.companyId)).all();
    expect(stored.map((c) => c.phone ?? c.email).sort()).toEqual(["+34600000001", "+34600000009", "new@example.com"]);
    const ana = stored.find((c) => c.phone === "+34600000001");
    expect(ana).toMatchObject({ firstName: "Ana", source: "import", id: body.created_contacts[0].id });
  });

  it("imports 1,000 rows in one request, within D1's bound-parameter limit", async () => {
    const t = await tenant();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      first_name: `Person ${i}`,
      phone: `+3461${String(i).padStart(7, "0")}`,
      email: `person${i}@example.com`,
      company: "Bulk SL",
      tags: ["bulk"],
      notes: "imported",
      custom_fields: { row: i },
    }));
    const response = await importRows(t.key, rows);
    expect(response.status).toBe(201);
    expect([response.json.created, response.json.skipped, response.json.rejected]).toEqual([1000, 0, 0]);
    const stored = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.companyId, t.companyId)).all();
    expect(stored).toHaveLength(1000);
    const again = await importRows(t.key, rows.slice(0, 10));
    expect([again.json.created, again.json.skipped]).toEqual([0, 10]);
  });

  it("answers 201 with zero created when every row is rejected", async () => {
    const t = await tenant();
    const response = await importRows(t.key, [{ phone: "x" }]);
    expect(response.status).toBe(201);
    expect([response.json.created, response.json.rejected]).toEqual([0, 1]);
  });

  it.each([
    [{ contacts: [] }, "body.contacts"],
    [{ contacts: Array.from({ length: 1001 }, () => ({ phone: "+34612345678" })) }, "body.contacts"],
    [{}, "body.contacts"],
  ])("answers 400 validation_error for a bad envelope (%#)", async (body, path) => {
    const t = await tenant();
    const response = await call("/api/v1/contacts/import", { key: t.key, body });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });

  it("answers 403 insufficient_scope and 404 with the write switch off", async () => {
    const readKey = (await tenant({}, readOnly)).key;
    expect(slug((await importRows(readKey, [{ phone: "+34612345678" }])).json)).toBe("insufficient_scope");
    const t = await tenant();
    expect((await importRows(t.key, [{ phone: "+34612345678" }], WRITE_OFF)).status).toBe(404);
  });
});
