import { defineDomain } from "../../core/domain";
import { messageStatusCallback } from "./callbacks";
import { smsEvents } from "./events";
import { reconcileSms } from "./jobs";
import { smsOperations } from "./routes";
import { seedSmsDomain } from "./seed";

export { segmentSms } from "./segments";
export { deliverSms, smsRecipient, smsSending } from "./actions";
export { recordSmsReport, type SmsReport } from "./outcomes";
export { smsMessages, type SmsMessageRow } from "./schema";

/** SMS: checking recipients, sending through the SMS provider (paid from the wallet per segment), and what was sent. */
export default defineDomain({
  name: "sms",
  defaults: {
    tag: "SMS",
    tagDescription:
      "Checking SMS recipients and prices, sending SMS (paid from the wallet per segment), and the history of what was sent.",
    plans: "NONE",
    capability: "sms",
  },
  operations: smsOperations,
  events: smsEvents,
  seed: seedSmsDomain,
  dueWork: [reconcileSms],
  callbacks: [messageStatusCallback],
});
