import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeathAt } from "../faults";
import { removeState, startDev, type DevServer } from "./harness";
import { idOf, until } from "./requests";

// An idempotent write killed under npm run dev (SIGKILL, the whole process group) at a point of its
// two round trips, then retried with its Idempotency-Key once npm run dev started again on the same
// state and port. The point is made by the test's entry around the Worker (test/e2e/dying-worker.ts,
// E2E_DIE_AT): from it on, the request's D1 calls and its call telling the key's object of the
// completion wait forever, and the test kills the process while they wait. Each request is killed on a
// server of its own; every retry goes to a last server that lets everything through.

const ENTRY = "test/e2e/dying-worker.ts";
const budget = { client_name: "Ana López", items: [{ concept: "Installation", units: 2, unit_price: 50 }] };

let server: DevServer;
let key: string;
let companyId: string;

const post = async (idempotencyKey: string) => {
  const response = await server.fetch("/api/v1/budgets", {
    key,
    method: "POST",
    headers: { "Idempotency-Key": idempotencyKey, "Content-Type": "application/json" },
    body: JSON.stringify(budget),
  });
  return {
    status: response.status,
    replayed: response.headers.get("Idempotent-Replayed"),
    json: (await response.json()) as Record<string, unknown>,
  };
};

/** The retry once the dead Worker's claim lapsed (within its short lease): until then the key is in use. */
const retried = (idempotencyKey: string) =>
  until(
    "the retried request",
    () => post(idempotencyKey),
    (response) => !(response.status === 409 && String(response.json.type).endsWith("/idempotency_key_in_use")),
    60_000,
  );

const budgetsListed = async () => {
  const response = await server.fetch("/api/v1/budgets?limit=50", { key });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { id: string }[] }).data.map((row) => row.id);
};

const markOf = async (idempotencyKey: string) =>
  server.value(
    `SELECT state FROM idempotent_answers WHERE company_id = '${companyId}' AND idempotency_key = '${idempotencyKey}'`,
    companyId,
  );

/** npm run dev again on the same state and port, through the dying entry (at `dieAt`, or nowhere). */
const restart = async (dieAt?: DeathAt) => {
  await server.kill();
  server = await startDev({
    main: ENTRY,
    vars: dieAt ? { E2E_DIE_AT: dieAt } : {},
    persistTo: server.persistTo,
    port: server.port,
  });
};

/** Whether a key's object (its SQLite file in the local state) holds a claim of `idempotencyKey`: the request is past its first trip. */
function claimed(idempotencyKey: string): boolean {
  const root = join(server.persistTo, "v3", "do");
  for (const folder of readdirSync(root))
    for (const file of readdirSync(join(root, folder)).filter((name) => name.endsWith(".sqlite"))) {
      const database = new DatabaseSync(join(root, folder, file), { readOnly: true });
      try {
        if (database.prepare("SELECT 1 FROM idempotency WHERE key = ?").get(idempotencyKey)) return true;
      } catch {
        // another object's file, or one without the table yet
      } finally {
        database.close();
      }
    }
  return false;
}

beforeAll(async () => {
  server = await startDev({ main: ENTRY, vars: { E2E_DIE_AT: "after-answer" } });
  companyId = idOf(
    await server.admin([
      "tenant",
      "create",
      "--name",
      "Write crash SL",
      "--plan",
      "Business",
      "--currency",
      "EUR",
      "--country",
      "ES",
    ]),
    "company_id",
  );
  key = idOf(
    await server.admin(["key", "create", "--company", companyId, "--scopes", "all", "--name", "e2e"]),
    "api_key",
  );
}, 400_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeState(server);
});

describe("POST /budgets killed at a point of its write, retried with the same Idempotency-Key after a restart", () => {
  const afterAnswer = crypto.randomUUID();
  const beforeBatch = crypto.randomUUID();
  const afterBatch = crypto.randomUUID();
  let answered: Record<string, unknown>;
  let unkeptAnswer: Record<string, unknown>;

  it("kills the server at each point: between the batch and the completion, before the batch, right after the batch", async () => {
    // Between the batch (and the answer filled in) and the key's object hearing of the completion.
    const first = await post(afterAnswer);
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    answered = first.json;
    await until(
      "the answer filled in",
      () => markOf(afterAnswer),
      (state) => state === "answered",
    );

    // Before the batch: the request never returns.
    await restart("before-batch");
    const lost = post(beforeBatch).catch(() => undefined);
    await until(
      "the claim of the key",
      async () => claimed(beforeBatch),
      (found) => found,
    );
    await server.kill();
    expect(await lost).toBeUndefined();
    expect(await markOf(beforeBatch)).toBeUndefined();

    // Right after the batch: the client has its answer, then neither D1 nor the object keep it.
    await restart("after-batch");
    const unkept = await post(afterBatch);
    expect(unkept.status, JSON.stringify(unkept.json)).toBe(201);
    unkeptAnswer = unkept.json;
    expect(await markOf(afterBatch)).toBe("committed");

    await restart();
  }, 600_000);

  it("killed between the batch and the completion: the retry gets the same answer, one write", async () => {
    const retry = await post(afterAnswer);
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBe("true");
    expect(retry.json).toEqual(answered);
  });

  it("killed before the batch: the retry runs, once", async () => {
    const retry = await retried(beforeBatch);
    expect(retry.status, JSON.stringify(retry.json)).toBe(201);
    expect(retry.replayed).toBeNull();
    const again = await post(beforeBatch);
    expect(again.replayed).toBe("true");
    expect(again.json).toEqual(retry.json);
  }, 120_000);

  it("killed right after the batch, its answer never kept: the retry never runs it again, its answer read back", async () => {
    const retry = await retried(afterBatch);
    expect(retry.status, JSON.stringify(retry.json)).toBe(201);
    expect(retry.replayed).toBe("true");
    expect(retry.json).toEqual(unkeptAnswer);
    expect(await markOf(afterBatch)).toBe("answered");
  }, 120_000);

  it("one budget per Idempotency-Key", async () => {
    const ids = await budgetsListed();
    expect(ids).toHaveLength(3);
    expect(ids).toContain(answered.id);
  });
});
