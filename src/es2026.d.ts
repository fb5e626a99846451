/**
 * ES2026's base64 of a Uint8Array (TC39's arraybuffer-base64, in the Workers runtime): TypeScript
 * 5.9's libraries do not declare it yet. Node 22 and 24 lack it, so only code that runs in workerd
 * alone calls it (a large attachment's bytes, where the runtime's codec is much quicker); code that
 * scripts and Node tests also run uses uint8array-extras.
 */
interface Uint8Array<TArrayBuffer extends ArrayBufferLike = ArrayBufferLike> {
  toBase64(options?: { alphabet?: "base64" | "base64url"; omitPadding?: boolean }): string;
}

interface Uint8ArrayConstructor {
  fromBase64(
    text: string,
    options?: { alphabet?: "base64" | "base64url"; lastChunkHandling?: "loose" | "strict" | "stop-before-partial" },
  ): Uint8Array<ArrayBuffer>;
}
