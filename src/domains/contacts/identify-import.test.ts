import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { contacts } from "./schema";

// Authentication, scopes, gates and other companies' ids: test/security.test.ts (generated for every operation).

async function create(key: string, body: Record<string, unknown>) {
  const response = await call("/api/v1/contacts", { key, body });
  expect(response.status).toBe(201);
  return response.json as { id: string; [field: string]: unknown };
}

describe("POST /api/v1/contacts/identify", () => {
  it("creates the contact on the first call and finds it on the next, whatever the notation", async () => {
    const t = await tenant();
    const first = await call("/api/v1/contacts/identify", {
      key: t.key,
      body: { phone: "612 345 678", first_name: "Caller" },
    });
    expect(first.status).toBe(200);
    expect(first.json.created).toBe(true);
    expect(first.json.contact).toMatchObject({
      phone: "+34612345678",
      first_name: "Caller",
      source: "identify",
      email: null,
    });
    const second = await call("/api/v1/contacts/identify", {
      key: t.key,
      body: { phone: "+34 612-345-678", first_name: "Ignored" },
    });
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
});

describe("POST /api/v1/contacts/import", () => {
  const importRows = (key: string, rows: unknown[], extra = {}) =>
    call("/api/v1/contacts/import", { key, body: { contacts: rows }, ...extra });

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
    expect(
      body.rejected_rows.map((r: { index: number; errors: { path: string }[] }) => [
        r.index,
        r.errors.map((e) => e.path),
      ]),
    ).toEqual([
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
});
