import { runBatches } from "../../core/db/bulk";
import type { Database } from "../../core/db/client";
import { nowIso } from "../../core/db/schema";
import { currencyExponent } from "../../core/money";
import { addDays, instantRange, isTimeZone, localDateOf, nextDate, regionTimeZone } from "../../core/period";
import { bulkCallsOfDay, callSettingsOf, callSettingsUpsert, callSpan, companyDefaults, localDateRewrite } from "./queries";
import { InputError } from "../../core/input-error";

/*
 * What the web panel does with calls, for the admin CLI that stands in for it (npm run admin --
 * calls settings | bulk-calls). The API reads the settings; only the panel changes them.
 */

async function companyOf(db: Database, companyId: string) {
  const company = await companyDefaults(db, companyId);
  if (!company) throw new InputError("unknown_company", `No company ${companyId}.`);
  return company;
}

/** Every local date from `first` to `last` (both YYYY-MM-DD), in order. */
function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = nextDate(date)) dates.push(date);
  return dates;
}

/**
 * Sets the company's time zone (an IANA name, or "region" for its region's default) and its
 * retention in days. A new time zone rewrites the local date of each of the company's calls, one
 * local day per statement, so that periods and their totals are read in it from then on.
 */
export async function configureCalls(db: Database, companyId: string, input: { timeZone?: string; retentionDays?: string }) {
  const company = await companyOf(db, companyId);
  const current = await callSettingsOf(db, companyId, company.region);
  let timeZone: string | null | undefined;
  if (input.timeZone === "region") timeZone = null;
  else if (input.timeZone !== undefined) {
    if (!isTimeZone(input.timeZone)) throw new InputError("invalid_argument", `--time-zone must be an IANA time zone such as Europe/Madrid (or "region"); got "${input.timeZone}".`);
    timeZone = input.timeZone;
  }
  const retentionDays = input.retentionDays === undefined ? current.retentionDays : Number(input.retentionDays);
  if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 3650) throw new InputError("invalid_argument", "--retention-days must be a whole number of days from 1 to 3650.");
  const stored = timeZone === undefined ? (current.timeZone === regionTimeZone(company.region) ? null : current.timeZone) : timeZone;
  const zone = stored ?? regionTimeZone(company.region);

  const statements = [];
  if (zone !== current.timeZone) {
    const span = await callSpan(db, companyId);
    if (span) {
      for (const date of datesBetween(localDateOf(span.first, zone), localDateOf(span.last, zone))) {
        const range = instantRange({ startDate: date, endDate: date }, zone) as { from: string; until: string };
        statements.push(localDateRewrite(db, companyId, date, range));
      }
    }
  }
  await runBatches(db, [...statements, callSettingsUpsert(db, companyId, { timeZone: stored, retentionDays }, nowIso())]);
  return { company_id: companyId, time_zone: zone, time_zone_set: stored !== null, retention_days: retentionDays, days_rewritten: statements.length };
}

/**
 * `count` synthetic calls for the benchmark, spread evenly over the `days` local days before
 * today in the company's time zone (local dates and day totals right, like any other call).
 */
export async function bulkCalls(db: Database, companyId: string, input: { count: string; days?: string }, now = Date.now()) {
  const count = Number(input.count);
  const days = input.days === undefined ? 30 : Number(input.days);
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) throw new InputError("invalid_argument", "--count must be a whole number from 1 to 10,000,000.");
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new InputError("invalid_argument", "--days must be a whole number from 1 to 3650.");
  const company = await companyOf(db, companyId);
  const { timeZone } = await callSettingsOf(db, companyId, company.region);
  const currency = company.currency && currencyExponent(company.currency) !== undefined ? company.currency : "EUR";
  const today = localDateOf(now, timeZone);
  let left = count;
  for (let back = days; back >= 1; back--) {
    const date = addDays(today, -back);
    const onDay = Math.ceil(left / back);
    if (onDay === 0) continue;
    const range = instantRange({ startDate: date, endDate: date }, timeZone) as { from: string; until: string };
    await bulkCallsOfDay(db, companyId, date, range, onDay, currency, count - left);
    left -= onDay;
  }
  return { company_id: companyId, calls: count, days, time_zone: timeZone };
}
