import { describe, expect, it } from "vitest";
import { call, slug, tenant } from "../../../test/helpers";

// Authentication, scopes, gates and other companies' ids: test/security.test.ts (generated for every operation).

async function create(key: string, body: Record<string, unknown>) {
  const response = await call("/api/v1/contacts", { key, body });
  expect(response.status).toBe(201);
  return response.json as { id: string; [field: string]: unknown };
}

describe("PATCH /api/v1/contacts/{contact_id}", () => {
  const patch = (key: string, id: string, body: unknown, extra = {}) =>
    call(`/api/v1/contacts/${id}`, { key, method: "PATCH", body, ...extra });

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
});
