/**
 * How an SMS text is encoded and split into segments (3GPP TS 23.038 and TS 23.040).
 *
 * GSM-7: the text uses only the GSM 03.38 default alphabet and its extension table. Each basic
 * character is one septet; an extension character is two (ESC + the character). One message holds
 * 160 septets; a longer text is split into segments of 153 septets (7 octets go to the concatenation
 * header), and an escape pair is never split across two segments.
 * UCS-2: any other text. Each UTF-16 code unit is 2 octets: one message holds 70 units, a longer one
 * is split into segments of 67, and a surrogate pair (an emoji) is never split across two segments.
 */
export const GSM7_SINGLE_SEPTETS = 160;
export const GSM7_SEGMENT_SEPTETS = 153;
export const UCS2_SINGLE_UNITS = 70;
export const UCS2_SEGMENT_UNITS = 67;

/** The GSM 03.38 default alphabet (one septet each), in table order. */
const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table (ESC + character: two septets each): form feed, ^ { } \ [ ~ ] | €. */
const GSM7_EXTENSION = "\f^{}\\[~]|€";

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

type SmsEncodingName = "GSM-7" | "UCS-2";

export interface SmsSegmentation {
  encoding: SmsEncodingName;
  /** Characters as a person counts them (Unicode code points). */
  characters: number;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  segments: number;
}

/** Packs items of the given sizes into segments of `capacity`, never splitting an item. */
function packedSegments(sizes: readonly number[], capacity: number): number {
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > capacity) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return segments;
}

/** The encoding and segment count of `text` (an empty text is one empty segment). */
export function segmentSms(text: string): SmsSegmentation {
  const characters = [...text];
  const gsm = characters.every((char) => basic.has(char) || extension.has(char));
  const sizes = gsm ? characters.map((char) => (extension.has(char) ? 2 : 1)) : characters.map((char) => char.length);
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const [single, segment] = gsm ? [GSM7_SINGLE_SEPTETS, GSM7_SEGMENT_SEPTETS] : [UCS2_SINGLE_UNITS, UCS2_SEGMENT_UNITS];
  return {
    encoding: gsm ? "GSM-7" : "UCS-2",
    characters: characters.length,
    units,
    segments: units <= single ? 1 : packedSegments(sizes, segment),
  };
}
