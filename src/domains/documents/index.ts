import { defineDomain } from "../../core/domain";
import { documentEvents } from "./events";
import { documentOperatorOperations } from "./panel";
import { documentOperations } from "./routes";
import { seedDocumentsDomain } from "./seed";

export { connectArchive } from "./queries";

/** The company's document archive (Paperless-ngx through the gateway). */
export default defineDomain({
  name: "documents",
  defaults: {
    tag: "Documents",
    tagDescription:
      "The company's document archive (invoices, contracts, receipts), searched by type, label, text and date.",
    plans: "NONE",
    capability: "documents",
  },
  operations: documentOperations,
  operatorOperations: documentOperatorOperations,
  events: documentEvents,
  seed: seedDocumentsDomain,
});
