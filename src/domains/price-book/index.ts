import { defineDomain } from "../../core/domain";
import { priceBookOperatorOperations } from "./panel";

export {
  callRate,
  callRates,
  countriesWithCallRates,
  messagePrice,
  pricedCompanyOf,
  smsPrices,
  type MessagePrice,
  type PricedCompany,
} from "./prices";

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
