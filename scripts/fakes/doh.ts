/**
 * DNS over HTTPS, JSON API: GET /dns-query?name=...&type=TXT with Accept: application/dns-json,
 * as Cloudflare and Google answer it ({ Status, TC, RD, RA, AD, CD, Question, Answer }). No credentials.
 * Records are set by tests: POST /__fake/dns { name, type?: "TXT", data: [..] } or { name, rcode }.
 */
import type { FakeProvider } from "./server.js";

const TYPES: Record<string, number> = { A: 1, CNAME: 5, MX: 15, TXT: 16, AAAA: 28 };
const normal = (name: string) => name.toLowerCase().replace(/\.$/, "");
/** TXT data as resolvers present it: each string quoted, quotes and backslashes escaped. */
const quoted = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

export const dohFake = (): FakeProvider => {
  const zone = new Map<string, { rcode?: number; records: Map<number, string[]> }>();
  return {
    name: "doh",
    reset: () => zone.clear(),
    credential: () => null,
    unauthorized: () => ({ status: 401, body: {} }),
    refusal: () => ({ status: 403, body: {} }),
    error: (status) => ({ status, body: status >= 500 ? "Internal Server Error" : "Bad Request" }),
    handle: (request) => {
      if (request.method !== "GET" || request.path !== "/dns-query") return { status: 404, body: "Not Found" };
      if (
        !/application\/dns-json/.test(request.headers.accept ?? "") &&
        request.query.get("ct") !== "application/dns-json"
      ) {
        return { status: 400, body: "Bad Request: Accept must be application/dns-json" };
      }
      const name = request.query.get("name");
      const typeParam = (request.query.get("type") ?? "A").toUpperCase();
      const type = TYPES[typeParam] ?? Number(typeParam);
      if (!name || !Number.isInteger(type))
        return { status: 400, body: { error: "Invalid name or type" }, contentType: "application/dns-json" };
      const entry = zone.get(normal(name));
      const status = entry?.rcode ?? (entry ? 0 : 3);
      const data = status === 0 ? (entry?.records.get(type) ?? []) : [];
      return {
        status: 200,
        contentType: "application/dns-json",
        body: {
          Status: status,
          TC: false,
          RD: true,
          RA: true,
          AD: false,
          CD: false,
          Question: [{ name: `${normal(name)}.`, type }],
          ...(data.length
            ? {
                Answer: data.map((value) => ({
                  name: `${normal(name)}.`,
                  type,
                  TTL: 300,
                  data: type === 16 ? quoted(value) : value,
                })),
              }
            : {}),
        },
      };
    },
    control: {
      dns: (body) => {
        const {
          name,
          type = "TXT",
          data,
          rcode,
        } = body as { name?: unknown; type?: unknown; data?: unknown; rcode?: unknown };
        if (typeof name !== "string") return { status: 400, body: { error: "name" } };
        const entry = zone.get(normal(name)) ?? { records: new Map<number, string[]>() };
        if (typeof rcode === "number") entry.rcode = rcode;
        if (Array.isArray(data)) entry.records.set(TYPES[String(type).toUpperCase()] ?? 16, data.map(String));
        zone.set(normal(name), entry);
        return { status: 200, body: {} };
      },
    },
  };
};
