/**
 * The bench's charts (scripts/lib/bench-charts.ts), drawn from small JSON files of the shapes the
 * bench writes (test/fixtures/bench/): each is an SVG document that parses as XML and shows its
 * series, its axis titles and its figures; a file of another kind is refused.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { benchCharts, svgOf, writeChartsOf } from "../scripts/lib/bench-charts";

const fixture = (name: string) => join(import.meta.dirname, "fixtures", "bench", name);
const saved = (name: string): unknown => JSON.parse(readFileSync(fixture(name), "utf8"));

/** Every text of an SVG document (its labels, titles and legends), entities decoded. */
function textsOf(svg: string): string[] {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const child of node) walk(child);
    else if (typeof node === "object" && node !== null)
      for (const [key, value] of Object.entries(node)) {
        if (key === "#text") texts.push(String(value));
        else walk(value);
      }
  };
  walk(new XMLParser({ ignoreAttributes: true, htmlEntities: true, preserveOrder: true }).parse(svg));
  return texts;
}

async function drawn(file: string, name: string) {
  const chart = benchCharts(saved(file)).find((candidate) => candidate.name === name);
  expect(chart, `${file} draws ${name}`).toBeDefined();
  const svg = await svgOf(chart!.spec);
  expect(XMLValidator.validate(svg)).toBe(true);
  expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  return { spec: chart!.spec, texts: textsOf(svg) };
}

/** The data values of the chart's panels, by the field each panel's x encodes. */
const valuesByX = (spec: unknown) => {
  const found = new Map<string, unknown[]>();
  const walk = (node: unknown, data?: unknown[]): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child, data);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    const own = (record.data as { values?: unknown[] } | undefined)?.values ?? data;
    const x = (record.encoding as { x?: { field?: string } } | undefined)?.x?.field;
    if (x && own && !found.has(x)) found.set(x, own);
    for (const [key, value] of Object.entries(record)) if (key !== "data") walk(value, own);
  };
  walk(spec);
  return found;
};

