import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newAgent } from "../../../test/fixtures/agents";
import { call, db, operator, slug } from "../../../test/helpers";
import { operatorAuditLog } from "../../data/schema";
import { setUpWorkspace } from "../recados";
import { phoneNumbers } from "../telephony";
import { callRecorded } from "./events";
import { calls } from "./schema";
import { eventDataOf } from "../../../test/events";

// The voice service's report of a call (POST /admin/v1/companies/{id}/voice-reports), read back through the public API.

const NUMBER = "+34910000123";

/** A fresh tenant made through the operator API, with a key, an agent, a number and its workspace. */
async function reportingTenant() {
  const created = await operator("/companies", {
    method: "POST",
    body: {
      name: "Reformas Sol SL",
      plan: "Business",
      currency: "EUR",
      country: "ES",
      capabilities: ["workspace"],
      time_zone: "Europe/Madrid",
    },
  });
  expect(created.status, created.text).toBe(201);
  const companyId = created.json.company_id as string;
  const key = (await operator(`/companies/${companyId}/keys`, { method: "POST", body: { scopes: "all" } })).json
    .api_key as string;
  const agent = await newAgent(companyId);
  const now = new Date().toISOString();
  await db.insert(phoneNumbers).values({
    id: crypto.randomUUID(),
    companyId,
    e164: NUMBER,
    name: "Reception",
    country: "ES",
    capabilities: ["voice"],
    agentId: agent.agent.id,
    createdAt: now,
    updatedAt: now,
  });
  await setUpWorkspace(db, companyId, now);
  await operator(`/companies/${companyId}/call-labels`, {
    method: "POST",
    body: { key: "quote", name: "Quote", color: "#2E7D32" },
  });
  return { companyId, key, agentId: agent.agent.id };
}

const at = (offsetSeconds: number) =>
  new Date(Date.parse("2026-04-26T09:30:00.000Z") + offsetSeconds * 1000).toISOString();

const report = (agentId: string, fields: Record<string, unknown> = {}) => ({
  external_id: `vs-${crypto.randomUUID()}`,
  direction: "inbound",
  agent_id: agentId,
  from: "+34612345678",
  to: NUMBER,
  started_at: at(0),
  answered_at: at(5),
  ended_at: at(257),
  duration_seconds: 252,
  result: "answered",
  summary: "Wants a quote for a kitchen renovation.",
  transcript: "Agent: Hola. Caller: Quería un presupuesto.",
  labels: ["quote"],
  recado: { caller_name: "Lucía Fernández", message: "Call back about the kitchen quote before Friday." },
  qualification: { verdict: "qualified", score: 87, reason: "Asked for a quote this month." },
  ...fields,
});

const send = (companyId: string, body: unknown) =>
  operator(`/companies/${companyId}/voice-reports`, { method: "POST", body });

