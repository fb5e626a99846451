import { isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js";
import { invalidField } from "../../core/errors";

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string };

/**
 * Reads a phone number as a person writes it (spaces, dashes, a national number) into E.164.
 * A number without a country code is read in `defaultRegion` (the company's setting). The whole
 * text must be the number (no extraction from prose), and it must be a valid number of its region.
 */
export function normalisePhone(raw: string, defaultRegion: string): PhoneResult {
  const region = isSupportedCountry(defaultRegion) ? defaultRegion : undefined;
  const parsed = parsePhoneNumberFromString(raw.trim(), { defaultCountry: region, extract: false });
  if (!parsed || !parsed.isValid()) {
    return {
      ok: false,
      message: `Not a valid phone number${region ? ` (numbers without a country code are read as ${region})` : ""}; use E.164, such as +34612345678.`,
    };
  }
  return { ok: true, e164: parsed.number };
}

/** The E.164 form of a phone the request sent, or a 400 naming the field. */
export function requirePhone(raw: string, defaultRegion: string, path: string): string {
  const result = normalisePhone(raw, defaultRegion);
  if (result.ok) return result.e164;
  throw invalidField(path, result.message);
}
