/**
 * What `npm run bench -- --request-log` reports (scripts/lib/bench-request-log.ts), from its rounds
 * alone: per scenario, the Worker with its request log (`on`), with its entry built but its insert
 * answered by the bench (`unsent`), and the same Worker without the log (`off`); their CPU per
 * request, req/s and p50, and the verdict on issue #51's target. The verdict is on the Worker's
 * part (unsent less off): locally D1 runs in the Worker's own process, so on less unsent is the
 * local D1's work on the insert, which a deployed D1 does in its own. Pure, so that a node test
 * checks it (test/request-log-cost.node.test.ts) and the chart reads the same figures.
 */
import type { RequestLogSide } from "../../bench/request-log-switch";

/** Issue #51: writing the log adds no sequential round trip and at most this much CPU to a request. */
export const REQUEST_LOG_CPU_TARGET_MS = 0.2;

/** What one load of one side measured (a subset of scripts/lib/bench.ts's Result). */
export interface SideResult {
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  non2xx: number;
  errors: number;
}

/** One round: per scenario, each side's load, in the order they ran. */
export type RequestLogRound = Record<string, Record<RequestLogSide, SideResult> & { order: RequestLogSide[] }>;

/** p50 of requests sent one at a time, with a delay before every Durable Object call and D1 query. */
export interface DistanceProbe {
  scenario: string;
  delayMs: number;
  samples: number;
  onP50Ms: number;
  offP50Ms: number;
}

export interface ScenarioSummary {
  scenario: string;
  /** The round whose Worker's CPU added is the median of the rounds' (its figures are the table's). */
  medianRound: number;
  on: SideResult;
  unsent: SideResult;
  off: SideResult;
  /** The Worker's part: CPU per request with the entry built and its insert sent nowhere, less without the log; each round and their median. */
  cpuAddedMs: number;
  roundsCpuAddedMs: number[];
  /** With the local D1's insert: CPU per request with the log less without it; each round and their median. */
  totalCpuAddedMs: number;
  roundsTotalCpuAddedMs: number[];
  /** req/s with the log as a share of without it, in the median round. */
  rpsRatio: number;
  p50AddedMs: number;
  cpuMet: boolean;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Each scenario's summary, by the median of its rounds' CPU added (the figure the target is read on). */
export function summarise(rounds: readonly RequestLogRound[]): ScenarioSummary[] {
  if (rounds.length === 0) throw new Error("No round to summarise.");
  return Object.keys(rounds[0]!).map((scenario) => {
    const less = (side: RequestLogSide) =>
      rounds.map((round) => round[scenario]![side].cpuMsPerRequest - round[scenario]!.off.cpuMsPerRequest);
    const added = less("unsent");
    const total = less("on");
    // The round with the median difference (the lower middle of an even count), so the table shows one real round.
    const medianRound = added.indexOf([...added].sort((a, b) => a - b)[Math.floor((added.length - 1) / 2)]!);
    const { on, unsent, off } = rounds[medianRound]![scenario]!;
    const cpuAddedMs = median(added);
    return {
      scenario,
      medianRound,
      on,
      unsent,
      off,
      cpuAddedMs,
      roundsCpuAddedMs: added,
      totalCpuAddedMs: median(total),
      roundsTotalCpuAddedMs: total,
      rpsRatio: on.rps / off.rps,
      p50AddedMs: on.p50 - off.p50,
      cpuMet: cpuAddedMs <= REQUEST_LOG_CPU_TARGET_MS,
    };
  });
}

/**
 * Whether the log added a sequential round trip to a scenario: its p50 at a distance grew by half
 * the delay or more (one more trip adds the whole delay; the log written after the response, none).
 */
export const addsRoundTrip = (probe: DistanceProbe) => probe.onP50Ms - probe.offP50Ms >= probe.delayMs / 2;

const signed = (value: number, digits: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(digits)}`;

/** The table the run prints: one line per scenario and side, then the verdicts. */
export function requestLogTable(summaries: readonly ScenarioSummary[], probes: readonly DistanceProbe[]): string[] {
  const lines = [
    `${"scenario".padEnd(40)} ${"request log".padEnd(12)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"CPU ms/req".padStart(11)}`,
  ];
  const sideName: Record<RequestLogSide, string> = { on: "written", unsent: "not sent", off: "none" };
  for (const summary of summaries) {
    for (const side of ["on", "unsent", "off"] as const) {
      const result = summary[side];
      lines.push(
        `${(side === "on" ? summary.scenario : "").padEnd(40)} ${sideName[side].padEnd(12)} ${String(result.rps).padStart(7)} ${String(result.p50).padStart(7)} ${String(result.p99).padStart(7)} ${result.cpuMsPerRequest.toFixed(3).padStart(11)}`,
      );
    }
  }
  lines.push("");
  for (const summary of summaries) {
    const probe = probes.find((candidate) => candidate.scenario === summary.scenario);
    const trips = probe
      ? `; at ${probe.delayMs} ms per call, p50 ${probe.onP50Ms.toFixed(1)} against ${probe.offP50Ms.toFixed(1)} ms (${signed(probe.onP50Ms - probe.offP50Ms, 1)}): ${addsRoundTrip(probe) ? "ADDS a sequential round trip" : "no sequential round trip added"}`
      : "";
    const rounds = (values: readonly number[]) => values.map((value) => signed(value, 3)).join(", ");
    lines.push(
      `request log, ${summary.scenario}: the Worker's CPU ${signed(summary.cpuAddedMs, 3)} ms/request (target ≤ ${REQUEST_LOG_CPU_TARGET_MS}: ${summary.cpuMet ? "met" : "NOT MET"}; rounds ${rounds(summary.roundsCpuAddedMs)}); with the local D1's insert ${signed(summary.totalCpuAddedMs, 3)} (rounds ${rounds(summary.roundsTotalCpuAddedMs)}); req/s ${(summary.rpsRatio * 100).toFixed(0)}%, p50 ${signed(summary.p50AddedMs, 0)} ms under load${trips}`,
    );
  }
  return lines;
}
