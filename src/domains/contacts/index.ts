import { defineDomain } from "../../core/domain";
import { contactEvents } from "./events";
import { contactOperations } from "./routes";
import { contactExampleRows } from "./model";
import { seedContactDomain } from "./seed";

export { Contact, contactExample, exampleContactIds, toContact } from "./model";
export { contacts } from "./schema";
export { contactOfColumns, contactViewColumns, type RawContactColumns } from "./queries";

/** The company's contacts (CRM): E.164 phones, one contact per phone and per email. */
export default defineDomain({
  name: "contacts",
  defaults: {
    tag: "Contacts",
    tagDescription:
      "The company's contacts (CRM): E.164 phones, one contact per phone and one per email; identify by phone mid-call, import in bulk.",
    plans: "ALL",
    capability: "contacts",
  },
  operations: contactOperations,
  events: contactEvents,
  examples: contactExampleRows,
  seed: ({ db, company, random, now }) => seedContactDomain(db, company.id, random, now),
});