describe("POST /admin/v1/companies/{company_id}/voice-reports", () => {
  it("records the call, its labels, verdict and message slip, which the public reads show, with their events", async () => {
    const t = await reportingTenant();
    const body = report(t.agentId);
    const recorded = await send(t.companyId, body);
    expect(recorded.status, recorded.text).toBe(201);
    const callId = recorded.json.call.id as string;
    expect(recorded.json.call).toMatchObject({
      direction: "inbound",
      from: "+34612345678",
      to: NUMBER,
      agent_id: t.agentId,
      status: "completed",
      result: "answered",
      started_at: at(0),
      ended_at: at(257),
      duration_seconds: 252,
      labels: [{ key: "quote", name: "Quote" }],
      qualification: {
        verdict: "qualified",
        score: 87,
        reason: "Asked for a quote this month.",
        qualified_at: at(257),
      },
      summary: "Wants a quote for a kitchen renovation.",
    });
    expect(recorded.json.recado).toMatchObject({
      caller_name: "Lucía Fernández",
      phone: "+34612345678",
      call_id: callId,
      taken_at: at(257),
      read: false,
    });

    const detail = await call(`/api/v1/calls/${callId}`, { key: t.key });
    expect(detail.status).toBe(200);
    expect(detail.json).toEqual(recorded.json.call);
    const list = await call("/api/v1/calls?start_date=2026-04-26&end_date=2026-04-26", { key: t.key });
    expect(list.json.data.map((row: { id: string }) => row.id)).toEqual([callId]);
    expect(list.json.aggregates).toMatchObject({
      count: 1,
      total_duration_seconds: 252,
      time_zone: "Europe/Madrid",
      by_result: { answered: 1 },
    });
    const verdicts = await call("/api/v1/qualifications", { key: t.key });
    expect(verdicts.json.data).toEqual([expect.objectContaining({ call_id: callId, verdict: "qualified", score: 87 })]);
    const slips = await call("/api/v1/recados", { key: t.key });
    expect(slips.json.data).toEqual([recorded.json.recado]);

    const [event] = await eventDataOf(t.companyId, "call.recorded");
    expect(callRecorded.schema.parse(event)).toEqual({
      call: recorded.json.call,
      recado_id: recorded.json.recado.id,
      booking: null,
    });
    expect(await eventDataOf(t.companyId, "recado.created")).toEqual([recorded.json.recado]);
    const audit = await operator(`/audit-log?company_id=${t.companyId}`);
    expect(audit.json.data[0]).toMatchObject({
      operation: "recordVoiceReport",
      resource_type: "call",
      resource_id: callId,
    });
  });

  it("a repeated report changes nothing and answers what the first one recorded (200)", async () => {
    const t = await reportingTenant();
    const body = report(t.agentId);
    const first = await send(t.companyId, body);
    expect(first.status).toBe(201);
    const again = await send(t.companyId, { ...body, summary: "Another summary" });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const concurrent = await Promise.all([
      send(t.companyId, { ...body, external_id: "vs-race" }),
      send(t.companyId, { ...body, external_id: "vs-race" }),
    ]);
    expect(concurrent.map((response) => response.status).sort()).toEqual([200, 201]);
    expect(concurrent[0]!.json).toEqual(concurrent[1]!.json);
    expect((await db.select({ n: count() }).from(calls).where(eq(calls.companyId, t.companyId)).get())!.n).toBe(2);
    expect(await eventDataOf(t.companyId, "call.recorded")).toHaveLength(2);
    expect(await eventDataOf(t.companyId, "recado.created")).toHaveLength(2);
    const audited = await db
      .select({ n: count() })
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.companyId, t.companyId), eq(operatorAuditLog.operation, "recordVoiceReport")))
      .get();
    expect(audited!.n).toBe(2);
  });

  it("records a missed call without slip or verdict; talk time must equal ended_at - answered_at (400)", async () => {
    const t = await reportingTenant();
    const missed = await send(
      t.companyId,
      report(t.agentId, {
        answered_at: undefined,
        duration_seconds: 0,
        result: "no_answer",
        labels: undefined,
        recado: undefined,
        qualification: undefined,
      }),
    );
    expect(missed.status, missed.text).toBe(201);
    expect(missed.json).toMatchObject({
      call: { result: "no_answer", duration_seconds: 0, qualification: null, labels: [] },
      recado: null,
      booking: null,
    });
    for (const [fields, path] of [
      [{ duration_seconds: 200 }, "body.duration_seconds"],
      [{ answered_at: undefined }, "body.answered_at"],
      [{ answered_at: at(300) }, "body.answered_at"],
      [{ ended_at: at(-1), answered_at: undefined, duration_seconds: 0, result: "busy" }, "body.ended_at"],
      [{ answered_at: undefined, result: "voicemail" }, "body.duration_seconds"],
      [{ labels: ["unknown"] }, "body.labels.0"],
      [{ from: "not a phone" }, "body.from"],
    ] as const) {
      const refused = await send(t.companyId, report(t.agentId, fields));
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.json.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    }
    expect((await send(t.companyId, { ...report(t.agentId), cost: 1 })).status).toBe(400);
    expect((await db.select({ n: count() }).from(calls).where(eq(calls.companyId, t.companyId)).get())!.n).toBe(1);
  });

  it("an agent or number of another company, or an unknown company, is 404 and records nothing", async () => {
    const t = await reportingTenant();
    const other = await reportingTenant();
    expect(slug((await send(t.companyId, report(other.agentId))).json)).toBe("not_found");
    const otherNumber = "+34910000999";
    const now = new Date().toISOString();
    await db.insert(phoneNumbers).values({
      id: crypto.randomUUID(),
      companyId: other.companyId,
      e164: otherNumber,
      name: "Other",
      country: "ES",
      capabilities: ["voice"],
      agentId: null,
      createdAt: now,
      updatedAt: now,
    });
    const foreignNumber = await send(t.companyId, report(t.agentId, { to: otherNumber }));
    expect(foreignNumber.status).toBe(404);
    expect(foreignNumber.json.detail).toContain(otherNumber);
    // On an outbound call the company's end is `from`.
    expect(
      (await send(t.companyId, report(t.agentId, { direction: "outbound", from: NUMBER, to: "+34612345678" }))).status,
    ).toBe(201);
    expect((await send(crypto.randomUUID(), report(t.agentId))).status).toBe(404);
    expect((await db.select({ n: count() }).from(calls).where(eq(calls.companyId, t.companyId)).get())!.n).toBe(1);
  });
});

