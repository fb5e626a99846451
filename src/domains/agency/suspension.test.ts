import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statusCounts } from "../../../test/concurrency";
import { db, slug } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { agency, childOf, get, keyFor, send } from "../../../test/fixtures/agency";

const setStatus = (key: string, id: string, status: string, idempotencyKey?: string) =>
  send("PATCH", `/api/v1/agency/subaccounts/${id}`, key, { status }, idempotencyKey);

describe("PATCH /api/v1/agency/subaccounts/{subaccount_id}", () => {
  it("suspends: the subaccount's keys answer 401 at once, until the agency activates it again", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const secondKey = await keyFor(client.companyId);
    expect((await get("/api/v1/contacts", client.key)).status).toBe(200);

    const suspended = await setStatus(a.key, client.companyId, "suspended");
    expect(suspended.status).toBe(200);
    expect(suspended.json).toMatchObject({ id: client.companyId, status: "suspended", agency_id: a.companyId });
    for (const key of [client.key, secondKey.key]) {
      const refused = await get("/api/v1/contacts", key);
      expect(refused.status).toBe(401);
      expect(slug(refused.json)).toBe("unauthorized");
      expect(refused.headers.get("WWW-Authenticate")).toContain("Bearer");
      expect(refused.json.detail).toContain("suspended");
    }
    // The agency still reads it, as suspended.
    expect((await get(`/api/v1/subaccounts/${client.companyId}`, a.key)).json.status).toBe("suspended");
    // A key created while suspended is locked out too.
    expect((await get("/api/v1/contacts", (await keyFor(client.companyId)).key)).status).toBe(401);

    const active = await setStatus(a.key, client.companyId, "active");
    expect(active.status).toBe(200);
    expect(active.json.status).toBe("active");
    expect((await get("/api/v1/contacts", client.key)).status).toBe(200);
    expect((await get("/api/v1/contacts", secondKey.key)).status).toBe(200);
  });

  it("the state the subaccount already has is 409, and writes nothing", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const already = await setStatus(a.key, client.companyId, "active");
    expect(already.status).toBe(409);
    expect(slug(already.json)).toBe("conflict");
    expect(already.json.detail).toContain("already active");
    // The problem's own members stay the problem's: the subaccount's state is in subaccount_status.
    expect(already.json).toMatchObject({ status: 409, title: expect.any(String), subaccount_status: "active" });
    await setStatus(a.key, client.companyId, "suspended");
    const again = await setStatus(a.key, client.companyId, "suspended");
    expect(again.status).toBe(409);
    expect(again.headers.get("Content-Type")).toContain("application/problem+json");
    expect(again.json).toMatchObject({
      type: expect.stringContaining("/problems/conflict"),
      status: 409,
      subaccount_status: "suspended",
    });
    expect(again.json.suspended_by).toBeUndefined();
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.operation, "updateSubaccountStatus")));
    expect(audit).toHaveLength(1);
  });

  it("concurrent suspensions: exactly one changes the status, the others are 409 (compare-and-set on the status read)", async () => {
    const a = await agency();
    for (let round = 0; round < 3; round++) {
      const client = await childOf(a.companyId);
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () => setStatus(a.key, client.companyId, "suspended")),
      );
      expect(statusCounts(outcomes)).toEqual({ 200: 1, 409: 5 });
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.resourceId, client.companyId)));
      expect(audit).toHaveLength(1);
    }
  });

  it("a retry with the same Idempotency-Key replays the first answer instead of a 409", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const key = crypto.randomUUID();
    const first = await setStatus(a.key, client.companyId, "suspended", key);
    const retry = await setStatus(a.key, client.companyId, "suspended", key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.json).toEqual(first.json);
  });

  it("an invalid status is 400", async () => {
    const a = await agency();
    const client = await childOf(a.companyId);
    const invalid = await setStatus(a.key, client.companyId, "deleted");
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors[0].path).toBe("body.status");
  });
});
