import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newAgent } from "../../../test/fixtures/agents";
import { call, db, operator } from "../../../test/helpers";
import { setUpWorkspace } from "../recados";
import { phoneNumbers } from "../telephony";
import { webhookEvents } from "../webhooks/schema";

// A booking the agent made in a call comes with the voice service's report (POST
// /admin/v1/companies/{id}/voice-reports): the calendar's rules apply, and GET /bookings and the
// dashboard count what it booked.

const NUMBER = "+34910000321";

async function bookingTenant(options: { schedule?: boolean } = {}) {
  const created = await operator("/companies", {
    method: "POST",
    body: {
      name: "Clínica Norte SL",
      plan: "Business",
      currency: "EUR",
      country: "ES",
      capabilities: ["workspace", "calendar", "analytics", "calls"],
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
  if (options.schedule === false) return { companyId, key, agentId: agent.agent.id };
  // Weekdays 09:00–14:00 in Madrid (UTC+1 in December); Tuesday 8 December closed by an exception.
  const hours = [{ start: "09:00", end: "14:00" }];
  const schedule = await call("/api/v1/calendar/schedule", {
    key,
    method: "PUT",
    body: {
      time_zone: "Europe/Madrid",
      week: { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours },
    },
  });
  expect(schedule.status, schedule.text).toBe(200);
  const closed = await call("/api/v1/calendar/overrides", {
    key,
    method: "PUT",
    body: { date: "2026-12-08", closed: true, note: "Holiday" },
  });
  expect(closed.status, closed.text).toBe(200);
  return { companyId, key, agentId: agent.agent.id };
}

const report = (agentId: string, fields: Record<string, unknown> = {}) => ({
  external_id: `vs-${crypto.randomUUID()}`,
  direction: "inbound",
  agent_id: agentId,
  from: "+34612345678",
  to: NUMBER,
  started_at: "2026-12-01T09:30:00.000Z",
  answered_at: "2026-12-01T09:30:05.000Z",
  ended_at: "2026-12-01T09:34:05.000Z",
  duration_seconds: 240,
  result: "answered",
  ...fields,
});

const send = (companyId: string, body: unknown) =>
  operator(`/companies/${companyId}/voice-reports`, { method: "POST", body });

const recordedEvents = async (companyId: string) =>
  (
    await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.companyId, companyId), eq(webhookEvents.type, "call.recorded")))
  ).map((row) => JSON.parse(row.data) as { call: { id: string }; booking: unknown });

// Monday 7 December 2026, 10:00–10:45 in Madrid.
const visit = { title: "First visit", starts_at: "2026-12-07T09:00:00.000Z", ends_at: "2026-12-07T09:45:00.000Z" };

