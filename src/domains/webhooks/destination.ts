import { invalidField } from "../../core/errors";
import ipaddr from "ipaddr.js";

/**
 * Destination checks against server-side request forgery. The URL parser canonicalises IP
 * literals (0x7f.1, 2130706433 and 127.1 all become 127.0.0.1), and ipaddr.js classifies them
 * against the IANA special-purpose registries (private, loopback, link-local, documentation,
 * benchmarking, IPv4-mapped and -translated, 6to4, Teredo, NAT64, ...). Only ordinary unicast
 * addresses pass, and for IPv6 only the global unicast block 2000::/3. Names are not resolved
 * (Workers have no DNS API, and a Worker's fetch cannot reach private networks), so this guards
 * literals and well-known names.
 */

export const MAX_URL_LENGTH = 2048;

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

const isLoopbackName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/** The address of an IP-literal host (IPv6 in brackets, as the URL parser prints it), or undefined for a name. */
function literalAddress(host: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const text = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (text !== host) return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : undefined;
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : undefined;
}

/** The special-purpose range an address belongs to, or undefined when it is an ordinary public address. */
function specialRange(address: ipaddr.IPv4 | ipaddr.IPv6): string | undefined {
  const range = address.range();
  if (range !== "unicast") return range;
  if (address.kind() === "ipv6" && !address.match(GLOBAL_UNICAST_V6)) return "not global unicast";
  return undefined;
}

const isLoopback = (host: string) => {
  if (isLoopbackName(host)) return true;
  const address = literalAddress(host);
  return address !== undefined && address.range() === "loopback";
};

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
  const address = literalAddress(host);
  if (address) {
    const range = specialRange(address);
    return range ? `The destination address is special-purpose (${range}); only public addresses are allowed.` : undefined;
  }
  if (host.startsWith("[")) return "The IPv6 address is not valid.";
  // A name made of digits and dots that is not a valid IPv4 address is never a public host.
  if (/^[\d.]+$/.test(host)) return "The destination address is not valid.";
  return undefined;
}

/** A 400 naming the field when a destination is refused. */
export function requirePublicDestination(url: string, allowLoopback: boolean, path = "body.url"): void {
  const refusal = destinationRefusal(url, allowLoopback);
  if (refusal) throw invalidField(path, refusal);
}
