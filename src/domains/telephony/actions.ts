import type { Uses } from "../../core/action";
import { commitNamed } from "../../core/commit";
import { companyRow } from "../../data/rows";
import { nowIso } from "../../data/schema";
import { notFound } from "../../lib/errors";
import type { OffsetPage } from "../../lib/pagination";
import { callRates, countriesWithCallRates } from "../price-book";
import { destinations } from "./destinations";
import { numberRenamed } from "./events";
import type { PhoneNumberView } from "./model";
import { numberE164, renameStatements, toPhoneNumber } from "./queries";
import { phoneNumbers } from "./schema";
import { uuidFromHex } from "../../lib/uuid";

/**
 * Renames a number with no read before the write: one batch whose precondition makes an unknown
 * id 404 (nothing written, nothing audited) and whose UPDATE ... RETURNING answers the row as
 * written. The event's number is read inside the same batch.
 */
export async function renameNumber(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  input: { numberId: string; name: string },
): Promise<PhoneNumberView> {
  const { numberId, name } = input;
  const companyId = caller.company.id;
  const at = nowIso();
  const { renamed } = await commitNamed(
    commit,
    renameStatements(db, companyId, numberId, name, at),
    { resourceType: "phone_number", resourceId: numberId },
    [numberRenamed.of({ id: numberId, number: "", name, renamed_at: at }, { number: numberE164(companyId, numberId) })],
  );
  const [row] = renamed;
  if (!row) throw notFound("phone number");
  return toPhoneNumber(row);
}

/** The number as a rename answered it, read back (a rename's replay); 404 once it is gone. */
export async function numberView({ db, caller }: Uses<"db" | "caller">, numberId: string): Promise<PhoneNumberView> {
  const row = await companyRow(db, phoneNumbers, caller.company.id, numberId);
  if (!row) throw notFound("phone number");
  return toPhoneNumber(row);
}

// ---------------------------------------------------------------------------------------------
// Rates: the company's price book (its own rates over its plan's), never a cost or a margin

const RATE_ID_SEEDS = [1, 2, 3, 4] as const;

/** FNV-1a of the text, continued from `hash` (a seeded start, or the hash of a prefix): 32 bits. */
function fnv1a(text: string, hash: number): number {
  let next = hash;
  for (let index = 0; index < text.length; index++) next = Math.imul(next ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return next;
}

/**
 * The ids of a company's rates: a UUID (version 8, RFC 9562) derived from the company and the
 * destination, the same on every read and never another company's. Each of the four FNV-1a
 * hashes of `rate:<company>:<country>:<type>` continues from its hash of the company's prefix,
 * and each id is remembered: a page of rates hashed per rate per read was a sixth of its CPU.
 */
function rateIds(companyId: string): (country: string, numberType: string) => string {
  let ids = rateIdsOf.get(companyId);
  if (!ids) {
    if (rateIdsOf.size >= RATE_ID_COMPANIES) rateIdsOf.clear();
    ids = new Map();
    rateIdsOf.set(companyId, ids);
  }
  const known = ids;
  let prefixed: number[] | undefined;
  return (country, numberType) => {
    const destination = `${country}:${numberType}`;
    let id = known.get(destination);
    if (id === undefined) {
      prefixed ??= RATE_ID_SEEDS.map((seed) => fnv1a(`rate:${companyId}:`, (0x811c9dc5 ^ seed) >>> 0));
      const hex = prefixed.map((hash) => fnv1a(destination, hash).toString(16).padStart(8, "0")).join("");
      id = uuidFromHex(hex, 8);
      known.set(destination, id);
    }
    return id;
  };
}

/** The rate ids made per company (a pure function of company and destination), remembered for this many companies at most (then forgotten at once). */
const RATE_ID_COMPANIES = 500;
const rateIdsOf = new Map<string, Map<string, string>>();

const destinationOf = new Map(destinations.map((destination) => [destination.country, destination]));
/** Each destination's place in `destinations`, already in name order: a rate sorts by it, with no collation per request. */
const rankOf = new Map(destinations.map((destination, rank) => [destination.country, rank]));

/**
 * GET /rates: one rate per callable country and number type (landline, mobile), by destination
 * name. The prefix is the country's dialling code: a number is rated by its country and line type.
 */
export async function listRates({ db, caller }: Uses<"db" | "caller">, filter: { country?: string }, page: OffsetPage) {
  const rates = (await callRates(db, caller.company, filter.country)).filter((rate) => destinationOf.has(rate.country));
  rates.sort(
    (a, b) =>
      rankOf.get(a.country)! - rankOf.get(b.country)! ||
      (a.numberType < b.numberType ? -1 : a.numberType > b.numberType ? 1 : 0),
  );
  const rateId = rateIds(caller.company.id);
  const data = rates.slice(page.offset, page.offset + page.limit).map((rate) => {
    const destination = destinationOf.get(rate.country)!;
    return {
      id: rateId(rate.country, rate.numberType),
      prefix: destination.dialling_code.slice(1),
      country: rate.country,
      destination: `${destination.name} ${rate.numberType}`,
      price_per_minute: rate.amountMicros / 1_000_000,
      currency: rate.currency,
      minimum_seconds: rate.minimumSeconds,
      billing_increment_seconds: rate.billingIncrementSeconds,
      updated_at: rate.updatedAt,
    };
  });
  return { data, limit: page.limit, offset: page.offset };
}

/** GET /rates/countries: the callable destinations the caller has a rate for, by name. */
export function rateCountries({ caller }: Uses<"caller">, page: OffsetPage) {
  const rated = countriesWithCallRates(caller.company.plan);
  const data = destinations.filter((destination) => rated.has(destination.country));
  return { data: data.slice(page.offset, page.offset + page.limit), limit: page.limit, offset: page.offset };
}
