import { invalidPhoneMessage, parsePhone, type PhoneLineType } from "../../lib/phone";

/**
 * Numbers of these kinds cannot hold a WhatsApp account (they cannot receive the registration
 * code): toll-free, premium-rate, shared-cost, voicemail, UAN and pager numbers. Mobile, fixed
 * and VoIP numbers can (WhatsApp Business verifies landlines by voice call).
 */
const cannotBeOnWhatsApp: ReadonlySet<PhoneLineType> = new Set<PhoneLineType>([
  "TOLL_FREE",
  "PREMIUM_RATE",
  "SHARED_COST",
  "VOICEMAIL",
  "UAN",
  "PAGER",
]);

export type WhatsAppPhone =
  | { valid: false; e164: null; country: null; reachable: false; reason: string }
  | { valid: true; e164: string; country: string | null; reachable: boolean; reason: string | null };

/**
 * Reads a phone as people write it into E.164 (without a country code, in the company's region),
 * and says whether such a number can be on WhatsApp at all.
 */
export function readWhatsAppPhone(raw: string, defaultRegion: string): WhatsAppPhone {
  const parsed = parsePhone(raw, defaultRegion);
  if (!parsed)
    return { valid: false, e164: null, country: null, reachable: false, reason: invalidPhoneMessage(defaultRegion) };
  const type = parsed.lineType();
  const reachable = type === undefined || !cannotBeOnWhatsApp.has(type);
  return {
    valid: true,
    e164: parsed.e164,
    country: parsed.country ?? null,
    reachable,
    reason: reachable ? null : `A ${type!.toLowerCase().replace(/_/g, "-")} number cannot be on WhatsApp.`,
  };
}
