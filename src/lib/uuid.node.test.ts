import { describe, expect, it } from "vitest";
import { uuidFromHex } from "./uuid";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("uuidFromHex", () => {
  it("sets the version digit and the variant bits, and keeps every other digit", () => {
    expect(uuidFromHex("0123456789abcdef0123456789abcdef", 4)).toBe("01234567-89ab-4def-8123-456789abcdef");
    // The variant keeps the digit's two low bits: f (1111) becomes b (1011), 4 (0100) becomes 8 (1000).
    expect(uuidFromHex("ffffffffffffffffffffffffffffffff", 5)).toBe("ffffffff-ffff-5fff-bfff-ffffffffffff");
    expect(uuidFromHex("00000000000000004000000000000000", 8)).toBe("00000000-0000-8000-8000-000000000000");
  });

  it("reads only the first 32 digits of a longer digest", () => {
    const digest = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const id = uuidFromHex(digest, 5);
    expect(id).toMatch(UUID);
    expect(id).toBe("e3b0c442-98fc-5c14-9afb-f4c8996fb924");
  });

  it("gives the same id as setting the bits on the bytes (RFC 9562's way)", () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, index) => (index * 37 + 11) & 0xff);
    const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    const set = Uint8Array.from(bytes);
    set[6] = (set[6]! & 0x0f) | 0x80;
    set[8] = (set[8]! & 0x3f) | 0x80;
    const expected = [...set].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    expect(uuidFromHex(hex, 8).replaceAll("-", "")).toBe(expected);
  });

  it("refuses fewer than 32 hex digits rather than make a malformed id", () => {
    expect(() => uuidFromHex("0123456789abcdef", 4)).toThrow(RangeError);
    expect(() => uuidFromHex("0123456789ABCDEF0123456789ABCDEF", 4)).toThrow(RangeError);
  });
});
