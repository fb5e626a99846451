import { defineDomain } from "../../core/domain";
import { auditLogOperations } from "./routes";

/** The activity log every successful write records (the pipeline writes it; this domain reads it). */
export default defineDomain({
  name: "audit-log",
  defaults: {
    tag: "Audit log",
    tagDescription: "Every successful write made through the API: which key, which operation, which resource, when.",
    plans: "ALL",
    capability: "audit",
  },
  operations: auditLogOperations,
});
