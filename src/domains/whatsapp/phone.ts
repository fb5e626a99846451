import { isSupportedCountry, parsePhoneNumberFromString, type NumberType } from "libphonenumber-js/max";

/**
 * Numbers of these kinds cannot hold a WhatsApp account (they cannot receive the registration
 * code): toll-free, premium-rate, shared-cost, voicemail, UAN and pager numbers. Mobile, fixed
 * and VoIP numbers can (WhatsApp Business verifies landlines by voice call). The full metadata
 * ("max") is needed to tell a number's type.
 */
const cannotBeOnWhatsApp: ReadonlySet<NumberType> = new Set<NumberType>(["TOLL_FREE", "PREMIUM_RATE", "SHARED_COST", "VOICEMAIL", "UAN", "PAGER"]);

export type WhatsAppPhone =
  | { valid: false; e164: null; country: null; reachable: false; reason: string }
  | { valid: true; e164: string; country: string | null; reachable: boolean; reason: string | null };

/**
 * Reads a phone as people write it into E.164 (without a country code, in the company's region),
 * and says whether such a number can be on WhatsApp at all.
 */
export function readWhatsAppPhone(raw: string, defaultRegion: string): WhatsAppPhone {
  const region = isSupportedCountry(defaultRegion) ? defaultRegion : undefined;
  const parsed = parsePhoneNumberFromString(raw.trim(), { defaultCountry: region, extract: false });
  if (!parsed || !parsed.isValid()) {
    return { valid: false, e164: null, country: null, reachable: false, reason: `Not a valid phone number${region ? ` (numbers without a country code are read as ${region})` : ""}; use E.164, such as +34612345678.` };
  }
  const type = parsed.getType();
  const reachable = type === undefined || !cannotBeOnWhatsApp.has(type);
  return {
    valid: true,
    e164: parsed.number,
    country: parsed.country ?? null,
    reachable,
    reason: reachable ? null : `A ${type!.toLowerCase().replace(/_/g, "-")} number cannot be on WhatsApp.`,
  };
}
