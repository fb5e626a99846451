/**
 * npm run bench -- --flood [--flood-requests <n>]: what unauthenticated traffic costs the API (issue 29).
 * Every scenario sends `requests` requests (default 10,000) that cannot be authenticated, and reports
 * req/s and the server's CPU per request (its process tree: wrangler's proxy and workerd) as a
 * multiple of a bare 401 (no key, no body), and how many KeyGuard (API key) Durable Object storage
 * files the flood left.
 *   - a bare 401: GET with no Authorization header, each from its own address
 *   - the same 401 with a 1 MiB body: what moving the body costs the server by itself
 *   - random keys of the checked form with 1 MiB bodies, each from its own address (401 by the check)
 *   - the same keys all from one address (429 from the rate limiting binding once over its limit)
 *   - random keys of the legacy form (no check) with 1 MiB bodies, each from its own address: while
 *     LEGACY_UNCHECKED_KEYS is "accept" they reach a Durable Object, which answers 401
 * `wrangler dev` takes the address from CF-Connecting-IP when a request carries one, as the edge
 * sets it in a deployment: each request names its own address so that the limiter does not turn
 * the 401s into 429s.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { uint8ArrayToHex } from "uint8array-extras";
import { treeCpuMs } from "./bench";

const MiB = 1024 * 1024;
const WARM_UP_REQUESTS = 200;

interface FloodScenario {
  name: string;
  method: "GET" | "POST";
  body?: Buffer;
  /** The Authorization header of the next request (undefined: none). */
  authorization?: () => string;
  /** The address the next request comes from. */
  address: () => string;
}

export interface FloodResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  /** CPU per request as a multiple of the bare 401's. */
  cpuRelative: number;
  statuses: Record<string, number>;
  /** Durable Object storage files present after the scenario that were not before it. */
  newObjectFiles: number;
}

const hex = (bytes: number) => uint8ArrayToHex(crypto.getRandomValues(new Uint8Array(bytes)));
/** A different documentation-range IPv6 /64 per call. */
let addresses = 0;
const freshAddress = () => {
  addresses++;
  return `2001:db8:${((addresses >>> 16) & 0xffff).toString(16)}:${(addresses & 0xffff).toString(16)}::1`;
};

/** Every file of the persisted KeyGuard objects' state (wrangler keeps it under <persist>/v3/do/<script>-KeyGuard/). */
function objectFiles(persistTo: string): Set<string> {
  const root = join(persistTo, "v3", "do");
  const files = new Set<string>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.includes("KeyGuard")) files.add(path);
    }
  };
  walk(root);
  return files;
}

async function send(url: string, scenario: FloodScenario, amount: number, connections: number) {
  return autocannon({
    url,
    connections,
    amount,
    requests: [
      {
        method: scenario.method,
        ...(scenario.body ? { body: scenario.body } : {}),
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...(scenario.body ? { "Content-Type": "application/json" } : {}),
            ...(scenario.authorization ? { Authorization: scenario.authorization() } : {}),
            "CF-Connecting-IP": scenario.address(),
          },
        }),
      },
    ],
  });
}

/** Runs the flood against the API at `apiUrl` (server process `pid`, state in `persistTo`). */
export async function flood(options: {
  apiUrl: string;
  pid: number;
  persistTo: string;
  requests: number;
  connections: number;
}): Promise<FloodResult[]> {
  const { apiUrl, pid, persistTo, requests, connections } = options;
  const body = Buffer.alloc(MiB, 0x20);
  const url = `${apiUrl}/api/v1/budgets`;
  const checkedForm = () => `Bearer svc_test_${hex(56)}`;
  const legacyForm = () => `Bearer svc_test_${hex(48)}`;
  const oneAddress = "203.0.113.7";
  const scenarios: FloodScenario[] = [
    { name: "bare 401: no key, no body", method: "GET", address: freshAddress },
    { name: "no key, 1 MiB body", method: "POST", body, address: freshAddress },
    {
      name: "random checked-form keys, 1 MiB body",
      method: "POST",
      body,
      authorization: checkedForm,
      address: freshAddress,
    },
    {
      name: "random checked-form keys, 1 MiB, one address",
      method: "POST",
      body,
      authorization: checkedForm,
      address: () => oneAddress,
    },
    {
      name: "random legacy-form keys, 1 MiB body",
      method: "POST",
      body,
      authorization: legacyForm,
      address: freshAddress,
    },
  ];
  const results: FloodResult[] = [];
  let bareCpu = 0;
  for (const scenario of scenarios) {
    await send(url, scenario, WARM_UP_REQUESTS, connections);
    const filesBefore = objectFiles(persistTo);
    const cpuBefore = treeCpuMs(pid);
    const result = await send(url, scenario, requests, connections);
    const cpuMsPerRequest = (treeCpuMs(pid) - cpuBefore) / Math.max(result.requests.total, 1);
    if (results.length === 0) bareCpu = cpuMsPerRequest;
    const newObjectFiles = [...objectFiles(persistTo)].filter((file) => !filesBefore.has(file)).length;
    results.push({
      name: scenario.name,
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuMsPerRequest,
      cpuRelative: cpuMsPerRequest / Math.max(bareCpu, 0.001),
      statuses: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
      ),
      newObjectFiles,
    });
  }
  return results;
}

export function printFlood(results: readonly FloodResult[]): void {
  console.log(
    "scenario".padEnd(48),
    "requests".padStart(9),
    "req/s".padStart(7),
    "p50 ms".padStart(7),
    "CPU ms/req".padStart(11),
    "x bare 401".padStart(11),
    "DO files".padStart(9),
    "  statuses",
  );
  for (const result of results) {
    console.log(
      result.name.padEnd(48),
      String(result.requests).padStart(9),
      String(result.rps).padStart(7),
      String(result.p50).padStart(7),
      result.cpuMsPerRequest.toFixed(2).padStart(11),
      result.cpuRelative.toFixed(1).padStart(11),
      String(result.newObjectFiles).padStart(9),
      `  ${Object.entries(result.statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(", ")}`,
    );
  }
}
