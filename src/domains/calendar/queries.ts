import { and, eq, gte, lt, lte, sql } from "drizzle-orm";
import {
  bound,
  preparedStatement,
  preparedVariants,
  selectRow,
  type Database,
  type PreparedSelect,
} from "../../data/client";
import { ofCompany } from "../../data/rows";
import { companies } from "../../data/schema";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { changedMeanwhile, precondition } from "../../data/precondition";
import { ApiError } from "../../lib/errors";
import type { OffsetPage } from "../../lib/pagination";
import { runBatch } from "../../data/batch";
import { agents } from "../agents";
import { instantRange, regionTimeZone, type InstantRange } from "../../lib/period";
import { contacts } from "../contacts";
import type { BookingView, OverrideView, ScheduleView } from "./model";
import {
  bookings,
  calendarOverrides,
  calendarSchedules,
  type BookingStatus,
  type OverrideRow,
  type ScheduleRow,
  type WallInterval,
  type WeeklyHours,
} from "./schema";

export const noSchedule = () =>
  new ApiError(
    "not_found",
    "The company has no working calendar yet: set its weekly hours with PUT /api/v1/calendar/schedule first.",
  );

// ---------------------------------------------------------------------------------------------
// Schedule

export const toSchedule = (row: ScheduleRow): ScheduleView => ({
  time_zone: row.timeZone,
  week: row.week,
  updated_at: row.updatedAt,
});

export async function findSchedule(db: Database, companyId: string): Promise<ScheduleRow | undefined> {
  return db.select().from(calendarSchedules).where(ofCompany(calendarSchedules, companyId)).get();
}

/** Replaces the company's schedule (creates it the first time), answering the row written. */
export function scheduleUpsert(
  db: Database,
  companyId: string,
  schedule: { timeZone: string; week: WeeklyHours },
  at: string,
) {
  const row = { companyId, timeZone: schedule.timeZone, week: schedule.week, updatedAt: at };
  return db
    .insert(calendarSchedules)
    .values(row)
    .onConflictDoUpdate({ target: calendarSchedules.companyId, set: row })
    .returning();
}

/** The schedule and the overrides of the dates from `from` to `to` (both included), in one round trip. */
export async function calendarOf(
  db: Database,
  companyId: string,
  from: string,
  to: string,
): Promise<{ schedule?: ScheduleRow; overrides: OverrideRow[] }> {
  const { schedules, overrides } = await runBatch(db, {
    schedules: bound(scheduleOf(db), { companyId }),
    overrides: bound(overridesBetween(db), { companyId, from, to }),
  });
  return { schedule: (schedules as ScheduleRow[])[0], overrides: overrides as OverrideRow[] };
}

/** The calendar's two reads, prepared once per database: every calendar read and check makes them. */
const scheduleOf = preparedStatement((db) =>
  db
    .select()
    .from(calendarSchedules)
    .where(ofCompany(calendarSchedules, sql.placeholder("companyId")))
    .prepare(),
);
const overridesBetween = preparedStatement((db) =>
  db
    .select()
    .from(calendarOverrides)
    .where(
      ofCompany(
        calendarOverrides,
        sql.placeholder("companyId"),
        gte(calendarOverrides.date, sql.placeholder("from")),
        lte(calendarOverrides.date, sql.placeholder("to")),
      ),
    )
    .orderBy(calendarOverrides.date)
    .prepare(),
);

// ---------------------------------------------------------------------------------------------
// Overrides

export const toOverride = (row: OverrideRow): OverrideView => ({
  date: row.date,
  closed: row.closed,
  intervals: row.intervals,
  note: row.note,
  updated_at: row.updatedAt,
});

/** The company has a schedule (an exception is part of its calendar). */
export const scheduleExists = (db: Database, companyId: string) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${calendarSchedules} WHERE ${ofCompany(calendarSchedules, companyId)})`,
    noSchedule,
  );

/** Sets the date's exception (replacing one it had), answering the row written. */
export function overrideUpsert(
  db: Database,
  companyId: string,
  override: { date: string; closed: boolean; intervals: WallInterval[]; note: string | null },
  at: string,
) {
  const row = { companyId, ...override, updatedAt: at };
  return db
    .insert(calendarOverrides)
    .values(row)
    .onConflictDoUpdate({ target: [calendarOverrides.companyId, calendarOverrides.date], set: row })
    .returning();
}

const overrideWhere = (companyId: string, date: string) =>
  ofCompany(calendarOverrides, companyId, eq(calendarOverrides.date, date));

export async function findOverride(db: Database, companyId: string, date: string): Promise<OverrideRow | undefined> {
  return db.select().from(calendarOverrides).where(overrideWhere(companyId, date)).get();
}

/** The exception is still the one read (every column): a removal answers and announces what it removed. */
export const overrideUnchanged = (db: Database, row: OverrideRow) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${calendarOverrides} WHERE ${and(
      overrideWhere(row.companyId, row.date),
      eq(calendarOverrides.closed, row.closed),
      sql`${calendarOverrides.intervals} = ${JSON.stringify(row.intervals)}`,
      sql`${calendarOverrides.note} IS ${row.note}`,
      eq(calendarOverrides.updatedAt, row.updatedAt),
    )})`,
    () => changedMeanwhile(`exception on ${row.date}`),
  );