describe("call labels and settings (operator API)", () => {
  it("adds, lists and removes catalogue labels; a duplicate key is 409, an unknown one 404", async () => {
    const t = await reportingTenant();
    const created = await operator(`/companies/${t.companyId}/call-labels`, {
      method: "POST",
      body: { key: "callback", name: "Call back", description: "Wants a call" },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      key: "callback",
      name: "Call back",
      description: "Wants a call",
      color: "#607d8b",
    });
    expect(
      (
        await operator(`/companies/${t.companyId}/call-labels`, {
          method: "POST",
          body: { key: "callback", name: "Again" },
        })
      ).status,
    ).toBe(409);
    expect(
      (await operator(`/companies/${t.companyId}/call-labels`, { method: "POST", body: { key: "Bad Key", name: "x" } }))
        .status,
    ).toBe(400);
    const listed = await operator(`/companies/${t.companyId}/call-labels`);
    expect(listed.json.data.map((label: { key: string }) => label.key)).toEqual(["callback", "quote"]);
    expect(
      (await call("/api/v1/call-labels", { key: t.key })).json.data.map((label: { key: string }) => label.key),
    ).toEqual(["callback", "quote"]);
    const removed = await operator(`/companies/${t.companyId}/call-labels/callback`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(removed.json.key).toBe("callback");
    expect((await operator(`/companies/${t.companyId}/call-labels/callback`, { method: "DELETE" })).status).toBe(404);
    expect(
      (await call("/api/v1/call-labels", { key: t.key })).json.data.map((label: { key: string }) => label.key),
    ).toEqual(["quote"]);
  });

  it("sets the time zone and retention: calls move to their local dates", async () => {
    const t = await reportingTenant();
    // 23:30 UTC is the next day in Madrid, the same day in Mexico City.
    const late = report(t.agentId, {
      started_at: "2026-04-26T23:30:00.000Z",
      answered_at: "2026-04-26T23:30:10.000Z",
      ended_at: "2026-04-26T23:31:10.000Z",
      duration_seconds: 60,
    });
    expect((await send(t.companyId, late)).status).toBe(201);
    const day = (date: string) => call(`/api/v1/calls?start_date=${date}&end_date=${date}`, { key: t.key });
    expect((await day("2026-04-27")).json.aggregates.count).toBe(1);
    const set = await operator(`/companies/${t.companyId}/call-settings`, {
      method: "PUT",
      body: { time_zone: "America/Mexico_City", retention_days: 90 },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ time_zone: "America/Mexico_City", time_zone_set: true, retention_days: 90 });
    expect((await day("2026-04-26")).json.aggregates).toMatchObject({ count: 1, time_zone: "America/Mexico_City" });
    expect(
      (
        await operator(`/companies/${t.companyId}/call-settings`, {
          method: "PUT",
          body: { time_zone: "Mars/Olympus" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await operator(`/companies/${t.companyId}/call-settings`, { method: "PUT", body: { retention_days: 0 } }))
        .status,
    ).toBe(400);
    expect(
      (await operator(`/companies/${crypto.randomUUID()}/call-settings`, { method: "PUT", body: {} })).status,
    ).toBe(404);
  });
});
