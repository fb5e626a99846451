import { describe, expect, it } from "vitest";
import { seededRandom } from "../../lib/random";
import { call, db, tenant } from "../../../test/helpers";
import { createAgent } from "../agents";
import { bookings, calendarOverrides, calendarSchedules } from "./schema";
import { seedCalendarDomain } from "./seed";
import { setSchedule } from "../../../test/fixtures/calendar";
import { eq } from "drizzle-orm";

type Booking = {
  id: string;
  title: string;
  starts_at: string;
  status: string;
  contact: { id: string; name: string | null } | null;
  agent: { id: string; name: string | null } | null;
};

async function book(
  companyId: string,
  startsAt: string,
  status: "confirmed" | "completed" | "no_show" | "cancelled",
  parties: { contactId?: string; agentId?: string } = {},
) {
  const id = crypto.randomUUID();
  const ends = new Date(Date.parse(startsAt) + 45 * 60_000).toISOString();
  await db.insert(bookings).values({
    id,
    companyId,
    contactId: parties.contactId ?? null,
    agentId: parties.agentId ?? null,
    title: `Visit ${startsAt}`,
    startsAt,
    endsAt: ends,
    status,
    notes: null,
    createdAt: "2026-03-01T10:00:00.000Z",
  });
  return id;
}

const list = async (key: string, query = "") => {
  const response = await call(`/api/v1/bookings${query}`, { key });
  return { ...response, bookings: (response.json?.data ?? []) as Booking[] };
};

describe("GET /api/v1/bookings", () => {
  it("lists the company's bookings latest start first, with the contact's and the agent's names", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    const other = await tenant();
    const contact = await call("/api/v1/contacts", {
      key: t.key,
      body: { first_name: "Lucía", last_name: "García", phone: "+34612345678" },
    });
    const { agent } = await createAgent(db, { companyId: t.companyId, name: "Reception" });
    const early = await book(t.companyId, "2026-03-02T09:00:00.000Z", "completed", {
      contactId: contact.json.id,
      agentId: agent.id,
    });
    const late = await book(t.companyId, "2026-03-20T09:00:00.000Z", "confirmed", {
      contactId: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    });
    await book(other.companyId, "2026-03-10T09:00:00.000Z", "confirmed");

    const page = await list(t.key);
    expect(page.status).toBe(200);
    expect(page.bookings.map((b) => b.id)).toEqual([late, early]);
    expect(page.bookings[1]).toMatchObject({
      contact: { id: contact.json.id, name: "Lucía García" },
      agent: { id: agent.id, name: "Reception" },
      status: "completed",
      ends_at: "2026-03-02T09:45:00.000Z",
    });
    // A contact deleted since keeps its id, without a name; no agent recorded is null.
    expect(page.bookings[0]).toMatchObject({
      contact: { id: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: null },
      agent: null,
    });
    expect((await list(t.key, "?limit=1&offset=1")).bookings.map((b) => b.id)).toEqual([early]);
    expect(page.json).toMatchObject({ limit: 50, offset: 0 });
  });

  it("filters by status and by days of the start in the calendar's zone, both ends included", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    // 23:30 UTC on the 28th is already the 29th in Madrid (UTC+1 that night).
    const lateNight = await book(t.companyId, "2026-03-28T23:30:00.000Z", "confirmed");
    const saturday = await book(t.companyId, "2026-03-28T10:00:00.000Z", "cancelled");
    const monday = await book(t.companyId, "2026-03-30T07:00:00.000Z", "confirmed");
    expect((await list(t.key, "?start_date=2026-03-29&end_date=2026-03-29")).bookings.map((b) => b.id)).toEqual([
      lateNight,
    ]);
    expect((await list(t.key, "?start_date=2026-03-28&end_date=2026-03-28")).bookings.map((b) => b.id)).toEqual([
      saturday,
    ]);
    expect((await list(t.key, "?start_date=2026-03-29")).bookings.map((b) => b.id)).toEqual([monday, lateNight]);
    expect((await list(t.key, "?status=confirmed")).bookings.map((b) => b.id)).toEqual([monday, lateNight]);
    expect((await list(t.key, "?status=cancelled&end_date=2026-03-28")).bookings.map((b) => b.id)).toEqual([saturday]);
    // The calendar's own zone, once set, is the one dates are read in.
    await setSchedule(t.key, "Asia/Kolkata", {});
    expect((await list(t.key, "?start_date=2026-03-29&end_date=2026-03-29")).bookings.map((b) => b.id)).toEqual([
      lateNight,
    ]);
    expect((await list(t.key, "?start_date=2026-03-28&end_date=2026-03-28")).bookings.map((b) => b.id)).toEqual([
      saturday,
    ]);
  });

  it("refuses an end before the start, an impossible date and an unknown status with 400", async () => {
    const t = await tenant();
    for (const query of ["?start_date=2026-03-10&end_date=2026-03-09", "?start_date=2026-02-30", "?status=postponed"]) {
      expect((await list(t.key, query)).status, query).toBe(400);
    }
  });

  it("the demo seed gives a schedule, the holidays and bookings with the company's contacts and agents", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    await call("/api/v1/contacts", { key: t.key, body: { first_name: "Hugo", phone: "+34612345679" } });
    await createAgent(db, { companyId: t.companyId, name: "Sales" });
    const now = Date.parse("2026-11-20T10:00:00Z");
    const counts = await seedCalendarDomain({
      db,
      company: { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" },
      random: seededRandom(7),
      now,
      scale: "full",
    });
    expect(counts.bookings).toBeGreaterThan(40);
    expect(await db.select().from(calendarSchedules).where(eq(calendarSchedules.companyId, t.companyId))).toHaveLength(
      1,
    );
    expect((await db.select().from(calendarOverrides).where(eq(calendarOverrides.companyId, t.companyId))).length).toBe(
      counts.calendar_overrides,
    );
    const page = await list(t.key, "?limit=100");
    expect(page.bookings).toHaveLength(counts.bookings!);
    expect(page.bookings.every((b) => b.contact?.name === "Hugo" && b.agent?.name === "Sales")).toBe(true);
    const future = page.bookings.filter((b) => Date.parse(b.starts_at) > now);
    expect(future.length).toBeGreaterThan(0);
    expect(future.every((b) => b.status === "confirmed" || b.status === "cancelled")).toBe(true);
    // Every booking starts within working hours.
    for (const booking of page.bookings.slice(0, 10)) {
      expect(
        (await call(`/api/v1/calendar/check?at=${booking.starts_at}`, { key: t.key })).json.open,
        booking.starts_at,
      ).toBe(true);
    }
  });
});
