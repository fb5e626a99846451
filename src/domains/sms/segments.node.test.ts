import { describe, expect, it } from "vitest";
import {
  GSM7_SEGMENT_SEPTETS,
  GSM7_SINGLE_SEPTETS,
  segmentSms,
  UCS2_SEGMENT_UNITS,
  UCS2_SINGLE_UNITS,
} from "./segments";

const a = (n: number) => "a".repeat(n);
const cyrillic = (n: number) => "д".repeat(n);

describe("SMS segments: GSM-7", () => {
  it("the limits: 160 septets in one message, then 153 per segment", () => {
    expect([GSM7_SINGLE_SEPTETS, GSM7_SEGMENT_SEPTETS, UCS2_SINGLE_UNITS, UCS2_SEGMENT_UNITS]).toEqual([
      160, 153, 70, 67,
    ]);
    expect(segmentSms("")).toEqual({ encoding: "GSM-7", characters: 0, units: 0, segments: 1 });
    expect(segmentSms(a(160))).toMatchObject({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(segmentSms(a(161))).toMatchObject({ units: 161, segments: 2 });
    expect(segmentSms(a(306)).segments).toBe(2);
    expect(segmentSms(a(307)).segments).toBe(3);
    expect(segmentSms(a(459)).segments).toBe(3);
    expect(segmentSms(a(460)).segments).toBe(4);
  });

  it("the whole basic alphabet is GSM-7, one septet each (Greek capitals, accented letters, @, £, ¥, §, ¿, newline)", () => {
    const basic =
      "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
    expect(segmentSms(basic)).toEqual({ encoding: "GSM-7", characters: 127, units: 127, segments: 1 });
  });

  it("extension characters (^ { } \\ [ ~ ] | € and form feed) stay GSM-7 and count two septets", () => {
    expect(segmentSms("^{}\\[~]|€\f")).toEqual({ encoding: "GSM-7", characters: 10, units: 20, segments: 1 });
    expect(segmentSms("€".repeat(80))).toMatchObject({ units: 160, segments: 1 });
    // 162 septets: 76 euro signs (152 septets) fit a segment of 153, an escape pair is never split.
    expect(segmentSms("€".repeat(81))).toMatchObject({ units: 162, segments: 2 });
    expect(segmentSms(`${a(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it("an escape pair that would straddle two segments moves whole to the next one", () => {
    // 306 septets would fit 2 x 153, but the euro sign falls on septets 153-154: 152 | 2 + 151 | 1.
    expect(segmentSms(`${a(152)}€${a(152)}`)).toMatchObject({ encoding: "GSM-7", units: 306, segments: 3 });
    expect(segmentSms(`${a(151)}€${a(153)}`)).toMatchObject({ units: 306, segments: 2 });
  });
});

describe("SMS segments: UCS-2", () => {
  it("one character outside the GSM alphabet makes the whole text UCS-2: 70 units, then 67 per segment", () => {
    expect(segmentSms(`${a(69)}д`)).toMatchObject({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(segmentSms(`${a(70)}д`)).toMatchObject({ encoding: "UCS-2", units: 71, segments: 2 });
    expect(segmentSms(cyrillic(134)).segments).toBe(2);
    expect(segmentSms(cyrillic(135)).segments).toBe(3);
    // ç (lower case) is not in the GSM alphabet (only Ç is), nor are curly quotes.
    expect(segmentSms("ç").encoding).toBe("UCS-2");
    expect(segmentSms("“hola”").encoding).toBe("UCS-2");
  });

  it("an emoji is two UTF-16 units, one character, and a surrogate pair is never split across segments", () => {
    expect(segmentSms("😀".repeat(35))).toEqual({ encoding: "UCS-2", characters: 35, units: 70, segments: 1 });
    expect(segmentSms("😀".repeat(36))).toMatchObject({ units: 72, segments: 2 });
    // 134 units would fit 2 x 67, but the emoji falls on units 67-68: 66 | 2 + 65 | 1.
    expect(segmentSms(`${cyrillic(66)}😀${cyrillic(66)}`)).toMatchObject({ units: 134, segments: 3 });
    expect(segmentSms(`${cyrillic(65)}😀${cyrillic(67)}`)).toMatchObject({ units: 134, segments: 2 });
  });
});
