/**
 * What `npm run bench -- --request-log` reports of its rounds (scripts/lib/request-log-cost.ts): the
 * median round per scenario, the CPU the log adds (the Worker's part, and with the local D1's
 * insert) and its verdict, and whether it added a round trip.
 */
import { describe, expect, it } from "vitest";
import {
  addsRoundTrip,
  REQUEST_LOG_CPU_TARGET_MS,
  requestLogTable,
  summarise,
  type RequestLogRound,
  type SideResult,
} from "../scripts/lib/request-log-cost";

const side = (cpuMsPerRequest: number, rps = 400, p50 = 20): SideResult => ({
  rps,
  p50,
  p99: p50 * 3,
  cpuMsPerRequest,
  non2xx: 0,
  errors: 0,
});
/** A round of two scenarios, each [CPU with the log written, with its insert not sent, without the log]. */
const round = (list: [number, number, number], write: [number, number, number]): RequestLogRound => ({
  list: { on: side(list[0], 390, 21), unsent: side(list[1], 395), off: side(list[2]), order: ["on", "unsent", "off"] },
  write: {
    on: side(write[0], 250, 35),
    unsent: side(write[1], 280, 32),
    off: side(write[2], 300, 30),
    order: ["off", "unsent", "on"],
  },
});
const hundredths = (values: readonly number[]) => values.map((ms) => Math.round(ms * 100) / 100);

describe("the request log's cost (scripts/lib/request-log-cost.ts)", () => {
  it("reads each scenario on the median of its rounds' CPU added by the Worker's part, and shows that round's figures", () => {
    const [list, write] = summarise([
      round([2.9, 2.3, 2.0], [4.1, 3.1, 3.0]),
      round([2.5, 2.05, 2.0], [4.9, 3.9, 3.0]),
      round([2.6, 2.1, 2.0], [4.0, 3.5, 3.0]),
    ]);
    expect(hundredths(list!.roundsCpuAddedMs)).toEqual([0.3, 0.05, 0.1]);
    expect(list!.cpuAddedMs).toBeCloseTo(0.1);
    expect(hundredths(list!.roundsTotalCpuAddedMs)).toEqual([0.9, 0.5, 0.6]);
    expect(list!.totalCpuAddedMs).toBeCloseTo(0.6);
    expect(list!.medianRound).toBe(2);
    expect(list!.unsent.cpuMsPerRequest).toBe(2.1);
    // The verdict is the Worker's part's, whatever the local insert adds.
    expect(list!.cpuMet).toBe(true);
    expect(list!.rpsRatio).toBeCloseTo(390 / 400);
    expect(list!.p50AddedMs).toBe(1);
    expect(write!.cpuAddedMs).toBeCloseTo(0.5);
    expect(write!.medianRound).toBe(2);
    expect(write!.cpuMet).toBe(false);
    // Two rounds: the median is their mean, the round shown the lower one.
    const [even] = summarise([round([3, 2.4, 2.0], [3, 3, 3]), round([3, 2.1, 2.0], [3, 3, 3])]);
    expect(even!.cpuAddedMs).toBeCloseTo(0.25);
    expect(even!.medianRound).toBe(1);
    expect(even!.cpuMet).toBe(even!.cpuAddedMs <= REQUEST_LOG_CPU_TARGET_MS);
    expect(() => summarise([])).toThrow(/No round/);
  });

  it("counts a round trip added when the p50 at a distance grew by half the delay or more", () => {
    const probe = (on: number, off: number) => ({
      scenario: "list",
      delayMs: 25,
      samples: 20,
      onP50Ms: on,
      offP50Ms: off,
    });
    expect(addsRoundTrip(probe(46, 46.5))).toBe(false);
    expect(addsRoundTrip(probe(58, 46))).toBe(false);
    expect(addsRoundTrip(probe(59, 46))).toBe(true);
    expect(addsRoundTrip(probe(71, 46))).toBe(true);
  });

  it("prints a line per scenario and side, then each verdict with its rounds and the probe at a distance", () => {
    const lines = requestLogTable(summarise([round([2.6, 2.1, 2.0], [4.0, 3.5, 3.0])]), [
      { scenario: "list", delayMs: 25, samples: 20, onP50Ms: 46.2, offP50Ms: 46.5 },
    ]);
    expect(lines[0]).toMatch(/^scenario\s+request log\s+req\/s\s+p50 ms\s+p99 ms\s+CPU ms\/req$/);
    expect(lines[1]).toMatch(/^list\s+written\s+390\s+21\s+63\s+2\.600$/);
    expect(lines[2]).toMatch(/^\s+not sent\s+395\s+20\s+60\s+2\.100$/);
    expect(lines[3]).toMatch(/^\s+none\s+400\s+20\s+60\s+2\.000$/);
    expect(lines).toContain(
      "request log, list: the Worker's CPU +0.100 ms/request (target ≤ 0.2: met; rounds +0.100); with the local D1's insert +0.600 (rounds +0.600); req/s 98%, p50 +1 ms under load; at 25 ms per call, p50 46.2 against 46.5 ms (−0.3): no sequential round trip added",
    );
    expect(lines).toContain(
      "request log, write: the Worker's CPU +0.500 ms/request (target ≤ 0.2: NOT MET; rounds +0.500); with the local D1's insert +1.000 (rounds +1.000); req/s 83%, p50 +5 ms under load",
    );
  });
});
