import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { contacts } from "./schema";

// Authentication, scopes, gates and other companies' ids: test/security.test.ts (generated for every operation).

async function create(key: string, body: Record<string, unknown>) {
  const response = await call("/api/v1/contacts", { key, body });
  expect(response.status).toBe(201);
  return response.json as { id: string; [field: string]: unknown };
}

/** Rows with chosen timestamps, so that order assertions are exact. */
async function insertContacts(companyId: string, rows: { id: string; createdAt: string; phone: string }[]) {
  await db.insert(contacts).values(
    rows.map((row) => ({
      ...row,
      companyId,
      tags: [],
      customFields: {},
      source: "seed" as const,
      updatedAt: row.createdAt,
    })),
  );
}

describe("GET /api/v1/contacts", () => {
  it("pages newest first, ties broken by id descending, and shows only the caller's company", async () => {
    const t = await tenant();
    const other = await tenant();
    const ids = [
      "00000000-0000-4000-8000-000000000001",
      "00000000-0000-4000-8000-000000000002",
      "00000000-0000-4000-8000-000000000003",
      "00000000-0000-4000-8000-000000000004",
    ];
    await insertContacts(t.companyId, [
      { id: ids[0]!, createdAt: "2026-01-01T10:00:00.000Z", phone: "+34600000001" },
      { id: ids[1]!, createdAt: "2026-01-02T10:00:00.000Z", phone: "+34600000002" },
      { id: ids[2]!, createdAt: "2026-01-02T10:00:00.000Z", phone: "+34600000003" },
      { id: ids[3]!, createdAt: "2026-01-03T10:00:00.000Z", phone: "+34600000004" },
    ]);
    await insertContacts(other.companyId, [
      { id: "00000000-0000-4000-8000-000000000009", createdAt: "2026-02-01T00:00:00.000Z", phone: "+34600000001" },
    ]);

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
    expect((await call("/api/v1/contacts?limit=500&offset=-3", { key: t.key })).json).toEqual({
      data: [],
      limit: 100,
      offset: 0,
    });
    expect((await call("/api/v1/contacts?limit=0", { key: t.key })).json.limit).toBe(1);
    expect((await call("/api/v1/contacts?limit=abc&offset=xyz", { key: t.key })).json).toEqual({
      data: [],
      limit: 50,
      offset: 0,
    });
  });

  it("filters by phone in any notation, by email in any case and by tag", async () => {
    const t = await tenant();
    const lucia = await create(t.key, { phone: "+34612345678", email: "lucia@example.com", tags: ["vip"] });
    const mateo = await create(t.key, { phone: "+34699111222", tags: ["lead", "vip"] });
    await create(t.key, { phone: "+34699111333", tags: ["lead"] });
    const ids = async (query: string) =>
      (await call(`/api/v1/contacts?${query}`, { key: t.key })).json.data.map((c: { id: string }) => c.id);
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
});

describe("GET /api/v1/contacts/{contact_id}", () => {
  it("shows the company's contact", async () => {
    const t = await tenant();
    const created = await create(t.key, { phone: "+34612345678", first_name: "Ana" });
    const response = await call(`/api/v1/contacts/${created.id}`, { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(created);
  });
});
