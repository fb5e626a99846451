import { defineDomain } from "../../core/domain";
import { contactListEvents } from "./events";
import { contactListOperations } from "./routes";
import { listExampleRows } from "./model";
import { seedContactListDomain } from "./seed";

export { exampleListId } from "./model";
export { contactListMembers, contactLists } from "./schema";

/** Named lists of the company's contacts (campaign audiences and the like). */
export default defineDomain({
  name: "contact-lists",
  defaults: {
    tag: "Contact lists",
    tagDescription: "Named lists of the company's contacts (campaign audiences and the like) and their members.",
    plans: "ALL",
    capability: "contacts",
  },
  operations: contactListOperations,
  events: contactListEvents,
  examples: listExampleRows,
  seed: async ({ db, company, random, now, scale }) =>
    scale === "full" ? seedContactListDomain(db, company.id, random, now) : {},
});
