/**
 * The bench's charts: SVG figures drawn from the JSON it writes (bench-results/latest.json,
 * distance.json, stores.json, request-log.json) and from nothing else, so that a saved JSON redraws them without a
 * run (`npm run bench -- --charts-from <file>`). Each chart is a Vega-Lite specification rendered
 * headless by Vega (no browser, no canvas); they are written beside the JSON they come from.
 *
 * - floors.svg (floors-self.svg for an A/A run): every GET against its floor, its req/s and its
 *   floor's, the ratio and the CPU above the floor per round with their medians and the targets;
 * - scenarios.svg: the main run's scenarios, req/s, CPU per request and p50 to p99;
 * - latency.svg, distance-latency.svg: each scenario's latency percentiles;
 * - distance.svg: p50 and p99 of each scenario without and with the delay per call;
 * - stores.svg: write req/s and CPU per request on one store and on three, per round;
 * - request-log.svg: per scenario, the CPU per request the request log adds in each round (the
 *   Worker's part), their median coloured by the verdict, the median with the local D1's insert,
 *   and the target dashed; req/s and p50 with it, with its insert not sent, and without it.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseVega, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { z } from "zod";

/** The colours of the two sides, and of a verdict: the same in every chart. */
const API = "API";
const FLOOR = "floor (bare Worker)";
const BARE = "bare Worker";
const MET = "median, met";
const NOT_MET = "median, not met";
const ROUND = "a round";
const palette = {
  api: "#4c78a8",
  floor: "#f58518",
  bare: "#9d755d",
  met: "#54a24b",
  notMet: "#e45756",
  round: "#bab0ac",
};
/** Pixels per route or scenario on a chart's category axis. */
const STEP = 16;
const PANEL_WIDTH = 260;

// What the charts read of each JSON; JSON writes NaN as null, so a figure a run could not measure is null.
const figure = z.number().nullable();
const resultSchema = z.object({
  name: z.string(),
  rps: z.number(),
  p50: z.number(),
  p99: z.number(),
  cpuMsPerRequest: figure,
  /** autocannon's latency percentiles in ms (p1 ... p99_9); results written before they were kept have p50 and p99 only. */
  latency: z.record(z.string(), z.number()).optional(),
});
type Result = z.infer<typeof resultSchema>;
const floorRoundSchema = z.object({
  apiRps: figure,
  floorRps: figure,
  ratio: figure,
  cpuMsAboveFloor: figure,
});
const floorsSchema = z.object({
  date: z.string(),
  secondsPerRun: z.number(),
  rounds: z.number(),
  targets: z.object({ ratio: z.number(), cpuMsAboveFloor: z.number() }),
  rows: z.array(floorRoundSchema.extend({ name: z.string(), rounds: z.array(floorRoundSchema) })),
});
type Floors = z.infer<typeof floorsSchema>;
const latestSchema = z.object({
  date: z.string().optional(),
  duration: z.number().optional(),
  connections: z.number().optional(),
  results: z.array(resultSchema).optional(),
  floors: floorsSchema.optional(),
  floorsSelf: floorsSchema.optional(),
});
const distanceSchema = z.object({
  date: z.string(),
  delayMs: z.number(),
  rows: z.array(z.object({ scenario: z.string(), delayMs: z.number(), trips: z.string(), result: resultSchema })),
});
type Distance = z.infer<typeof distanceSchema>;
const storesSchema = z.object({
  date: z.string(),
  medianRatio: z.number(),
  rounds: z.array(z.record(z.string(), resultSchema)),
});
type Stores = z.infer<typeof storesSchema>;
const sideSchema = z.object({ rps: z.number(), p50: z.number(), cpuMsPerRequest: z.number() });
const requestLogSchema = z.object({
  date: z.string(),
  cpuTargetMs: z.number(),
  summaries: z.array(
    z.object({
      scenario: z.string(),
      on: sideSchema,
      unsent: sideSchema,
      off: sideSchema,
      cpuAddedMs: z.number(),
      roundsCpuAddedMs: z.array(z.number()),
      totalCpuAddedMs: z.number(),
      cpuMet: z.boolean(),
    }),
  ),
});
type RequestLog = z.infer<typeof requestLogSchema>;

