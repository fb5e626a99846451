import { parse } from "content-type";

/** A Content-Type (or a part's type) as read: the media type and parameter names lower-cased, quoted values unquoted. */
export interface MediaType {
  /** `type/subtype`, lower-case; "" when there was no header. */
  type: string;
  /** Each parameter by its lower-case name (the first of a repeated one), values as sent. */
  parameters: Readonly<Record<string, string>>;
}

/**
 * A Content-Type header read by jshttp's `content-type`, which is lenient (a malformed parameter is
 * skipped, never thrown), so a sloppy but usable header is read the way clients expect.
 */
export function mediaTypeOf(header: string | null | undefined): MediaType {
  const { type, parameters } = parse(header ?? "");
  return { type, parameters };
}

/** The charset a media type declares when it is not UTF-8 (`utf-8` or `utf8`, any case); undefined when it declares none or UTF-8. */
export function otherCharset(mediaType: MediaType): string | undefined {
  const charset = mediaType.parameters.charset;
  return charset === undefined || /^utf-?8$/i.test(charset) ? undefined : charset;
}
