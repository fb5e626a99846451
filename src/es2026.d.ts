/**
 * ES2026's base64 of a Uint8Array (TC39's arraybuffer-base64, in the Workers runtime): TypeScript
 * 5.9's libraries do not declare it yet.
 */
interface Uint8Array<TArrayBuffer extends ArrayBufferLike = ArrayBufferLike> {
  toBase64(options?: { alphabet?: "base64" | "base64url"; omitPadding?: boolean }): string;
}
