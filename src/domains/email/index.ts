import { defineDomain } from "../../core/domain";
import { emailEventCallback } from "./callbacks";
import { emailEvents } from "./events";
import { checkEmailIdentity, reconcileEmail } from "./jobs";
import { emailOperatorOperations } from "./panel";
import { emailOperations } from "./routes";
import { identityExampleRows } from "./model";
import { seedEmailDomain } from "./seed";

export { defaultIdentity, insertIdentity } from "./queries";
export { fromHeader } from "./model";
export {
  emailBounced,
  emailComplained,
  emailDelivered,
  emailEvent,
  emailFailed,
  emailSent,
  EmailEventData,
  type EmailSend,
} from "./events";
export { SUPPRESSION_TAG, deliveryChange, deliveryEventOf } from "./outcomes";
export { PostmarkDeliveryWebhook, postmarkEventId, postmarkReport } from "./callbacks";
export { emailDeliveryStatuses, type EmailDeliveryStatus } from "./schema";

/** Email: the company's sending identities, sending through the email provider, and what was sent. */
export default defineDomain({
  name: "email",
  defaults: {
    tag: "Email",
    tagDescription:
      "Sending identities (the addresses email goes out from), sending email through the provider, and the history of what was sent.",
    plans: "NONE",
    capability: "email",
  },
  operations: emailOperations,
  operatorOperations: emailOperatorOperations,
  events: emailEvents,
  examples: identityExampleRows,
  seed: seedEmailDomain,
  dueWork: [reconcileEmail, checkEmailIdentity],
  callbacks: [emailEventCallback],
});