describe("a booking reported with a call", () => {
  it("is booked within working hours: GET /bookings lists it, linked to its call, and the dashboard counts it", async () => {
    const t = await bookingTenant();
    const body = report(t.agentId, { booking: { ...visit, notes: "Bring the X-rays." } });
    const recorded = await send(t.companyId, body);
    expect(recorded.status, recorded.text).toBe(201);
    const callId = recorded.json.call.id as string;
    expect(recorded.json.booking).toMatchObject({
      outcome: "booked",
      reason: null,
      booking: {
        title: "First visit",
        starts_at: visit.starts_at,
        ends_at: visit.ends_at,
        status: "confirmed",
        notes: "Bring the X-rays.",
        agent: { id: t.agentId },
        contact: null,
        call_id: callId,
      },
    });
    const listed = await call("/api/v1/bookings?start_date=2026-12-07&end_date=2026-12-07", { key: t.key });
    expect(listed.json.data).toEqual([recorded.json.booking.booking]);
    const dashboard = await call("/api/v1/analytics/dashboard?from=2026-12-07&to=2026-12-07", { key: t.key });
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.json.indicators.bookings.value).toBe(1);
    expect((await recordedEvents(t.companyId))[0]!.booking).toEqual({
      outcome: "booked",
      booking_id: recorded.json.booking.booking.id,
      reason: null,
    });
    // A repeated report books nothing more and answers the same.
    const replay = await send(t.companyId, body);
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(recorded.json);
    expect((await call("/api/v1/bookings", { key: t.key })).json.data).toHaveLength(1);
  });

  it("outside working hours, on a closed exception or with another company's contact, is refused with the reason; the call is recorded", async () => {
    const t = await bookingTenant();
    const cases = [
      // Saturday 12 December.
      [{ ...visit, starts_at: "2026-12-12T09:00:00.000Z", ends_at: "2026-12-12T09:30:00.000Z" }, "weekday is closed"],
      // Tuesday 8 December: the exception closes it.
      [{ ...visit, starts_at: "2026-12-08T09:00:00.000Z", ends_at: "2026-12-08T09:30:00.000Z" }, "exception closes it"],
      // Monday 13:30–14:30: runs past the 14:00 close.
      [{ ...visit, starts_at: "2026-12-07T12:30:00.000Z", ends_at: "2026-12-07T13:30:00.000Z" }, "09:00–14:00"],
      [{ ...visit, contact_id: crypto.randomUUID() }, "no contact"],
    ] as const;
    for (const [booking, reason] of cases) {
      const body = report(t.agentId, { booking });
      const recorded = await send(t.companyId, body);
      expect(recorded.status, recorded.text).toBe(201);
      expect(recorded.json.booking.outcome, reason).toBe("refused");
      expect(recorded.json.booking.booking).toBeNull();
      expect(recorded.json.booking.reason).toContain(reason);
      const replay = await send(t.companyId, body);
      expect(replay.status).toBe(200);
      expect(replay.json).toEqual(recorded.json);
    }
    expect((await call("/api/v1/bookings", { key: t.key })).json.data).toEqual([]);
    const calls = await call("/api/v1/calls?start_date=2026-12-01&end_date=2026-12-01", { key: t.key });
    expect(calls.json.aggregates.count).toBe(cases.length);
    const events = await recordedEvents(t.companyId);
    expect(events.map((event) => (event.booking as { outcome: string }).outcome)).toEqual(cases.map(() => "refused"));
  });

  it("without a schedule, nothing is booked and the report says why", async () => {
    const t = await bookingTenant({ schedule: false });
    const recorded = await send(t.companyId, report(t.agentId, { booking: visit }));
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.json.booking).toMatchObject({ outcome: "refused", booking: null });
    expect(recorded.json.booking.reason).toContain("no working calendar");
    expect((await call("/api/v1/bookings", { key: t.key })).json.data).toEqual([]);
  });

  it("a cancellation calls a confirmed booking off once; an unknown or cancelled one is refused", async () => {
    const t = await bookingTenant();
    const booked = await send(t.companyId, report(t.agentId, { booking: visit }));
    const bookingId = booked.json.booking.booking.id as string;
    const cancelled = await send(t.companyId, report(t.agentId, { cancel_booking_id: bookingId }));
    expect(cancelled.status, cancelled.text).toBe(201);
    expect(cancelled.json.booking).toMatchObject({
      outcome: "cancelled",
      reason: null,
      booking: { id: bookingId, status: "cancelled", call_id: booked.json.call.id },
    });
    const listed = await call("/api/v1/bookings?start_date=2026-12-07&end_date=2026-12-07", { key: t.key });
    expect(listed.json.data.map((b: { status: string }) => b.status)).toEqual(["cancelled"]);
    const dashboard = await call("/api/v1/analytics/dashboard?from=2026-12-07&to=2026-12-07", { key: t.key });
    expect(dashboard.json.indicators.bookings.value).toBe(0);

    const twice = await send(t.companyId, report(t.agentId, { cancel_booking_id: bookingId }));
    expect(twice.json.booking).toMatchObject({ outcome: "refused", booking: { id: bookingId, status: "cancelled" } });
    expect(twice.json.booking.reason).toContain("cancelled");
    const unknown = await send(t.companyId, report(t.agentId, { cancel_booking_id: crypto.randomUUID() }));
    expect(unknown.json.booking).toMatchObject({ outcome: "refused", booking: null });

    // Another company cannot cancel it.
    const other = await bookingTenant();
    const foreign = await send(other.companyId, report(other.agentId, { cancel_booking_id: bookingId }));
    expect(foreign.json.booking).toMatchObject({ outcome: "refused", booking: null });
  });

  it("a report both booking and cancelling, or with an appointment ending before it starts, is 400 and records nothing", async () => {
    const t = await bookingTenant();
    for (const [fields, path] of [
      [{ booking: visit, cancel_booking_id: crypto.randomUUID() }, "body.cancel_booking_id"],
      [{ booking: { ...visit, ends_at: visit.starts_at } }, "body.booking.ends_at"],
      [{ booking: { ...visit, ends_at: "2026-12-09T09:00:00.000Z" } }, "body.booking.ends_at"],
    ] as const) {
      const refused = await send(t.companyId, report(t.agentId, fields));
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.json.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    }
    const calls = await call("/api/v1/calls?start_date=2026-12-01&end_date=2026-12-01", { key: t.key });
    expect(calls.json.aggregates.count).toBe(0);
  });
});