export interface Chart {
  /** The file's name without `.svg`. */
  name: string;
  spec: TopLevelSpec;
}

const day = (date: string | undefined) => (date ? `, ${date.slice(0, 10)}` : "");
const percent = (ratio: number) => Math.round(ratio * 1000) / 10;
const milliseconds = (ms: number) => Math.round(ms * 1000) / 1000;

/**
 * The charts of one JSON the bench wrote, recognised by its members: latest.json (the main run's
 * `results`, `floors`, `floorsSelf`), distance.json (`delayMs` and `rows`), stores.json
 * (`medianRatio`) or request-log.json (`cpuTargetMs`). Throws for anything else, and for a file of one of those kinds with nothing to draw.
 */
export function benchCharts(json: unknown): Chart[] {
  const kind =
    typeof json === "object" && json !== null
      ? "cpuTargetMs" in json
        ? "request-log"
        : "medianRatio" in json
          ? "stores"
          : "delayMs" in json && "rows" in json
            ? "distance"
            : "results" in json || "floors" in json || "floorsSelf" in json
              ? "latest"
              : undefined
      : undefined;
  if (kind === "request-log") return [requestLogChart(requestLogSchema.parse(json))];
  if (kind === "stores") return [storesChart(storesSchema.parse(json))];
  if (kind === "distance") {
    const distance = distanceSchema.parse(json);
    return [
      distanceChart(distance),
      latencyChart(
        "distance-latency",
        `Latency percentiles at a distance (${distance.delayMs} ms before every call or not)${day(distance.date)}`,
        distance.rows.map((row) => ({ ...row.result, name: `${row.scenario}, ${row.delayMs} ms` })),
      ),
    ];
  }
  if (kind === "latest") {
    const latest = latestSchema.parse(json);
    const charts: Chart[] = [];
    if (latest.results?.length) {
      const run = `${latest.duration ?? "?"} s per scenario, ${latest.connections ?? "?"} connections${day(latest.date)}`;
      charts.push(scenariosChart(latest.results, run));
      charts.push(latencyChart("latency", `Latency percentiles per scenario (${run})`, latest.results));
    }
    if (latest.floors?.rows.length) charts.push(floorsChart("floors", latest.floors, false));
    if (latest.floorsSelf?.rows.length) charts.push(floorsChart("floors-self", latest.floorsSelf, true));
    if (charts.length > 0) return charts;
  }
  throw new Error(
    "Not a bench result with anything to draw: latest.json (results, floors), distance.json, stores.json or request-log.json.",
  );
}