describe("the bench's charts (scripts/lib/bench-charts.ts)", () => {
  it("draws every GET against its floor: API and floor req/s, the ratio and the CPU above it per round, the verdicts and targets", async () => {
    const { spec, texts } = await drawn("latest.json", "floors");
    // One route had no answer in its median (null in the JSON): it is not met, and its null round is not drawn as 0.
    expect(texts).toContain("Every GET against its floor: 2 of 3 met, 2026-11-27");
    for (const route of ["GET /sip-trunks", "GET /calendar/check", "GET /budgets"]) expect(texts).toContain(route);
    for (const series of ["API", "floor (bare Worker)", "a round", "median, met", "median, not met"])
      expect(texts).toContain(series);
    for (const title of [
      "requests/s (median of the rounds)",
      "API req/s as % of its floor's",
      "CPU ms per request above the floor",
      "verdict, by the medians",
    ])
      expect(texts).toContain(title);
    const ratios = valuesByX(spec).get("value") as { route: string; value: number; mark: string }[];
    expect(ratios.filter((value) => value.route === "GET /sip-trunks").map((value) => value.mark)).toEqual([
      "a round",
      "a round",
    ]);
    expect(ratios.find((value) => value.route === "GET /calendar/check" && value.mark === "median, met")?.value).toBe(
      87.5,
    );
  });

  it("draws the A/A run with its own title and the API on both sides", async () => {
    const { texts } = await drawn("latest.json", "floors-self");
    expect(texts).toContain("A/A: every GET against the API itself: 2 of 2 met, 2026-11-27");
    expect(texts).toContain("the API again (A/A)");
    expect(texts).not.toContain("GET /sip-trunks");
  });

  it("draws the main run's scenarios: req/s, CPU per request and p50 to p99, by server", async () => {
    const { texts } = await drawn("latest.json", "scenarios");
    for (const name of [
      "bare Worker (fixed JSON)",
      "floor: DO call, then the page query",
      "POST /budgets with Idempotency-Key",
    ])
      expect(texts).toContain(name);
    for (const series of ["API", "floor (bare Worker)", "bare Worker"]) expect(texts).toContain(series);
    for (const title of ["requests/s", "CPU ms per request (the Worker's runtime)", "latency ms, p50 (dot) to p99"])
      expect(texts).toContain(title);
    expect(texts).toContain("5 s per scenario, 10 connections, 2026-11-27");
  });

  it("draws each scenario's latency percentiles, and p50 and p99 alone for results saved without the others", async () => {
    const main = await drawn("latest.json", "latency");
    for (const percentile of ["1", "50", "97.5", "99.9"]) expect(main.texts).toContain(percentile);
    expect(main.texts).toContain("percentile of the requests");
    expect(main.texts).toContain("latency ms");
    expect(main.texts).toContain("GET /budgets?limit=50, 1,000 budgets");

    const distance = await drawn("distance.json", "distance-latency");
    expect(distance.texts).toContain("idempotent write: POST /budgets, 25 ms");
    const points = valuesByX(distance.spec).get("percentile") as { scenario: string; percentile: number }[];
    expect(
      points
        .filter((point) => point.scenario === "idempotent write: POST /budgets, 0 ms")
        .map((point) => point.percentile),
    ).toEqual([50, 99]);
    expect(points.filter((point) => point.scenario.startsWith("warm read")).length).toBe(18);
  });

  it("draws the distance table: p50 and p99 of each scenario without and with the delay, its round trips beside it", async () => {
    const { texts } = await drawn("distance.json", "distance");
    for (const series of ["no delay", "25 ms before every call"]) expect(texts).toContain(series);
    for (const title of ["latency ms, p50", "latency ms, p99", "delay"]) expect(texts).toContain(title);
    expect(texts).toContain("warm read: GET /budgets?limit=50, one key (1 (DO 1, D1 1))");
    expect(texts).toContain("idempotent write: POST /budgets (2 (DO 2, D1 1))");
  });

  it("draws writes on one store against three, per round", async () => {
    const { texts } = await drawn("stores.json", "stores");
    for (const series of ["1 store", "3 stores", "round 1", "round 2"]) expect(texts).toContain(series);
    for (const title of ["requests/s", "CPU ms per request (the Worker's runtime)", "tenant stores"])
      expect(texts).toContain(title);
    expect(texts).toContain("3 stores / 1 store, the median round: 1.13");
    // The panels share their colours: one legend, not one per panel.
    expect(texts.filter((text) => text === "tenant stores")).toHaveLength(1);
  });

  it("draws the request log's cost: the CPU it adds per round and by the median, with its verdict and with the local insert; req/s and p50 of the three sides", async () => {
    const { spec, texts } = await drawn("request-log.json", "request-log");
    expect(texts).toContain("What writing the request log costs a request, 2026-11-29");
    for (const series of [
      "log written",
      "entry built, insert not sent",
      "no request log",
      "a round",
      "median, met",
      "median, not met",
      "median, with the local D1's insert",
    ])
      expect(texts).toContain(series);
    for (const title of [
      "CPU ms per request added (the Worker's part)",
      "requests/s (the median round)",
      "p50 ms under load (the median round)",
    ])
      expect(texts).toContain(title);
    // The list's median (+0.08 ms) is met, the write's (+0.28 ms) is not; each round is a point of its own, and the
    // median with the local insert beside them.
    const added = valuesByX(spec).get("scenario") as { scenario: string; value?: number; mark?: string }[];
    const marks = (scenario: string) =>
      added.filter((value) => value.scenario.startsWith(scenario) && value.mark).map((value) => value.mark);
    const rounds = ["a round", "a round", "a round"];
    expect(marks("GET")).toEqual([...rounds, "median, met", "median, with the local D1's insert"]);
    expect(marks("POST")).toEqual([...rounds, "median, not met", "median, with the local D1's insert"]);
    expect(added.find((value) => value.scenario.startsWith("POST") && value.mark?.includes("insert"))?.value).toBe(
      1.08,
    );
  });

  it("refuses a JSON it does not draw, and one with nothing to draw", () => {
    expect(() => benchCharts({ date: "2026-11-27", operations: [] })).toThrow(/Not a bench result/);
    expect(() => benchCharts({ results: [] })).toThrow(/Not a bench result/);
    expect(() => benchCharts([1, 2])).toThrow(/Not a bench result/);
    // A file of a known kind with a figure of the wrong type: the schema says which.
    expect(() =>
      benchCharts({ delayMs: 25, date: "x", rows: [{ scenario: "s", delayMs: 0, trips: "1", result: {} }] }),
    ).toThrow(/name|rps/);
  });

  const folder = mkdtempSync(join(tmpdir(), "bench-charts-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("writes each chart beside the JSON it comes from", async () => {
    const files = ["latest.json", "distance.json", "stores.json", "request-log.json"];
    for (const name of files) copyFileSync(fixture(name), join(folder, name));
    const written = [];
    for (const name of files) written.push(...(await writeChartsOf(join(folder, name))));
    expect(written.map((path) => path.slice(folder.length + 1)).sort()).toEqual([
      "distance-latency.svg",
      "distance.svg",
      "floors-self.svg",
      "floors.svg",
      "latency.svg",
      "request-log.svg",
      "scenarios.svg",
      "stores.svg",
    ]);
    for (const path of written) expect(XMLValidator.validate(readFileSync(path, "utf8"))).toBe(true);
  });
});
