/**
 * A derived id in a UUID's form, where the API promises a UUID but the id must come from a digest or
 * hash (the same input always gives the same id): the first 32 hex digits, with the version digit
 * and the RFC 9562 variant bits set and every other digit kept.
 */
export function uuidFromHex(hex: string, version: 4 | 5 | 8): string {
  if (!/^[0-9a-f]{32}/.test(hex)) throw new RangeError("A UUID needs 32 lowercase hex digits.");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
