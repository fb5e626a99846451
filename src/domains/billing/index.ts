import { defineDomain } from "../../core/domain";
import { seedBillingDomain } from "./seed";

export { credit, debit, insufficientFunds } from "./wallet";
export { ledgerSince, walletBalance, type LedgerSince } from "./queries";

/** The company's wallet and its ledger; its debit and credit join the batches of the writes they pay for. */
export default defineDomain({
  name: "billing",
  defaults: { tag: "Billing", plans: "ALL", capability: "billing" },
  operations: [],
  seed: async ({ db, company, random, now, scale }) => (scale === "full" ? seedBillingDomain(db, company.id, random, now) : {}),
});
