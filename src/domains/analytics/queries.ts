import { gte, lte, sql } from "drizzle-orm";
import { preparedStatement, selectRows, type Database } from "../../data/client";
import { ofCompany } from "../../data/rows";
import { callDailyTotals, type callDirections, type callResults } from "../calls";

type CallDirection = (typeof callDirections)[number];
type CallResult = (typeof callResults)[number];

/** Calls, talk time and cost of one direction and result. */
export interface Cell {
  direction: CallDirection;
  result: CallResult;
  calls: number;
  durationSeconds: number;
  costMinor: number;
}

const t = callDailyTotals;
const sums = {
  direction: t.direction,
  result: t.result,
  calls: sql<number>`sum(${t.calls})`.mapWith(Number),
  durationSeconds: sql<number>`sum(${t.durationSeconds})`.mapWith(Number),
  costMinor: sql<number>`sum(${t.costMinor})`.mapWith(Number),
};

/**
 * The company's calls whose local date is within [from, to], by direction and result: one
 * aggregate over the calls domain's call_daily_totals (the calls table summed per local day,
 * direction and result, kept equal to it by triggers; what GET /calls totals too), which reads at
 * most one row per day, direction and result through its primary key (company_id, local_date, ...).
 */
export function callCells(db: Database, companyId: string, from: string, to: string): Promise<Cell[]> {
  return selectRows(db, cellsOfPeriod(db), { companyId, from, to });
}
const inPeriod = () =>
  ofCompany(
    t,
    sql.placeholder("companyId"),
    gte(t.localDate, sql.placeholder("from")),
    lte(t.localDate, sql.placeholder("to")),
  );
/** The aggregate of one period, prepared once per database. */
const cellsOfPeriod = preparedStatement((db) =>
  db.select(sums).from(t).where(inPeriod()).groupBy(t.direction, t.result).prepare(),
);

/**
 * The same cells for two adjacent periods in one aggregate: `current` is [split, to], `previous`
 * [from, split). Dates compare as text (YYYY-MM-DD).
 */
export async function callCellsOfTwoPeriods(db: Database, companyId: string, from: string, split: string, to: string) {
  const rows = await selectRows(db, cellsOfTwoPeriods(db), { companyId, from, split, to });
  const strip = ({ current: _current, ...cell }: (typeof rows)[number]): Cell => cell;
  return {
    current: rows.filter((row) => row.current === 1).map(strip),
    previous: rows.filter((row) => row.current !== 1).map(strip),
  };
}
/** The aggregate of two adjacent periods, prepared once per database. */
const cellsOfTwoPeriods = preparedStatement((db) =>
  db
    .select({ ...sums, current: sql<number>`${t.localDate} >= ${sql.placeholder("split")}`.mapWith(Number) })
    .from(t)
    .where(inPeriod())
    .groupBy(sql`${t.localDate} >= ${sql.placeholder("split")}`, t.direction, t.result)
    .prepare(),
);
