import { defineDomain } from "../../core/domain";
import { sequenceMailCallback } from "./callbacks";
import { sequenceEvents } from "./events";
import { prepareSequenceStep, sendSequenceStep, startSequenceSteps } from "./jobs";
import { sequenceOperations } from "./routes";
import { seedSequenceDomain } from "./seed";

/** Email sequences: ordered template steps with delays, and the contacts enrolled in them. */
export default defineDomain({
  name: "sequences",
  defaults: {
    tag: "Sequences",
    tagDescription:
      "Email sequences: ordered steps (an email template and a delay in days) and the contacts enrolled in them, each once.",
    plans: "NONE",
    capability: "campaigns",
  },
  operations: sequenceOperations,
  events: sequenceEvents,
  jobs: [sendSequenceStep],
  // An enrollment's start and each later step are scheduled for their time.
  dueWork: [startSequenceSteps, prepareSequenceStep],
  // Postmark's delivery webhooks about step mail (email's webhook URL, told apart by Metadata).
  callbacks: [sequenceMailCallback],
  seed: ({ db, company, random, now, scale }) => seedSequenceDomain(db, company.id, random, now, scale),
});
