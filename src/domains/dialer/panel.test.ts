import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, operator, slug } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum } from "../../../test/wallet-operations";
import { send } from "../../../test/fixtures/billing";
import { dialCompany, RESERVED_MINOR, uniqueMobile } from "../../../test/fixtures/dialer";
import { operatorAuditLog } from "../../data/schema";
import { calls } from "../calls";

const dial = (key: string, body: unknown) => send("POST", "/api/v1/calls/dial", key, body);
const end = (callId: string, body: unknown) => operator(`/calls/${callId}/end`, { method: "POST", body });

describe("POST /admin/v1/calls/{call_id}/end", () => {
  it("settles a dialled call against its real cost, once", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const id = (await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId })).json.id as string;
    expect(await balanceOf(t.companyId)).toBe(1_000 - RESERVED_MINOR);

    // 95 s answered bills 120 s (60 s minimum, then 60 s steps) = 0.24 EUR; the rest of the reservation comes back.
    const ended = await end(id, { result: "answered", duration_seconds: 95 });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.json).toEqual({
      call_id: id,
      status: "completed",
      cost_minor: 24,
      refunded_minor: RESERVED_MINOR - 24,
    });
    expect(await balanceOf(t.companyId)).toBe(1_000 - 24);
    expect(await checkedLedgerSum(t.companyId)).toBe(976);
    expect(await db.select().from(calls).where(eq(calls.id, id)).get()).toMatchObject({
      status: "completed",
      result: "answered",
      durationSeconds: 95,
      costMinor: 24,
    });
    expect(await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.resourceId, id))).toMatchObject([
      { companyId: t.companyId, operation: "endDialledCall", resourceType: "call" },
    ]);

    const again = await end(id, { result: "answered", duration_seconds: 9_999 });
    expect(again.status).toBe(409);
    expect(slug(again.json)).toBe("conflict");
    expect(await balanceOf(t.companyId)).toBe(976);
  });

  it("refunds a call not answered in full (no duration given), and refuses unknown calls (404) and results (400)", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const id = (await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId })).json.id as string;
    expect((await end(id, { result: "hung_up" })).status).toBe(400);
    expect((await end(id, { result: "answered", duration_seconds: -1 })).status).toBe(400);
    expect((await end(crypto.randomUUID(), { result: "busy" })).status).toBe(404);
    const missed = await end(id, { result: "no_answer" });
    expect(missed.json).toMatchObject({ status: "completed", cost_minor: 0, refunded_minor: RESERVED_MINOR });
    expect(await balanceOf(t.companyId)).toBe(1_000);
  });
});