/** One chart as an SVG document, rendered headless (Vega's "none" renderer: no DOM, no canvas). */
export async function svgOf(spec: TopLevelSpec): Promise<string> {
  const view = new View(parseVega(compile(spec).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Draws the charts of a JSON file the bench wrote, each beside it as `<name>.svg`; returns their paths. */
export async function writeChartsOf(file: string): Promise<string[]> {
  const charts = benchCharts(JSON.parse(readFileSync(file, "utf8")));
  const written: string[] = [];
  for (const chart of charts) {
    const path = join(dirname(file), `${chart.name}.svg`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, await svgOf(chart.spec));
    written.push(path);
  }
  return written;
}

/** Every GET against its floor: three panels on one axis of routes, worst first as the table. */
function floorsChart(name: string, floors: Floors, self: boolean): Chart {
  const routes = floors.rows.map((row) => row.name);
  const floorSide = self ? "the API again (A/A)" : FLOOR;
  const y = (labels: boolean) => ({
    field: "route",
    type: "nominal" as const,
    sort: routes,
    scale: { domain: routes },
    axis: labels ? { title: null, labelLimit: 0 } : { title: null, labels: false, ticks: false, domain: false },
  });
  const verdict = (row: Floors["rows"][number]) =>
    row.ratio !== null &&
    row.cpuMsAboveFloor !== null &&
    row.ratio >= floors.targets.ratio &&
    row.cpuMsAboveFloor <= floors.targets.cpuMsAboveFloor
      ? MET
      : NOT_MET;
  const markLegend = (shown: boolean) =>
    shown ? { title: "verdict, by the medians", orient: "bottom" as const, titleLimit: 300, labelLimit: 200 } : null;
  const marks = { domain: [ROUND, MET, NOT_MET], range: [palette.round, palette.met, palette.notMet] };
  // Per round and the median: the verdict is the medians', and the rounds show how far they spread.
  const spread = (field: "ratio" | "cpuMsAboveFloor", scale: (value: number) => number) =>
    floors.rows.flatMap((row) => [
      ...row.rounds.flatMap((round) =>
        round[field] === null ? [] : [{ route: row.name, value: scale(round[field]), mark: ROUND }],
      ),
      ...(row[field] === null ? [] : [{ route: row.name, value: scale(row[field]), mark: verdict(row) }]),
    ]);
  const spreadPanel = (
    values: { route: string; value: number; mark: string }[],
    title: string,
    target: number,
    legend: boolean,
  ) => ({
    width: PANEL_WIDTH,
    height: { step: STEP },
    layer: [
      {
        data: { values },
        mark: { type: "point" as const, filled: true, size: 40 },
        encoding: {
          y: y(false),
          x: { field: "value", type: "quantitative" as const, title, scale: { zero: false } },
          // One legend for both: the same field and the same legend (else Vega-Lite warns of a conflict).
          color: { field: "mark", type: "nominal" as const, scale: marks, legend: markLegend(legend) },
          shape: {
            field: "mark",
            type: "nominal" as const,
            scale: { domain: marks.domain, range: ["circle", "diamond", "diamond"] },
            legend: markLegend(legend),
          },
        },
      },
      {
        data: { values: [{ target }] },
        mark: { type: "rule" as const, strokeDash: [4, 3], color: "#333" },
        encoding: { x: { field: "target", type: "quantitative" as const } },
      },
    ],
  });
  const rps = floors.rows.flatMap((row) => [
    ...(row.apiRps === null ? [] : [{ route: row.name, rps: row.apiRps, server: API }]),
    ...(row.floorRps === null ? [] : [{ route: row.name, rps: row.floorRps, server: floorSide }]),
  ]);
  const met = floors.rows.filter((row) => verdict(row) === MET).length;
  return {
    name,
    spec: {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      title: {
        text: `${self ? "A/A: every GET against the API itself" : "Every GET against its floor"}: ${met} of ${floors.rows.length} met${day(floors.date)}`,
        subtitle: `${floors.rounds} rounds of ${floors.secondsPerRun} s a side; targets: at least ${percent(floors.targets.ratio)}% of the floor's req/s, at most ${floors.targets.cpuMsAboveFloor} ms of CPU above it (dashed)`,
      },
      resolve: {
        scale: { color: "independent", shape: "independent" },
        legend: { color: "independent", shape: "independent" },
      },
      hconcat: [
        {
          width: PANEL_WIDTH,
          height: { step: STEP },
          data: { values: rps },
          mark: { type: "point", filled: true, size: 40 },
          encoding: {
            y: y(true),
            x: { field: "rps", type: "quantitative", title: "requests/s (median of the rounds)" },
            color: {
              field: "server",
              type: "nominal",
              scale: { domain: [API, floorSide], range: [palette.api, palette.floor] },
              legend: { title: "server", orient: "bottom" },
            },
          },
        },
        spreadPanel(spread("ratio", percent), "API req/s as % of its floor's", percent(floors.targets.ratio), true),
        spreadPanel(
          spread("cpuMsAboveFloor", milliseconds),
          "CPU ms per request above the floor",
          floors.targets.cpuMsAboveFloor,
          false,
        ),
      ],
    },
  };
}

/** Which side a main-run scenario is on, from the name the bench gives it. */
const sideOf = (name: string) => (name.startsWith("floor:") ? FLOOR : name.startsWith("bare Worker") ? BARE : API);

/** The main run's scenarios in the order they ran: req/s, CPU per request, and p50 to p99. */
function scenariosChart(results: readonly Result[], run: string): Chart {
  const names = results.map((result) => result.name);
  const values = results.map((result) => ({
    scenario: result.name,
    side: sideOf(result.name),
    rps: result.rps,
    cpu: result.cpuMsPerRequest,
    p50: result.p50,
    p99: result.p99,
  }));
  const y = (labels: boolean) => ({
    field: "scenario",
    type: "nominal" as const,
    sort: names,
    scale: { domain: names },
    axis: labels ? { title: null, labelLimit: 0 } : { title: null, labels: false, ticks: false, domain: false },
  });
  // The same legend in every panel: they share the scale, and Vega-Lite draws it once.
  const color = {
    field: "side",
    type: "nominal" as const,
    scale: { domain: [API, FLOOR, BARE], range: [palette.api, palette.floor, palette.bare] },
    legend: { title: "server", orient: "bottom" as const },
  };
  return {
    name: "scenarios",
    spec: {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      title: { text: "The API's scenarios and their floors", subtitle: run },
      data: { values },
      hconcat: [
        {
          width: PANEL_WIDTH,
          height: { step: STEP },
          mark: "bar",
          encoding: { y: y(true), x: { field: "rps", type: "quantitative", title: "requests/s" }, color },
        },
        {
          width: PANEL_WIDTH,
          height: { step: STEP },
          mark: "bar",
          encoding: {
            y: y(false),
            x: { field: "cpu", type: "quantitative", title: "CPU ms per request (the Worker's runtime)" },
            color,
          },
        },
        {
          width: PANEL_WIDTH,
          height: { step: STEP },
          layer: [
            {
              mark: { type: "rule", strokeWidth: 2 },
              encoding: {
                y: y(false),
                x: { field: "p50", type: "quantitative", title: "latency ms, p50 (dot) to p99" },
                x2: { field: "p99" },
                color,
              },
            },
            {
              mark: { type: "point", filled: true, size: 40 },
              encoding: { y: y(false), x: { field: "p50", type: "quantitative" }, color },
            },
          ],
        },
      ],
    },
  };
}

/** A percentile's number from autocannon's key: p97_5 is 97.5. */
const percentileOf = (key: string) => Number(key.slice(1).replace("_", "."));

/** Each scenario's latency percentiles as a line (p50 and p99 alone for results written before the others were kept). */
function latencyChart(name: string, title: string, results: readonly Result[]): Chart {
  const values = results.flatMap((result) =>
    Object.entries(result.latency ?? { p50: result.p50, p99: result.p99 })
      .filter(([key]) => /^p\d+(_\d+)?$/.test(key))
      .map(([key, ms]) => ({ scenario: result.name, percentile: percentileOf(key), ms })),
  );
  const percentiles = [...new Set(values.map((value) => value.percentile))].sort((a, b) => a - b);
  return {
    name,
    spec: {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      title,
      width: 560,
      height: 320,
      data: { values },
      mark: { type: "line", point: true },
      encoding: {
        x: {
          field: "percentile",
          type: "ordinal",
          sort: percentiles,
          title: "percentile of the requests",
          axis: { labelAngle: 0 },
        },
        // Logarithmic: a p99.9 ten times the p50 stays readable (symlog when a percentile is 0 ms, which log cannot draw).
        y: {
          field: "ms",
          type: "quantitative",
          title: "latency ms",
          scale: { type: values.every((value) => value.ms > 0) ? "log" : "symlog" },
        },
        color: {
          field: "scenario",
          type: "nominal",
          sort: results.map((result) => result.name),
          legend: { title: "scenario", orient: "right", labelLimit: 0 },
        },
      },
    },
  };
}

/** The distance table: p50 and p99 of each scenario, without and with the delay before every call. */
function distanceChart(distance: Distance): Chart {
  const scenarios = [...new Set(distance.rows.map((row) => row.scenario))];
  const delays = [...new Set(distance.rows.map((row) => row.delayMs))].sort((a, b) => a - b);
  const delayName = (ms: number) => (ms === 0 ? "no delay" : `${ms} ms before every call`);
  // A scenario's round trips as the table prints them: those of its run with the delay.
  const label = (scenario: string) =>
    `${scenario} (${distance.rows.filter((row) => row.scenario === scenario).at(-1)?.trips ?? "?"})`;
  const values = distance.rows.map((row) => ({
    label: label(row.scenario),
    delay: delayName(row.delayMs),
    p50: row.result.p50,
    p99: row.result.p99,
  }));
  const delayNames = delays.map(delayName);
  const labelOrder = scenarios.map(label);
  const panel = (percentile: "p50" | "p99", labels: boolean) => ({
    width: PANEL_WIDTH,
    height: { step: STEP },
    mark: "bar" as const,
    encoding: {
      y: {
        field: "label",
        type: "nominal" as const,
        // Sorted, not given a domain: an explicit domain here fails to compile beside yOffset (Vega-Lite 6.5).
        sort: labelOrder,
        axis: labels ? { title: null, labelLimit: 0 } : { title: null, labels: false, ticks: false, domain: false },
      },
      yOffset: { field: "delay", type: "nominal" as const, sort: delayNames },
      x: { field: percentile, type: "quantitative" as const, title: `latency ms, ${percentile}` },
      color: {
        field: "delay",
        type: "nominal" as const,
        scale: { domain: delayNames, range: [palette.round, palette.api] },
        // The same legend in both panels: they share the scale, and Vega-Lite draws it once.
        legend: { title: "delay", orient: "bottom" as const, labelLimit: 300 },
      },
    },
  });
  return {
    name: "distance",
    spec: {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      title: {
        text: `Distance: what ${distance.delayMs} ms before every Durable Object call and D1 query adds${day(distance.date)}`,
        subtitle: "each scenario's sequential round trips in brackets: its p50 should grow by about trips × the delay",
      },
      data: { values },
      hconcat: [panel("p50", true), panel("p99", false)],
    },
  };
}

/** Writes on one tenant store against three: req/s and CPU per request of every round. */
function storesChart(stores: Stores): Chart {
  const storeName = (count: string) => `${count} store${count === "1" ? "" : "s"}`;
  const values = stores.rounds.flatMap((round, index) =>
    Object.entries(round).map(([count, result]) => ({
      round: `round ${index + 1}`,
      stores: storeName(count),
      rps: result.rps,
      cpu: result.cpuMsPerRequest,
    })),
  );
  const storeNames = [...new Set(values.map((value) => value.stores))];
  const panel = (field: "rps" | "cpu", title: string) => ({
    width: PANEL_WIDTH,
    height: 220,
    mark: "bar" as const,
    encoding: {
      x: { field: "round", type: "ordinal" as const, title: null, axis: { labelAngle: 0 } },
      xOffset: { field: "stores", type: "nominal" as const, sort: storeNames },
      y: { field, type: "quantitative" as const, title },
      color: {
        field: "stores",
        type: "nominal" as const,
        sort: storeNames,
        scale: { range: [palette.floor, palette.api] },
        // The same legend in both panels: they share the scale, and Vega-Lite draws it once.
        legend: { title: "tenant stores", orient: "right" as const },
      },
    },
  });
  return {
    name: "stores",
    spec: {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      title: {
        text: `POST /budgets on one tenant store and on three${day(stores.date)}`,
        subtitle: `3 stores / 1 store, the median round: ${stores.medianRatio.toFixed(2)}`,
      },
      data: { values },
      hconcat: [panel("rps", "requests/s"), panel("cpu", "CPU ms per request (the Worker's runtime)")],
    },
  };
}

/**
 * The request log's cost: the CPU the Worker's part adds per round and by the median (the verdict),
 * the median with the local D1's insert, and req/s and p50 of the three sides.
 */
function requestLogChart(log: RequestLog): Chart {
  const WRITTEN = "log written";
  const UNSENT = "entry built, insert not sent";
  const NONE = "no request log";
  const WITH_INSERT = "median, with the local D1's insert";
  const sideNames = [WRITTEN, UNSENT, NONE];
  const scenarios = log.summaries.map((summary) => summary.scenario);
  const x = { field: "scenario", type: "nominal" as const, sort: scenarios, title: null, axis: { labelLimit: 200 } };
  const marks = {
    domain: [ROUND, MET, NOT_MET, WITH_INSERT],
    range: [palette.round, palette.met, palette.notMet, palette.bare],
  };
  const added = log.summaries.flatMap((summary) => [
    ...summary.roundsCpuAddedMs.map((value) => ({
      scenario: summary.scenario,
      value: milliseconds(value),
      mark: ROUND,
    })),
    { scenario: summary.scenario, value: milliseconds(summary.cpuAddedMs), mark: summary.cpuMet ? MET : NOT_MET },
    { scenario: summary.scenario, value: milliseconds(summary.totalCpuAddedMs), mark: WITH_INSERT },
  ]);
  const sides = log.summaries.flatMap((summary) =>
    (
      [
        [WRITTEN, summary.on],
        [UNSENT, summary.unsent],
        [NONE, summary.off],
      ] as const
    ).map(([side, result]) => ({ scenario: summary.scenario, side, rps: result.rps, p50: result.p50 })),
  );
  const sidePanel = (field: "rps" | "p50", title: string) => ({
    width: PANEL_WIDTH,
    height: 220,
    data: { values: sides },
    mark: "bar" as const,
    encoding: {
      x,
      xOffset: { field: "side", type: "nominal" as const, sort: sideNames },
      y: { field, type: "quantitative" as const, title },
      color: {
        field: "side",
        type: "nominal" as const,
        sort: sideNames,
        scale: { domain: sideNames, range: [palette.api, palette.round, palette.floor] },
        legend: { title: "request log", orient: "bottom" as const, labelLimit: 300 },
      },
    },
  });
  return {
    name: "request-log",
    spec: {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      title: {
        text: `What writing the request log costs a request${day(log.date)}`,
        subtitle: `The same Worker with it, with its entry built but not sent to D1 (the Worker's part), and without it; target: at most ${log.cpuTargetMs} ms of the Worker's CPU added (dashed), by the median of the rounds`,
      },
      resolve: { scale: { color: "independent" }, legend: { color: "independent" } },
      hconcat: [
        {
          width: PANEL_WIDTH,
          height: 220,
          layer: [
            {
              data: { values: added },
              mark: { type: "point" as const, filled: true, size: 50 },
              encoding: {
                x,
                y: {
                  field: "value",
                  type: "quantitative" as const,
                  title: "CPU ms per request added (the Worker's part)",
                },
                color: {
                  field: "mark",
                  type: "nominal" as const,
                  scale: marks,
                  legend: { title: "CPU added", orient: "bottom" as const, labelLimit: 300 },
                },
              },
            },
            {
              data: { values: [{ target: log.cpuTargetMs }] },
              mark: { type: "rule" as const, strokeDash: [4, 3], color: "#333" },
              encoding: { y: { field: "target", type: "quantitative" as const } },
            },
          ],
        },
        sidePanel("rps", "requests/s (the median round)"),
        sidePanel("p50", "p50 ms under load (the median round)"),
      ],
    },
  };
}
