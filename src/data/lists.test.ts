import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant, testApp } from "../../test/helpers";
import { contacts } from "../domains/contacts/schema";
import { defineOperation } from "../core/operation";
import { CursorPageQuery, cursorEnvelope } from "../lib/pagination";
import { cursorList } from "./lists";

/** Contacts of the caller's company through the cursor helper, as the conversation lists will use it. */
const listByCursor = (list: string) =>
  defineOperation({
    operationId: `cursorContacts_${list}`,
    method: "get",
    path: `/api/v1/test/${list}`,
    summary: "Cursor list",
    scope: "contacts:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: CursorPageQuery },
    responses: {
      200: { description: "A page", schema: cursorEnvelope(z.object({ id: z.string() }), `CursorPage_${list}`) },
    },
    handler: async ({ db, caller, query }) => {
      const select = db.select({ id: contacts.id, createdAt: contacts.createdAt }).from(contacts).$dynamic();
      const body = await cursorList(
        select,
        { company: contacts.companyId, at: contacts.createdAt, id: contacts.id },
        caller.company.id,
        query,
        {
          list,
          position: (row) => ({ at: row.createdAt, id: row.id }),
          map: (row) => ({ id: row.id }),
        },
      );
      return { status: 200, body };
    },
  });
const app = testApp([listByCursor("a"), listByCursor("b")]);

/** `count` contacts, two of them at every instant, so that pages must break ties by id. */
async function seed(companyId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    companyId,
    email: `c${i}@example.com`,
    tags: [],
    customFields: {},
    source: "seed" as const,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 2))).toISOString(),
    updatedAt: "2026-01-01T00:00:00.000Z",
  }));
  await db.insert(contacts).values(rows);
  return rows;
}

describe("cursor lists", () => {
  it("walks every row once, newest first, reading one extra row to tell has_more", async () => {
    const t = await tenant();
    const rows = await seed(t.companyId, 7);
    await seed((await tenant()).companyId, 3);
    const seen: string[] = [];
    let cursor: string | undefined;
    const pages: { has_more: boolean; next_cursor: string | null }[] = [];
    do {
      const response = await call(`/api/v1/test/a?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
        key: t.key,
        app,
      });
      expect(response.status).toBe(200);
      seen.push(...response.json.data.map((row: { id: string }) => row.id));
      pages.push(response.json.page);
      cursor = response.json.page.next_cursor ?? undefined;
    } while (cursor);
    expect(pages.map((page) => page.has_more)).toEqual([true, true, false]);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    const expected = [...rows].sort((a, b) =>
      a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt),
    );
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  it("refuses with 400 a cursor edited by hand, from another list, or from another company", async () => {
    const t = await tenant();
    await seed(t.companyId, 4);
    const first = await call("/api/v1/test/a?limit=2", { key: t.key, app });
    const cursor = first.json.page.next_cursor as string;
    const [payload, sum] = cursor.split(".");
    const edited = `${payload!.slice(0, -2)}AA.${sum}`;
    const other = await tenant();
    for (const [path, key] of [
      [`/api/v1/test/a?cursor=${encodeURIComponent(edited)}`, t.key],
      ["/api/v1/test/a?cursor=not-a-cursor", t.key],
      [`/api/v1/test/b?cursor=${encodeURIComponent(cursor)}`, t.key],
      [`/api/v1/test/a?cursor=${encodeURIComponent(cursor)}`, other.key],
    ] as const) {
      const response = await call(path, { key, app });
      expect(response.status, path).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
      expect(response.json.errors[0].path).toBe("query.cursor");
    }
  });
});
