import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./helpers";
import { ResponseContract } from "./fuzz/contract";
import { readDocument } from "./fuzz/openapi";
import { requestArbitrary, runRequest, Stats, type Lane, type RequestCase } from "./fuzz/requests";
import { seedWorld, type World } from "./fuzz/world";

/**
 * Property-based fuzzing driven by the OpenAPI document: every operation gets requests generated
 * from its parameters and body schema, well-formed and hostile, from two companies at once (one
 * lane each, with the other's ids mixed in), with and without credentials and Idempotency-Key.
 * Every answer must be: not a 500 (nor an undeclared 5xx); a status the operation declares; a
 * body that its status's schema accepts (ajv, JSON Schema 2020-12, formats on), with the headers
 * the document marks required; a problem document with request_id when it is an error; a refusal
 * when the request had a query parameter the operation does not have; and, when it is a success,
 * free of the other company's ids. Fixed seeds and run counts: the same requests on every run.
 */

const SEED = 20_260_426;
/** Pairs of companies; each company is a lane of requests, and the lanes of a run go concurrently. */
const PAIRS = 1;
const RUNS_PER_OPERATION = 22;
const INTERLEAVED_RUNS = 250;
const TIMEOUT_MS = 60_000;

// The document as the Worker serves it (openApiDocument over the app's declarations).
const served = await call("/api/v1/openapi.json");
if (served.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${served.status}`);
const document = readDocument(served.json as unknown);
const components = document.components;
const contract = new ResponseContract(served.json);
// Reads first, then creations, changes and removals: each operation meets the seeded resources.
const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];
const operations = [...document.operations].sort(
  (a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
);
const byId = new Map(operations.map((op) => [op.operationId, op]));
const stats = new Stats();
let lanes: Lane[] = [];

beforeAll(async () => {
  const world: World = await seedWorld(operations, PAIRS);
  // A with B, B with A, C with D...: the partner's ids are the foreign ones a lane uses.
  lanes = world.companies.map((self, index) => ({ self, other: world.companies[index ^ 1]!, world }));
}, TIMEOUT_MS);

afterAll(() => {
  const seconds = ((performance.now() - stats.started) / 1000).toFixed(1);
  const lines = [...stats.byOperation].map(([operationId, statuses]) => {
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    return `  ${operationId.padEnd(32)} ${counts.join(" ")}`;
  });
  const { answers, bodies, headers } = contract.checked;
  console.log(
    `fuzz: ${stats.requests} requests over ${stats.byOperation.size} operations in ${seconds} s; against the document: ${answers} answers, ${bodies} bodies validated, ${headers} headers checked\n${lines.join("\n")}`,
  );
});

/** One request per lane, sent concurrently (each lane is another company), every broken rule thrown at once. */
async function runLanes(requests: RequestCase[]) {
  const run = (request: RequestCase, lane: Lane) =>
    runRequest(byId.get(request.operationId)!, request, lane, stats, contract);
  const failures = (await Promise.all(requests.map((request, index) => run(request, lanes[index]!)))).flat();
  if (failures.length > 0) throw new Error(`\n${failures.join("\n\n")}`);
}

/** A request for each lane, drawn by `perLane`. */
const forEveryLane = (perLane: (lane: Lane) => fc.Arbitrary<RequestCase>) => fc.tuple(...lanes.map(perLane));

describe("OpenAPI-driven fuzz", () => {
  it("covers every operation of the document", () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const op of operations) expect(op.statuses.size, op.operationId).toBeGreaterThan(0);
  });

  it("the response contract refuses a body, a header or a media type the document does not give", () => {
    const listBudgets = byId.get("listBudgets")!;
    const headers = (entries: Record<string, string>) =>
      new Headers({
        "Content-Type": "application/json",
        "X-Request-Id": "r",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        ...entries,
      });
    const page = JSON.stringify({ data: [], limit: 20, offset: 0 });
    const check = (status: number, text: string, entries: Record<string, string> = {}) =>
      contract.violations(listBudgets, { status, headers: headers(entries), text });
    expect(check(200, page)).toEqual([]);
    expect(check(200, JSON.stringify({ data: "none" })).join("\n")).toMatch(/^body\/data must be array/m);
    expect(check(200, page, { "Cache-Control": "private" }).join("\n")).toMatch(/header Cache-Control/);
    expect(check(200, page, { "Content-Type": "text/html" }).join("\n")).toMatch(
      /Content-Type "text\/html" is not declared/,
    );
    expect(
      contract
        .violations(listBudgets, {
          status: 200,
          headers: new Headers({ "Content-Type": "application/json" }),
          text: page,
        })
        .join("\n"),
    ).toMatch(/required header X-Request-Id is missing/);
    expect(
      check(400, JSON.stringify({ type: "x", title: "t", status: 400, detail: "d", request_id: "r" }), {
        "Content-Type": "application/problem+json",
      }).join("\n"),
    ).toMatch(/^body\/type must match format "uri/m);
  });

  operations.forEach((op, index) => {
    it(
      `${op.method.toUpperCase()} ${op.path} (${op.operationId})`,
      async () => {
        const property = fc.asyncProperty(
          forEveryLane((lane) => requestArbitrary(op, lane, components)),
          runLanes,
        );
        await fc.assert(property, { seed: SEED + index, numRuns: RUNS_PER_OPERATION });
      },
      TIMEOUT_MS,
    );
  });

  it(
    "every operation, interleaved",
    async () => {
      const anyOperation = (lane: Lane) => fc.oneof(...operations.map((op) => requestArbitrary(op, lane, components)));
      await fc.assert(fc.asyncProperty(forEveryLane(anyOperation), runLanes), {
        seed: SEED - 1,
        numRuns: INTERLEAVED_RUNS,
      });
    },
    TIMEOUT_MS,
  );
});
