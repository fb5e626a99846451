import Big from "big.js";
import { eq } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { companies, nowIso } from "../../core/db/schema";
import { currencyExponent, toMajor } from "../../core/money";
import { walletBalance } from "../billing";
import { agencyPriceUpsert } from "./queries";
import { InputError } from "../../core/input-error";

/** The highest setup price the panel accepts, in major units. */
const MAX_SETUP_PRICE = 100_000;

/**
 * Sets the setup price an agency pays per subaccount it creates (0 for none), in its wallet's
 * currency (or its default currency, EUR without one), so the debit always fits its wallet.
 */
export async function setAgencyPrice(db: Database, companyId: string, input: { setupPrice: string }) {
  const company = await db.select({ currency: companies.defaultCurrency }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) throw new InputError("unknown_company", `No company ${companyId}.`);
  const currency = (await walletBalance(db, companyId))?.currency ?? company.currency ?? "EUR";
  const exponent = currencyExponent(currency) ?? 2;
  let minor: number;
  try {
    const price = new Big(input.setupPrice);
    if (price.lt(0) || price.gt(MAX_SETUP_PRICE) || !price.times(10 ** exponent).mod(1).eq(0)) throw new Error();
    minor = price.times(10 ** exponent).toNumber();
  } catch {
    throw new InputError("invalid_argument", `--setup-price must be an amount from 0 to ${MAX_SETUP_PRICE} ${currency} with at most ${exponent} decimals.`);
  }
  await agencyPriceUpsert(db, companyId, minor, currency, nowIso());
  return { company_id: companyId, setup_price: toMajor(minor, exponent), currency };
}
