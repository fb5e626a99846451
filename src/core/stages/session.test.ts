import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { BOOKMARK_PATTERN, requestDb } from "../../data/session";
import { auditLog } from "../../data/schema";
import type { Caller } from "../../keys/caller";
import { call, tenant } from "../../../test/helpers";
import { flowOf } from "../../../test/fixtures/stages";
import { session, sessionStart } from "./session";
import type { Answer } from "./stage";

const BOOKMARK = "00000000-0000001d-00000000-0123456789abcdef0123456789abcdef";
const company = (store: number, movedFrom: number | null = null) => ({ store, movedFrom }) as Caller["company"];

describe("where the request's session starts", () => {
  it("after the client's bookmark, or unconstrained for a read and at the primary for a write without one", () => {
    expect(sessionStart(undefined, company(0), false)).toEqual({ write: false, bookmark: undefined });
    expect(sessionStart(undefined, company(0), true)).toEqual({ write: true, bookmark: undefined });
    expect(sessionStart(BOOKMARK, company(0), false)).toEqual({ write: false, bookmark: BOOKMARK });
    expect(sessionStart(`s2.${BOOKMARK}`, company(2), false)).toEqual({ write: false, bookmark: `s2.${BOOKMARK}` });
  });

  it("at the primary, the bookmark dropped, when the bookmark is of the store the company's last move left", () => {
    expect(sessionStart(BOOKMARK, company(1, 0), false)).toEqual({ write: true, bookmark: undefined });
    // Of any other store, it is kept, for the placement stage to refuse.
    expect(sessionStart(`s3.${BOOKMARK}`, company(1, 0), false)).toEqual({ write: false, bookmark: `s3.${BOOKMARK}` });
  });
});

describe("the session stage", () => {
  it("runs the stages after it in the company's D1 session, and tells them the bookmark it reached", async () => {
    const t = await tenant();
    const flow = flowOf({ method: "get" }, {}, env);
    const [row] = await env.DB.prepare("SELECT store FROM companies WHERE id = ?")
      .bind(t.companyId)
      .all<{ store: number }>()
      .then((result) => result.results);
    flow.request = {
      input: undefined,
      invalid: undefined,
      idempotencyKey: undefined,
      bookmark: undefined,
      claim: undefined,
    };
    flow.admitted = {
      caller: { company: { id: t.companyId, store: row!.store } } as Caller,
      input: {} as never,
      guard: {} as never,
      idempotency: undefined,
    };
    const next = vi.fn(async (): Promise<Answer> => {
      // A query of the company's own data (a tenant table), in the session the stage opened.
      await requestDb.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.companyId, t.companyId)).limit(1);
      return { status: 200, headers: {}, body: String(flow.session.latestBookmark()) };
    });
    const answer = await session(flow, next);
    expect(next).toHaveBeenCalledOnce();
    expect(answer.body).toMatch(BOOKMARK_PATTERN);
    expect(flow.session.bookmark).toBeUndefined();
  });

  it("gives every answer the bookmark it reached, which the client may send back", async () => {
    const t = await tenant();
    const written = await call("/api/v1/budgets", {
      key: t.key,
      body: { client_name: "Ana", items: [{ concept: "Work", units: 1, unit_price: 10 }] },
    });
    expect(written.status).toBe(201);
    const bookmark = written.headers.get("X-D1-Bookmark")!;
    expect(bookmark).toMatch(BOOKMARK_PATTERN);
    const read = await call("/api/v1/budgets", { key: t.key, headers: { "X-D1-Bookmark": bookmark } });
    expect(read.status).toBe(200);
    expect(read.json.data.map((budget: { client_name: string }) => budget.client_name)).toEqual(["Ana"]);
    expect(read.headers.get("X-D1-Bookmark")).toMatch(BOOKMARK_PATTERN);
  });
});
