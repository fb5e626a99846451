import { defineDomain } from "../../core/domain";
import { requestOperations } from "./routes";

/**
 * The request log: every request the company's keys made, with what it answered and what it
 * caused. The pipeline writes it (src/core/stages/request-log.ts); this domain reads it.
 */
export default defineDomain({
  name: "requests",
  defaults: {
    tag: "Requests",
    tagDescription:
      "The request log: every request the company's keys made, its redacted bodies, and the events, provider calls and callbacks it caused.",
    plans: "ALL",
    capability: "audit",
  },
  operations: requestOperations,
});
