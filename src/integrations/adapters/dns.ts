import { z } from "zod";
import { type Link, type ProviderProfile, url } from "../link";

/**
 * DNS over HTTPS, JSON API (application/dns-json) as Cloudflare (https://cloudflare-dns.com/dns-query)
 * and Google (https://dns.google/resolve) serve it. No credentials.
 */
const dohProfile = {
  name: "doh",
  label: "DNS-over-HTTPS resolver",
  variables: { baseUrl: "DOH_BASE_URL" },
  errorCode: () => undefined,
  refusal: () => undefined,
} as const satisfies ProviderProfile;

const A = 1;
const TXT = 16;
const AAAA = 28;
const rcodes: Record<number, string> = { 1: "FORMERR", 2: "SERVFAIL", 4: "NOTIMP", 5: "REFUSED" };
const Answer = z.object({
  Status: z.number().int(),
  Answer: z
    .array(z.object({ name: z.string(), type: z.number().int(), TTL: z.number().optional(), data: z.string() }))
    .optional(),
});

/** A TXT record's data: one or more quoted character strings ("a" "b" is "ab"), or bare text. */
export function txtData(data: string): string {
  const trimmed = data.trim();
  if (!trimmed.startsWith('"')) return trimmed;
  const parts: string[] = [];
  for (const match of trimmed.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    parts.push(
      match[1]!.replace(/\\(\d{3}|.)/g, (_, escaped: string) =>
        escaped.length === 3 ? String.fromCharCode(Number(escaped)) : escaped,
      ),
    );
  }
  return parts.join("");
}

export function dns(link: Link) {
  return {
    /** The TXT records of `name` ([] when the name does not exist or has none). */
    async txt(name: string): Promise<string[]> {
      const s = link.require(dohProfile, await link.settings(dohProfile), ["baseUrl"]);
      const answer = await link.send(
        dohProfile,
        {
          method: "GET",
          url: url(s.baseUrl, "/dns-query", { name, type: "TXT" }),
          headers: { Accept: "application/dns-json" },
        },
        Answer,
      );
      if (answer.Status === 3) return []; // NXDOMAIN
      if (answer.Status !== 0)
        return link.failed(dohProfile, `it answered ${rcodes[answer.Status] ?? `rcode ${answer.Status}`}`, {
          rcode: answer.Status,
        });
      return (answer.Answer ?? []).filter((record) => record.type === TXT).map((record) => txtData(record.data));
    },
    /** The IPv4 and IPv6 addresses `name` resolves to, following CNAMEs as the resolver does ([] when it does not exist). */
    async addresses(name: string): Promise<string[]> {
      const s = link.require(dohProfile, await link.settings(dohProfile), ["baseUrl"]);
      const lookups = [
        { type: "A", code: A },
        { type: "AAAA", code: AAAA },
      ].map(async ({ type, code }) => {
        const answer = await link.send(
          dohProfile,
          {
            method: "GET",
            url: url(s.baseUrl, "/dns-query", { name, type }),
            headers: { Accept: "application/dns-json" },
          },
          Answer,
        );
        if (answer.Status === 3) return [];
        if (answer.Status !== 0)
          return link.failed(dohProfile, `it answered ${rcodes[answer.Status] ?? `rcode ${answer.Status}`}`, {
            rcode: answer.Status,
          });
        return (answer.Answer ?? []).filter((record) => record.type === code).map((record) => record.data);
      });
      return (await Promise.all(lookups)).flat();
    },
  };
}
