import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { contacts } from "./schema";

// Authentication, scopes, gates and other companies' ids: test/security.test.ts (generated for every operation).

async function create(key: string, body: Record<string, unknown>) {
  const response = await call("/api/v1/contacts", { key, body });
  expect(response.status).toBe(201);
  return response.json as { id: string; [field: string]: unknown };
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
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.resourceId, id)))
      .all();
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
    [
      {
        email: "a@example.com",
        notes: "n".repeat(10_000),
        custom_fields: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, "é".repeat(500)])),
      },
      "body",
      null,
    ],
    [{ phone: "not a phone" }, "body.phone", null],
    [{ phone: "123" }, "body.phone", null],
    [{ email: "nope" }, "body.email", null],
    [{ email: "a@example.com", tags: ["x".repeat(51)] }, "body.tags.0", null],
    [{ email: "a@example.com", tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, "body.tags", null],
    [{ email: "a@example.com", custom_fields: { "bad key": 1 } }, "body.custom_fields.bad key", null],
    [
      { email: "a@example.com", custom_fields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])) },
      "body.custom_fields",
      "At most 50 custom fields.",
    ],
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
    const response = await call("/api/v1/contacts", {
      key: t.key,
      body: { phone: "612-34-56-78", email: "new@example.com" },
    });
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
    const response = await call("/api/v1/contacts", {
      key: t.key,
      body: { email: "ANA@example.com", phone: "+34699000111" },
    });
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
});
