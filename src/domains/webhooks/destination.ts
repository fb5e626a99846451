/**
 * Destination checks against server-side request forgery. The URL parser already canonicalises
 * IP literals (0x7f.1, 2130706433 and 127.1 all become 127.0.0.1; IPv6 is compressed), so the
 * checks below see one spelling per address. Names are not resolved (Workers have no DNS API);
 * a Worker's fetch cannot reach private networks, so this guards literals and well-known names.
 */

export const MAX_URL_LENGTH = 2048;

type V4 = [number, number, number, number];

function parseV4(host: string): V4 | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return undefined;
  const parts = match.slice(1).map(Number);
  return parts.every((part) => part <= 255) ? (parts as V4) : undefined;
}

/** Why an IPv4 address is not a public destination, or undefined when it is. */
function v4Refusal([a, b, c]: V4): string | undefined {
  if (a === 0) return "unspecified";
  if (a === 127) return "loopback";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 169 && b === 254) return "link-local";
  if (a === 100 && b >= 64 && b <= 127) return "shared (carrier-grade NAT)";
  if (a === 192 && b === 0 && c === 0) return "reserved";
  if (a === 198 && (b === 18 || b === 19)) return "reserved (benchmarking)";
  if (a >= 224) return a < 240 ? "multicast" : "reserved";
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (as the URL parser prints it, without brackets). */
function parseV6(host: string): number[] | undefined {
  let text = host.toLowerCase();
  // An embedded dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = parseV4(tail[2]!);
    if (!v4) return undefined;
    text = `${tail[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest].map((group) =>
    /^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : Number.NaN,
  );
  return groups.length === 8 && groups.every((group) => !Number.isNaN(group)) ? groups : undefined;
}

const embeddedV4 = (g: number[]): V4 => [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff];

function v6Refusal(g: number[]): string | undefined {
  const zeroHead = (count: number) => g.slice(0, count).every((group) => group === 0);
  if (g.every((group) => group === 0)) return "unspecified";
  if (zeroHead(7) && g[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if ((zeroHead(5) && g[5] === 0xffff) || zeroHead(6) || (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))) {
    const reason = v4Refusal(embeddedV4(g));
    return reason ? `IPv4-embedded ${reason}` : undefined;
  }
  if (g[0] === 0x2002) {
    const reason = v4Refusal([g[1]! >> 8, g[1]! & 0xff, g[2]! >> 8, g[2]! & 0xff]);
    return reason ? `6to4 ${reason}` : undefined;
  }
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return "unique local (private)";
  if ((first & 0xffc0) === 0xfe80) return "link-local";
  if ((first & 0xffc0) === 0xfec0) return "site-local";
  if ((first & 0xff00) === 0xff00) return "multicast";
  return undefined;
}

const isLoopbackName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/** Whether a parsed URL's host is loopback (127/8, ::1, localhost). */
function isLoopback(host: string): boolean {
  if (isLoopbackName(host)) return true;
  const v4 = parseV4(host);
  if (v4) return v4[0] === 127;
  if (host.startsWith("[")) {
    const v6 = parseV6(host.slice(1, -1));
    return v6 !== undefined && v6Refusal(v6)?.endsWith("loopback") === true;
  }
  return false;
}

/**
 * Checks a webhook destination. Returns the reason it is refused, or undefined when allowed.
 * `allowLoopback` (WEBHOOKS_ALLOW_LOOPBACK, local development only) admits http(s) to loopback.
 */
export function destinationRefusal(raw: string, allowLoopback: boolean): string | undefined {
  if (raw.length > MAX_URL_LENGTH) return `The URL is longer than ${MAX_URL_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Not a valid absolute URL.";
  }
  if (url.username || url.password) return "URLs with credentials (user:password@) are not allowed.";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (allowLoopback && isLoopback(host) && (url.protocol === "https:" || url.protocol === "http:")) return undefined;
  if (url.protocol !== "https:") return "The destination must use https.";
  if (!host) return "The URL has no host.";
  if (isLoopbackName(host)) return "Loopback destinations are not allowed.";
  const v4 = parseV4(host);
  if (v4) {
    const reason = v4Refusal(v4);
    return reason ? `The destination address is ${reason}; only public addresses are allowed.` : undefined;
  }
  if (host.startsWith("[")) {
    const v6 = parseV6(host.slice(1, -1));
    if (!v6) return "The IPv6 address is not valid.";
    const reason = v6Refusal(v6);
    return reason ? `The destination address is ${reason}; only public addresses are allowed.` : undefined;
  }
  // A name made of digits and dots that is not a valid IPv4 address is never a public host.
  if (/^[\d.]+$/.test(host)) return "The destination address is not valid.";
  return undefined;
}
