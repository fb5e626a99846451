import { treeRssMiB } from "./bench";

/**
 * `npm run bench -- --soak <s>`: mixed traffic for a while against one server: 80% reads spread over
 * the implemented lists, 20% writes with Idempotency-Keys, from several keys of several companies.
 * It reports every 500, the server's memory every 10 s, and p50/p99 per operation.
 */
export interface SoakInput {
  baseUrl: string;
  pid: number;
  seconds: number;
  keys: readonly string[];
  reads: readonly string[];
  write: { path: string; body: () => unknown };
  concurrency: number;
}

export interface SoakReport {
  requests: number;
  byStatus: Record<string, number>;
  /** Responses of 500 (the target is none). */
  serverErrors: number;
  rssSamples: { second: number; rssMiB: number }[];
  /** Largest spread of the samples after the first (warm-up), relative to their smallest. */
  rssSpreadAfterWarmUp: number;
  operations: { operation: string; requests: number; p50: number; p99: number }[];
}

const READ_SHARE = 0.8;
const SAMPLE_EVERY_MS = 10_000;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function soak(input: SoakInput): Promise<SoakReport> {
  const latencies = new Map<string, number[]>();
  const byStatus: Record<string, number> = {};
  const rssSamples: SoakReport["rssSamples"] = [];
  const started = Date.now();
  const deadline = started + input.seconds * 1000;
  const sampler = setInterval(() => rssSamples.push({ second: Math.round((Date.now() - started) / 1000), rssMiB: treeRssMiB(input.pid) }), SAMPLE_EVERY_MS);
  let requests = 0;
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

  async function client() {
    while (Date.now() < deadline) {
      const key = pick(input.keys);
      const read = Math.random() < READ_SHARE;
      const path = read ? pick(input.reads) : input.write.path;
      const init: RequestInit = read
        ? { headers: { Authorization: `Bearer ${key}` } }
        : {
            method: "POST",
            headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
            body: JSON.stringify(input.write.body()),
          };
      const begun = performance.now();
      const response = await fetch(`${input.baseUrl}${path}`, init);
      await response.arrayBuffer();
      const operation = `${read ? "GET" : "POST"} ${path.split("?")[0]}`;
      const list = latencies.get(operation) ?? [];
      list.push(performance.now() - begun);
      latencies.set(operation, list);
      byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
      requests++;
    }
  }

  await Promise.all(Array.from({ length: input.concurrency }, client));
  clearInterval(sampler);
  const steady = rssSamples.slice(1).map((sample) => sample.rssMiB);
  const rssSpreadAfterWarmUp = steady.length > 1 ? (Math.max(...steady) - Math.min(...steady)) / Math.min(...steady) : 0;
  const operations = [...latencies]
    .map(([operation, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { operation, requests: values.length, p50: Math.round(percentile(sorted, 50) * 10) / 10, p99: Math.round(percentile(sorted, 99) * 10) / 10 };
    })
    .sort((a, b) => a.operation.localeCompare(b.operation));
  // 500 is the API failing; a 502 or 503 is a declared answer (an outside service failing or not configured).
  const serverErrors = byStatus[500] ?? 0;
  return { requests, byStatus, serverErrors, rssSamples, rssSpreadAfterWarmUp, operations };
}
