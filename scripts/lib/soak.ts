import { treeRssMiB } from "./bench";

/**
 * `npm run bench -- --soak <s>`: mixed traffic for a while against one server: 80% reads spread over
 * the implemented lists, 20% writes with Idempotency-Keys, from several keys of several companies.
 * The same traffic first warms the servers up until their memory stops growing; the measured
 * seconds then report every 500, the servers' memory every 10 s, and p50/p99 and statuses per operation.
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
  /** The warm-up before the measured seconds: the same traffic until the servers' RSS stopped growing. */
  warmUp: { seconds: number; settled: boolean; rssSamples: { second: number; rssMiB: number }[] };
  requests: number;
  byStatus: Record<string, number>;
  /** Responses of 500 (the target is none). */
  serverErrors: number;
  /** The measured seconds' samples, every 10 s from the end of the warm-up. */
  rssSamples: { second: number; rssMiB: number }[];
  /** Largest spread of the measured samples, relative to their smallest. */
  rssSpread: number;
  operations: { operation: string; requests: number; p50: number; p99: number; byStatus: Record<string, number> }[];
}

const READ_SHARE = 0.8;
const SAMPLE_EVERY_MS = 10_000;
/**
 * The local runtime's processes grow for a while under new load before they level off (measured: the
 * bare Worker's fixed JSON answer for about 80 s, the API over its 52 lists for about 180 s). The
 * warm-up runs the same traffic until the mean of the last three samples is within this share of
 * the three before, and at most WARM_UP_MAX_SECONDS.
 */
const WARM_UP_SETTLED_SHARE = 0.03;
const WARM_UP_MAX_SECONDS = 360;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

/** Whether the RSS stopped growing: the last three samples' mean against the three before. */
function settled(samples: readonly { rssMiB: number }[]): boolean {
  if (samples.length < 6) return false;
  const recent = mean(samples.slice(-3).map((sample) => sample.rssMiB));
  const before = mean(samples.slice(-6, -3).map((sample) => sample.rssMiB));
  return recent <= before * (1 + WARM_UP_SETTLED_SHARE);
}

export async function soak(input: SoakInput): Promise<SoakReport> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

  // Warm-up: the same traffic, unmeasured, sampled until the RSS stops growing.
  const warmUpSamples: SoakReport["rssSamples"] = [];
  let warming = true;
  const warmUpSampler = setInterval(() => {
    warmUpSamples.push({ second: seconds(), rssMiB: treeRssMiB(input.pid) });
    if (settled(warmUpSamples)) warming = false;
  }, SAMPLE_EVERY_MS);
  const warmUpDeadline = started + WARM_UP_MAX_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: input.concurrency }, () =>
      traffic(
        () => warming && Date.now() < warmUpDeadline,
        () => undefined,
      ),
    ),
  );
  clearInterval(warmUpSampler);
  const warmUp = { seconds: seconds(), settled: !warming, rssSamples: warmUpSamples };

  // The measured seconds.
  const latencies = new Map<string, number[]>();
  const statuses = new Map<string, Record<string, number>>();
  const byStatus: Record<string, number> = {};
  const rssSamples: SoakReport["rssSamples"] = [];
  const measuredFrom = seconds();
  const deadline = Date.now() + input.seconds * 1000;
  const sampler = setInterval(
    () => rssSamples.push({ second: seconds() - measuredFrom, rssMiB: treeRssMiB(input.pid) }),
    SAMPLE_EVERY_MS,
  );
  let requests = 0;
  await Promise.all(
    Array.from({ length: input.concurrency }, () =>
      traffic(
        () => Date.now() < deadline,
        (operation, status, ms) => {
          const list = latencies.get(operation) ?? [];
          list.push(ms);
          latencies.set(operation, list);
          const counts = statuses.get(operation) ?? {};
          counts[status] = (counts[status] ?? 0) + 1;
          statuses.set(operation, counts);
          byStatus[status] = (byStatus[status] ?? 0) + 1;
          requests++;
        },
      ),
    ),
  );
  clearInterval(sampler);

  /** One client: requests one after another while `going`, each reported to `record`. */
  async function traffic(going: () => boolean, record: (operation: string, status: number, ms: number) => void) {
    while (going()) {
      const key = pick(input.keys);
      const read = Math.random() < READ_SHARE;
      const path = read ? pick(input.reads) : input.write.path;
      const init: RequestInit = read
        ? { headers: { Authorization: `Bearer ${key}` } }
        : {
            method: "POST",
            headers: {
              Authorization: `Bearer ${key}`,
              "Content-Type": "application/json",
              "Idempotency-Key": crypto.randomUUID(),
            },
            body: JSON.stringify(input.write.body()),
          };
      const begun = performance.now();
      const response = await fetch(`${input.baseUrl}${path}`, init);
      await response.arrayBuffer();
      record(`${read ? "GET" : "POST"} ${path.split("?")[0]}`, response.status, performance.now() - begun);
    }
  }

  const measured = rssSamples.map((sample) => sample.rssMiB);
  const rssSpread = measured.length > 1 ? (Math.max(...measured) - Math.min(...measured)) / Math.min(...measured) : 0;
  const operations = [...latencies]
    .map(([operation, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        operation,
        requests: values.length,
        p50: Math.round(percentile(sorted, 50) * 10) / 10,
        p99: Math.round(percentile(sorted, 99) * 10) / 10,
        byStatus: statuses.get(operation) ?? {},
      };
    })
    .sort((a, b) => a.operation.localeCompare(b.operation));
  // 500 is the API failing; a 502 or 503 is a declared answer (an outside service failing or not configured).
  const serverErrors = byStatus[500] ?? 0;
  return { warmUp, requests, byStatus, serverErrors, rssSamples, rssSpread, operations };
}
