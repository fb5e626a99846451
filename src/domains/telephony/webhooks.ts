import { callbackUrl } from "../../core/callbacks";
import type { NumberWebhooks } from "../../integrations";

/**
 * What arrives on a rented number, and where the provider sends it: the callback topics the
 * dialer (an inbound call's TwiML request and its final status) and the conversations (an inbound
 * SMS) apply. Each URL names the company and the number, and Twilio signs it with the rest.
 */
export const inboundTopics = {
  call: "inbound-call",
  callStatus: "inbound-call-status",
  sms: "inbound-sms",
} as const;

/** The webhooks a number of the company is rented with (Twilio's VoiceUrl, SmsUrl and StatusCallback). */
export function numberWebhooks(baseUrl: string, companyId: string, numberId: string): NumberWebhooks {
  const names = { company: companyId, number: numberId };
  return {
    voiceUrl: callbackUrl(baseUrl, "twilio", inboundTopics.call, names),
    smsUrl: callbackUrl(baseUrl, "twilio", inboundTopics.sms, names),
    statusCallback: callbackUrl(baseUrl, "twilio", inboundTopics.callStatus, names),
  };
}
