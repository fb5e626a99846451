import type { PhoneLookup } from "../../integrations";
import { parsePhone, type PhoneLineType } from "../../lib/phone";
import { destinations } from "../telephony";
import type { LineType, RecipientVerdict } from "./model";

/** The countries the platform's carriers reach (the telephony domain's destination catalogue). */
const covered = new Set(destinations.map((destination) => destination.country));

/** Line types that cannot receive an SMS (offline metadata). */
const cannotReceive: ReadonlySet<PhoneLineType> = new Set<PhoneLineType>([
  "FIXED_LINE",
  "TOLL_FREE",
  "PREMIUM_RATE",
  "SHARED_COST",
  "UAN",
  "VOICEMAIL",
]);

/** The offline parse's line types in the answer's terms (FIXED_LINE_OR_MOBILE: the metadata cannot tell). */
const offlineLineTypes: Partial<Record<PhoneLineType, LineType>> = {
  MOBILE: "mobile",
  FIXED_LINE: "landline",
  VOIP: "voip",
  TOLL_FREE: "other",
  PREMIUM_RATE: "other",
  SHARED_COST: "other",
  UAN: "other",
  VOICEMAIL: "other",
  PERSONAL_NUMBER: "other",
  PAGER: "other",
};

/**
 * Twilio Lookup's line types (line_type_intelligence.type) in the answer's terms, and whether an SMS
 * reaches each: mobiles and VoIP lines take SMS; landlines, toll-free, premium, shared-cost, UAN,
 * voicemail and pager numbers do not. `unknown` (or no type) says nothing either way.
 */
const lookupLineTypes: Record<string, { lineType: LineType; reachable: boolean }> = {
  mobile: { lineType: "mobile", reachable: true },
  landline: { lineType: "landline", reachable: false },
  fixedVoip: { lineType: "voip", reachable: true },
  nonFixedVoip: { lineType: "voip", reachable: true },
  personal: { lineType: "other", reachable: true },
  tollFree: { lineType: "other", reachable: false },
  premium: { lineType: "other", reachable: false },
  sharedCost: { lineType: "other", reachable: false },
  uan: { lineType: "other", reachable: false },
  voicemail: { lineType: "other", reachable: false },
  pager: { lineType: "other", reachable: false },
};

export interface Recipient {
  input: string;
  e164: string | null;
  country: string | null;
  /** What is known without the company's prices: invalid, not a mobile, not covered, or reachable. */
  verdict: Exclude<RecipientVerdict, "no_rate">;
  lineType: LineType | null;
  /** Whether an SMS reaches the line; null when neither the lookup nor the metadata can tell. */
  reachable: boolean | null;
  /** Where the line type and reachability come from: the provider's lookup, or the offline parse. */
  source: "lookup" | "offline";
}

/** A number's E.164 form in the company's region, or null when it does not parse: what the lookup is asked about. */
export function parsedNumber(input: string, defaultRegion: string): string | null {
  const parsed = parsePhone(input, defaultRegion);
  return parsed?.country ? parsed.e164 : null;
}

/**
 * Reads one recipient: its E.164 form and country (a national number is read in the company's
 * region), its line type and whether an SMS reaches it, and whether the platform reaches its
 * country. With the provider's lookup of the number, its answer decides the line (it knows ported
 * numbers and VoIP ranges); without it, the offline metadata does. Whether the company has a price
 * for the country is the caller's part (verdict no_rate).
 */
export function readRecipient(input: string, defaultRegion: string, lookup?: PhoneLookup): Recipient {
  const parsed = parsePhone(input, defaultRegion);
  if (!parsed?.country)
    return {
      input,
      e164: null,
      country: null,
      verdict: "invalid_number",
      lineType: null,
      reachable: null,
      source: "offline",
    };
  const { e164, country } = parsed;
  const reached = covered.has(country) ? "allowed" : "destination_not_covered";
  if (lookup) {
    if (!lookup.valid)
      return { input, e164, country, verdict: "invalid_number", lineType: null, reachable: false, source: "lookup" };
    const line = lookup.lineType ? lookupLineTypes[lookup.lineType] : undefined;
    if (line)
      return {
        input,
        e164,
        country,
        verdict: line.reachable ? reached : "not_mobile",
        lineType: line.lineType,
        reachable: line.reachable,
        source: "lookup",
      };
    // The lookup could not type the line: the metadata still can.
  }
  const type = parsed.lineType();
  const lineType = type ? (offlineLineTypes[type] ?? null) : null;
  if (type && cannotReceive.has(type))
    return { input, e164, country, verdict: "not_mobile", lineType, reachable: false, source: "offline" };
  return {
    input,
    e164,
    country,
    verdict: reached,
    lineType,
    reachable: lineType === null ? null : true,
    source: "offline",
  };
}

/** Why a recipient is refused, in words for a 400. */
export const verdictMessages: Record<Exclude<RecipientVerdict, "allowed">, string> = {
  invalid_number: "Not a valid phone number; use E.164, such as +34612345678.",
  not_mobile: "This number is a fixed line (or a service number) and cannot receive SMS.",
  destination_not_covered: "The platform does not send SMS to this number's country.",
  no_rate: "This account has no SMS price for this number's country; ask your distributor to enable it.",
};
