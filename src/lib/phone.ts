/**
 * Phone numbers, read one way everywhere: E.164 normalisation, validity, country and line type.
 *
 * One metadata set: libphonenumber-js's "max". SMS (a fixed line cannot receive one) and WhatsApp
 * (a toll-free or premium-rate number cannot hold an account) need a number's line type, which only
 * "max" tells; "min" answers no type at all. "max" validates against each region's number patterns,
 * where "min" mostly checks lengths, so a number is now valid or not the same way in every domain.
 * Bundle (`wrangler deploy --dry-run`, gzip): both sets, as before, 607.9 KiB; "max" alone 586.8 KiB;
 * "min" alone would be 566.8 KiB but loses line types.
 */
import { z } from "@hono/zod-openapi";
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
  type NumberType,
} from "libphonenumber-js/max";
import { invalidField } from "./errors";

/** What kind of line a number is: MOBILE, FIXED_LINE, TOLL_FREE, VOIP, ... */
export type PhoneLineType = NonNullable<NumberType>;

/** A valid phone number. */
export interface Phone {
  e164: string;
  /** The region it belongs to; absent for non-geographic numbers (+800, +882). */
  country: CountryCode | undefined;
  /** Its line type, when the metadata tells it (computed on demand: it costs a pattern match per type). */
  lineType(): PhoneLineType | undefined;
}

export interface ParseOptions {
  /**
   * Find the number inside other text ("call +34 612 345 678") instead of reading the whole text
   * as the number. Only the dialer reads its `to` this way.
   */
  findInText?: boolean;
}

/** Whether `code` is an ISO 3166-1 alpha-2 region with a numbering plan the metadata knows. */
const isRegion = (code: string): boolean => /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);

/**
 * An ISO 3166-1 alpha-2 country with a telephone numbering plan (ES, GB...): `ZZ` is a 400, never a
 * provider's error. Here rather than in schemas.ts, so that start-up (which evaluates schemas.ts) does
 * not evaluate the phone metadata.
 */
export const countryCode = () =>
  z
    .string()
    .max(2)
    .refine(isRegion, "An ISO 3166-1 alpha-2 country code (ES, GB, US...).")
    .openapi({ pattern: "^[A-Z]{2}$", description: "ISO 3166-1 alpha-2 country code", example: "ES" });

/** `code` as a region the metadata knows (ISO 3166-1 alpha-2), else undefined. */
const supportedRegion = (code: string | undefined): CountryCode | undefined =>
  code !== undefined && isSupportedCountry(code) ? code : undefined;

/**
 * Reads a phone number as a person writes it (spaces, dashes, a national number). A number without
 * a country code is read in `defaultRegion` (the company's setting; ignored when not a region).
 * The whole text must be the number unless `findInText`. Undefined when it is not a valid number.
 */
export function parsePhone(raw: string, defaultRegion?: string, options: ParseOptions = {}): Phone | undefined {
  const defaultCountry = supportedRegion(defaultRegion);
  const parsed = options.findInText
    ? parsePhoneNumberFromString(raw, { defaultCountry })
    : parsePhoneNumberFromString(raw.trim(), { defaultCountry, extract: false });
  if (!parsed?.isValid()) return undefined;
  return { e164: parsed.number, country: parsed.country, lineType: () => parsed.getType() };
}

/** Why a phone was refused, naming the region national numbers are read in. */
export function invalidPhoneMessage(defaultRegion: string): string {
  const region = supportedRegion(defaultRegion);
  return `Not a valid phone number${region ? ` (numbers without a country code are read as ${region})` : ""}; use E.164, such as +34612345678.`;
}

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string };

/** The E.164 form of a phone (see parsePhone), or why it is refused. */
export function normalisePhone(raw: string, defaultRegion: string): PhoneResult {
  const phone = parsePhone(raw, defaultRegion);
  return phone ? { ok: true, e164: phone.e164 } : { ok: false, message: invalidPhoneMessage(defaultRegion) };
}

/** The E.164 form of a phone the request sent, or a 400 naming the field. */
export function requirePhone(raw: string, defaultRegion: string, path: string): string {
  const result = normalisePhone(raw, defaultRegion);
  if (result.ok) return result.e164;
  throw invalidField(path, result.message);
}

/** A region's international dialling code ("+34"), or undefined when the metadata does not know the region. */
export const diallingCode = (country: string): string | undefined => {
  const region = supportedRegion(country);
  return region ? `+${getCountryCallingCode(region)}` : undefined;
};