export const overrideRemoval = (db: Database, companyId: string, date: string) =>
  db.delete(calendarOverrides).where(overrideWhere(companyId, date)).returning();

// ---------------------------------------------------------------------------------------------
// Bookings

/** The zone booking dates are read in: the calendar's, else the main zone of the company's region. */
export async function bookingZone(db: Database, companyId: string): Promise<string> {
  // Two reads at once: the company (control plane) and its calendar (its store) may be in two databases.
  const [schedule, company] = await Promise.all([
    selectRow(db, scheduleZone(db), { companyId }),
    selectRow(db, companyRegion(db), { companyId }),
  ]);
  return schedule?.timeZone ?? regionTimeZone(company?.region ?? "");
}
const scheduleZone = preparedStatement((db) =>
  db
    .select({ timeZone: calendarSchedules.timeZone })
    .from(calendarSchedules)
    .where(eq(calendarSchedules.companyId, sql.placeholder("companyId")))
    .prepare(),
);
const companyRegion = preparedStatement((db) =>
  db
    .select({ region: companies.defaultRegion })
    .from(companies)
    .where(eq(companies.id, sql.placeholder("companyId")))
    .prepare(),
);

/** Backed by bookings_company_starts_idx (and bookings_company_status_starts_idx with a status). */
const bookingKeys: ListKeys = { company: bookings.companyId, at: bookings.startsAt, id: bookings.id };

const contactName = sql<
  string | null
>`nullif(trim(coalesce(${contacts.firstName}, '') || ' ' || coalesce(${contacts.lastName}, '')), '')`;

const bookingColumns = {
  id: bookings.id,
  title: bookings.title,
  contactId: bookings.contactId,
  contactName,
  agentId: bookings.agentId,
  agentName: agents.name,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  status: bookings.status,
  notes: bookings.notes,
  callId: bookings.callId,
  createdAt: bookings.createdAt,
};

type BookingRecord = {
  id: string;
  title: string;
  contactId: string | null;
  contactName: string | null;
  agentId: string | null;
  agentName: string | null;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  notes: string | null;
  callId: string | null;
  createdAt: string;
};

const toBooking = (row: BookingRecord): BookingView => ({
  id: row.id,
  title: row.title,
  contact: row.contactId === null ? null : { id: row.contactId, name: row.contactName },
  agent: row.agentId === null ? null : { id: row.agentId, name: row.agentName },
  starts_at: row.startsAt,
  ends_at: row.endsAt,
  status: row.status,
  notes: row.notes,
  call_id: row.callId,
  created_at: row.createdAt,
});

/** One booking of the company as GET /bookings shows it; undefined when there is none. */
export async function findBooking(db: Database, companyId: string, id: string): Promise<BookingView | undefined> {
  const row = await db
    .select(bookingColumns)
    .from(bookings)
    .leftJoin(contacts, and(eq(contacts.companyId, bookings.companyId), eq(contacts.id, bookings.contactId)))
    .leftJoin(agents, and(eq(agents.companyId, bookings.companyId), eq(agents.id, bookings.agentId)))
    .where(ofCompany(bookings, companyId, eq(bookings.id, id)))
    .get();
  return row ? toBooking(row) : undefined;
}

/** Adds a booking (the calendar rules were applied by the caller). */
export const bookingInsert = (db: Database, row: typeof bookings.$inferInsert) => db.insert(bookings).values(row);

/**
 * Calls a confirmed booking off. The batch fails with 409 when it is no longer confirmed (another
 * write moved it meanwhile): a status only moves forward, and a cancellation is written once.
 */
