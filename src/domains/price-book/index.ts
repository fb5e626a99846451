import { defineDomain } from "../../core/domain";
import { priceBookOperatorOperations } from "./panel";

export { CALL_BILLING, type NumberType } from "./book";
export { callRate, callRates, countriesWithCallRates, messagePrice, microsToMinor, pricedCompanyOf, smsPrices, type CallRate, type MessagePrice, type PricedCompany } from "./prices";
export { bookCountries } from "./book";

/**
 * The platform's price book: call rates, SMS, email and WhatsApp prices per plan (a default book in
 * code, edited by the operator), and companies' own prices over it. No public operation: the
 * telephony, dialer, SMS and campaigns domains read it; the operator edits it (panel.ts).
 */
export default defineDomain({
  name: "price-book",
  defaults: { tag: "Price book", plans: "ALL", capability: "rates" },
  operations: [],
  operatorOperations: priceBookOperatorOperations,
});
