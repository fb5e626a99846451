import { invalidField } from "./errors";
import ipaddr from "ipaddr.js";

/**
 * Destination checks against server-side request forgery. The URL parser canonicalises IP
 * literals (0x7f.1, 2130706433 and 127.1 all become 127.0.0.1), and ipaddr.js classifies them
 * against the IANA special-purpose registries (private, loopback, link-local, documentation,
 * benchmarking, IPv4-mapped and -translated, 6to4, Teredo, NAT64, ...). Only ordinary unicast
 * addresses pass, and for IPv6 only the global unicast block 2000::/3. The same check serves
 * every host a tenant can set (webhook URLs, a branding logo and custom domain, a SIP trunk's host).
 * Names are checked twice: well-known internal names (loopback, cloud metadata, `.internal`,
 * `.local`) at once, and, where the write can wait for it, what the name resolves to
 * (`resolvedHostRefusal`, through the deployment's DNS-over-HTTPS resolver).
 */

export const MAX_URL_LENGTH = 2048;

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

const isLoopbackName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/**
 * Names that only ever mean a machine's own or its cloud's internal services: cloud metadata
 * endpoints (GCP, AWS, Azure, Alibaba, Oracle answer on these names inside their networks),
 * RFC 6762 multicast DNS and RFC 8375/ICANN-reserved private suffixes.
 */
const INTERNAL_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.com",
  "metadata.tencentyun.com",
]);
const INTERNAL_SUFFIXES = [".internal", ".local", ".localdomain", ".home.arpa", ".intranet", ".lan", ".corp"];
const isInternalName = (host: string) =>
  INTERNAL_NAMES.has(host) || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix)) || !host.includes(".");

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
    return range
      ? `The destination address is special-purpose (${range}); only public addresses are allowed.`
      : undefined;
  }
  if (host.startsWith("[")) return "The IPv6 address is not valid.";
  // A name made of digits and dots that is not a valid IPv4 address is never a public host.
  if (/^[\d.]+$/.test(host)) return "The destination address is not valid.";
  if (isInternalName(host))
    return `${host} is an internal name (cloud metadata, a private suffix, or a single label); only public hosts are allowed.`;
  return undefined;
}

/**
 * Checks a bare host name or IP literal a tenant sets (a custom domain, a SIP trunk's host):
 * the reason it is refused, or undefined. Single-label names are refused (they resolve only
 * inside a network).
 */
export function hostRefusal(raw: string): string | undefined {
  const trimmed = raw.trim().replace(/\.$/, "");
  if (!trimmed) return "The host is empty.";
  let host: string;
  try {
    // The URL parser canonicalises the host as it would for a request (0x7f.1 is 127.0.0.1).
    host = new URL(
      `https://${trimmed.includes(":") && !trimmed.startsWith("[") ? `[${trimmed}]` : trimmed}/`,
    ).hostname.toLowerCase();
  } catch {
    return "Not a valid host name or address.";
  }
  if (isLoopbackName(host)) return "Loopback hosts are not allowed.";
  const address = literalAddress(host);
  if (address) {
    const range = specialRange(address);
    return range ? `The address is special-purpose (${range}); only public addresses are allowed.` : undefined;
  }
  if (/^[\d.]+$/.test(host) || host.startsWith("[")) return "The address is not valid.";
  if (isInternalName(host))
    return `${host} is an internal name (cloud metadata, a private suffix, or a single label); only public hosts are allowed.`;
  return undefined;
}

/**
 * What a public name resolves to, checked like a literal: the reason it is refused when any of
 * its addresses is special-purpose (a name pointed at 127.0.0.1 or 169.254.169.254), or undefined.
 * `resolve` answers the name's A and AAAA addresses ([] for a name that does not exist). A
 * resolver that fails or is not configured leaves the name to the literal checks (fail open: in
 * production a Worker's fetch cannot reach private networks; the check spares the attempt).
 */
async function resolvedHostRefusal(
  host: string,
  resolve: (name: string) => Promise<string[]>,
): Promise<string | undefined> {
  const name = host.trim().toLowerCase().replace(/\.$/, "");
  if (literalAddress(name) || name.startsWith("[")) return undefined;
  let addresses: string[];
  try {
    addresses = await resolve(name);
  } catch {
    return undefined;
  }
  for (const text of addresses) {
    if (!ipaddr.isValid(text)) continue;
    const range = specialRange(ipaddr.parse(text));
    if (range) return `${name} resolves to a special-purpose address (${range}); only public addresses are allowed.`;
  }
  return undefined;
}

/** A 400 naming the field when a destination is refused. */
function requirePublicDestination(url: string, allowLoopback: boolean, path = "body.url"): void {
  const refusal = destinationRefusal(url, allowLoopback);
  if (refusal) throw invalidField(path, refusal);
}

/** A 400 naming the field when a host name a tenant sets is refused, by its form or by what it resolves to. */
export async function requirePublicHost(
  host: string,
  resolve: (name: string) => Promise<string[]>,
  path: string,
): Promise<void> {
  const refusal = hostRefusal(host) ?? (await resolvedHostRefusal(host, resolve));
  if (refusal) throw invalidField(path, refusal);
}

/** `requirePublicDestination`, then what the URL's host name resolves to. */
export async function requireResolvedPublicDestination(
  url: string,
  allowLoopback: boolean,
  resolve: (name: string) => Promise<string[]>,
  path = "body.url",
): Promise<void> {
  requirePublicDestination(url, allowLoopback, path);
  const host = new URL(url).hostname;
  if (allowLoopback && isLoopback(host.toLowerCase())) return;
  const refusal = await resolvedHostRefusal(host, resolve);
  if (refusal) throw invalidField(path, refusal);
}