export const bookingCancellation = (db: Database, companyId: string, id: string) => {
  const still = and(ofCompany(bookings, companyId, eq(bookings.id, id)), eq(bookings.status, "confirmed"));
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${bookings} WHERE ${still})`, () => changedMeanwhile("booking")),
    db.update(bookings).set({ status: "cancelled" }).where(still),
  ];
};

/** Whether the contact is the company's (a booking names only the company's contacts). */
export async function contactHeld(db: Database, companyId: string, contactId: string): Promise<boolean> {
  const row = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(ofCompany(contacts, companyId, eq(contacts.id, contactId)))
    .get();
  return row !== undefined;
}

/** The company's bookings starting within the range, in a status when given; latest start first. */
export function listBookings(
  db: Database,
  companyId: string,
  filter: { range: InstantRange; status?: BookingStatus },
  page: OffsetPage,
) {
  const { status } = filter;
  const { from, until } = filter.range;
  const statement = bookingPage(db, {
    status: status !== undefined,
    from: from !== undefined,
    until: until !== undefined,
  });
  return preparedOffsetList(db, statement, companyId, page, toBooking, { status, from, until });
}

/** The page query of each set of filters, prepared once per database. */
const bookingPage = preparedVariants((db, filters: { status: boolean; from: boolean; until: boolean }) =>
  offsetPageQuery(
    db
      .select(bookingColumns)
      .from(bookings)
      .leftJoin(contacts, and(eq(contacts.companyId, bookings.companyId), eq(contacts.id, bookings.contactId)))
      .leftJoin(agents, and(eq(agents.companyId, bookings.companyId), eq(agents.id, bookings.agentId)))
      .$dynamic(),
    bookingKeys,
    and(
      filters.status ? eq(bookings.status, sql.placeholder("status")) : undefined,
      filters.from ? gte(bookings.startsAt, sql.placeholder("from")) : undefined,
      filters.until ? lt(bookings.startsAt, sql.placeholder("until")) : undefined,
    ),
  ).prepare(),
);

/**
 * How many bookings start on each period's local dates (both included, in the calendar's zone, as
 * GET /bookings reads them), cancelled ones left out: one aggregate over bookings_company_starts_idx
 * from the earliest start to the latest end. Answers in the order of `periods`.
 */
export async function bookingCounts(
  db: Database,
  companyId: string,
  periods: readonly { from: string; to: string }[],
): Promise<number[]> {
  if (periods.length === 0) return [];
  const zone = await bookingZone(db, companyId);
  const ranges = periods.map(
    (period) => instantRange({ startDate: period.from, endDate: period.to }, zone) as Required<InstantRange>,
  );
  const earliest = ranges.map((range) => range.from).sort()[0]!;
  const latest = ranges
    .map((range) => range.until)
    .sort()
    .at(-1)!;
  const values: Record<string, unknown> = { companyId, earliest, latest };
  ranges.forEach((range, index) => {
    values[`from${index}`] = range.from;
    values[`until${index}`] = range.until;
  });
  const row = await selectRow(db, bookingCountsOf(ranges.length)(db), values);
  return ranges.map((_, index) => Number(row?.[`n${index}`] ?? 0));
}

/** bookingCounts' aggregate for each number of periods, prepared once per database when first asked for. */
const bookingCountStatements = new Map<number, (db: Database) => PreparedSelect<Record<string, number>>>();
function bookingCountsOf(periods: number) {
  let statement = bookingCountStatements.get(periods);
  if (!statement) {
    const columns = Object.fromEntries(
      Array.from({ length: periods }, (_, index) => [
        `n${index}`,
        sql<number>`coalesce(sum(CASE WHEN ${bookings.startsAt} >= ${sql.placeholder(`from${index}`)} AND ${bookings.startsAt} < ${sql.placeholder(`until${index}`)} THEN 1 END), 0)`.mapWith(
          Number,
        ),
      ]),
    );
    statement = preparedStatement((db) =>
      db
        .select(columns)
        .from(bookings)
        .where(
          ofCompany(
            bookings,
            sql.placeholder("companyId"),
            gte(bookings.startsAt, sql.placeholder("earliest")),
            lt(bookings.startsAt, sql.placeholder("latest")),
            sql`${bookings.status} <> 'cancelled'`,
          ),
        )
        .prepare(),
    );
    bookingCountStatements.set(periods, statement);
  }
  return statement;
}

/** The company's contact ids, oldest first (the seed books appointments with them). */
export async function companyContactIds(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(ofCompany(contacts, companyId))
    .orderBy(contacts.createdAt, contacts.id);
  return rows.map((row) => row.id);
}
