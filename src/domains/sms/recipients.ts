import { parsePhone, type PhoneLineType } from "../../core/phone";
import { destinations } from "../telephony";
import type { RecipientVerdict } from "./model";

/** The countries the platform's carriers reach (the telephony domain's destination catalogue). */
const covered = new Set(destinations.map((destination) => destination.country));

/** Line types that cannot receive an SMS. */
const cannotReceive: ReadonlySet<PhoneLineType> = new Set<PhoneLineType>(["FIXED_LINE", "TOLL_FREE", "PREMIUM_RATE", "SHARED_COST", "UAN", "VOICEMAIL"]);

export interface Recipient {
  input: string;
  e164: string | null;
  country: string | null;
  /** What is known without the company's prices: invalid, not a mobile, not covered, or reachable. */
  verdict: Exclude<RecipientVerdict, "no_rate">;
}

/**
 * Reads one recipient: its E.164 form and country (a national number is read in the company's
 * region), whether its line can receive SMS, and whether the platform reaches its country. Whether
 * the company has a price for the country is the caller's part (verdict no_rate).
 */
export function readRecipient(input: string, defaultRegion: string): Recipient {
  const parsed = parsePhone(input, defaultRegion);
  if (!parsed?.country) return { input, e164: null, country: null, verdict: "invalid_number" };
  const { e164, country } = parsed;
  const type = parsed.lineType();
  if (type && cannotReceive.has(type)) return { input, e164, country, verdict: "not_mobile" };
  return { input, e164, country, verdict: covered.has(country) ? "allowed" : "destination_not_covered" };
}

/** Why a recipient is refused, in words for a 400. */
export const verdictMessages: Record<Exclude<RecipientVerdict, "allowed">, string> = {
  invalid_number: "Not a valid phone number; use E.164, such as +34612345678.",
  not_mobile: "This number is a fixed line (or a service number) and cannot receive SMS.",
  destination_not_covered: "The platform does not send SMS to this number's country.",
  no_rate: "This account has no SMS price for this number's country; ask your distributor to enable it.",
};
