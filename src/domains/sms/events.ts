import { defineEvent, type EventDefinition } from "../../data/events";
import { SmsMessage } from "./model";

export const smsSent = defineEvent(
  "sms.sent",
  "The provider accepted an SMS (`source` says what sent it). The message as recorded, with its cost.",
  SmsMessage,
);

export const smsDelivered = defineEvent(
  "sms.delivered",
  "The carrier reported an SMS delivered (the provider's status callback, or the provider's answer when asked).",
  SmsMessage,
);

export const smsFailed = defineEvent(
  "sms.failed",
  "An SMS was not sent or not delivered: the provider refused or failed it, the carrier reported it undelivered, or its send was interrupted and never confirmed. " +
    "Its cost was refunded in the same write (`refunded`); `failure_reason` says why.",
  SmsMessage,
);

export const smsEvents: EventDefinition[] = [smsSent, smsDelivered, smsFailed];
