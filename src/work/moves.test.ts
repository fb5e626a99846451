import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, type TestContext } from "vitest";
import { allOperations, call, db, operator, slug, tenant } from "../../test/helpers";
import { DEMO_CAPABILITIES } from "../admin/demo";
import { seedCompany } from "../admin/seed";
import { seededRandom } from "../lib/random";
import { moveClock, resetClock } from "../../test/clock";
import { runJob } from "../core/job-runner";
import { defineJob, enqueueJob } from "./jobs";
import { z } from "@hono/zod-openapi";
import { advanceMove, MOVE_CHUNK_ROWS, settleMs } from "./moves";
import { companies, sequences } from "../data/schema";
import { eq } from "drizzle-orm";
import { controlDatabase, databaseFor, everyDatabase, storeBinding, storeCount, storeOf } from "../data/tenancy";
import { clock } from "../lib/clock";
import { problemOf } from "../lib/errors";
import { commitBatch } from "../core/commit";

/**
 * advanceMove, called again while it made progress: one call stops when its wall-time budget is
 * spent, which a busy machine reaches before the move can go no further (a wait, an end, an error).
 */
async function advanceAsFarAsItCan(companyId: string) {
  let row = await advanceMove(env, companyId);
  for (let previous: number | undefined; row && row.version !== previous && row.error === null; ) {
    if (row.state === "done" || row.state === "failed") break;
    previous = row.version;
    row = await advanceMove(env, companyId);
  }
  return row;
}

/**
 * The operator's move of a company between tenant stores (moves.ts), under a client that writes
 * steadily. Needs at least two stores: `STORES=3 npx vitest run src/work/moves.test.ts`.
 */

const vars = { RATE_LIMIT_PER_MINUTE: "100000" } as unknown as Partial<typeof env>;
const budget = (n: number) => ({
  client_name: `Client ${n}`,
  items: [{ concept: `Work ${n}`, units: 1, unit_price: 10 + n }],
});

function needsStores(context: TestContext): boolean {
  if (storeCount(env) >= 2) return true;
  const reason = `a move needs two stores and this run has ${storeCount(env)}: run with STORES=3`;
  // Printed as well: the default reporter shows a skipped test's note only in verbose mode.
  console.warn(`skipped: ${reason}`);
  context.skip(reason);
  return false;
}

/** Every page of the company's budgets, newest first. */
async function allBudgets(key: string): Promise<{ id: string }[]> {
  const items: { id: string }[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call(`/api/v1/budgets?limit=100&offset=${offset}`, { key, vars });
    expect(page.status).toBe(200);
    items.push(...page.json.data);
    if (page.json.data.length < 100) return items;
  }
}

async function rowsIn(store: number, table: string, companyId: string): Promise<number> {
  const row = await storeBinding(env, store)!
    .prepare(`SELECT count(*) AS n FROM "${table}" WHERE company_id = ?`)
    .bind(companyId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("moving a company between stores", () => {
  afterEach(resetClock);

  it("under steady writes: no write lost, no 5xx but 503 with Retry-After, reads identical, resumed after an interruption, old store emptied", async (context) => {
    if (!needsStores(context)) return;
    const t = await tenant();
    const from = await storeOf(env, t.companyId);
    const to = (from + 1) % storeCount(env);

    // More budgets than one chunk, so the copy of a table is interrupted between chunks.
    let bookmarkBefore: string | null = null;
    for (let n = 0; n < MOVE_CHUNK_ROWS + 20; n++) {
      const created = await call("/api/v1/budgets", { key: t.key, body: budget(n), vars });
      expect(created.status).toBe(201);
      bookmarkBefore = created.headers.get("X-D1-Bookmark");
    }
    const before = await allBudgets(t.key);
    // An older page: new rows come first (newest first), so its items are byte-identical after the move when offset by them
    // (the envelope's `offset` differs by as many).
    const olderPageItems = async (page: { json: { data: unknown[] } }) => JSON.stringify(page.json.data);
    const oldestPage = async (newRows: number) =>
      olderPageItems(await call(`/api/v1/budgets?limit=100&offset=${newRows + 100}`, { key: t.key, vars }));
    const oldestBefore = await oldestPage(0);

    // The client: steady writes with Idempotency-Keys, retrying a 503 after its Retry-After.
    const accepted: string[] = [];
    const unexpected: string[] = [];
    let refusedWhileMoving = 0;
    let writing = true;
    const writer = (async () => {
      for (let n = 1000; writing; n++) {
        const idempotencyKey = crypto.randomUUID();
        for (;;) {
          const response = await call("/api/v1/budgets", {
            key: t.key,
            body: budget(n),
            headers: { "Idempotency-Key": idempotencyKey },
            vars,
          });
          if (response.status === 201) {
            accepted.push(response.json.id);
            break;
          }
          if (
            response.status === 503 &&
            slug(response.json) === "company_moving" &&
            Number(response.headers.get("Retry-After")) > 0
          ) {
            refusedWhileMoving++;
            // Retry-After is seconds of the test's moved clock: a real pause keeps the loop from spinning.
            await new Promise((resolve) => setTimeout(resolve, 20));
            if (!writing) break;
            continue;
          }
          unexpected.push(`${response.status} ${response.text.slice(0, 200)}`);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = await operator(`/companies/${t.companyId}/move`, { method: "POST", body: { store: to } });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ company_id: t.companyId, from_store: from, to_store: to, state: "draining" });
    expect(started.json.estimated_seconds_left).toBeGreaterThan(60);

    // While draining: writes answer 503, reads go on from the old store, identical.
    const refused = await call("/api/v1/budgets", { key: t.key, body: budget(-1), vars });
    expect(refused.status).toBe(503);
    expect(slug(refused.json)).toBe("company_moving");
    expect(refused.headers.get("Retry-After")).toBe("10");
    expect(await oldestPage(accepted.length)).toBe(oldestBefore);

    // The writer meets the move while it drains: whatever it had in flight has ended before the copy
    // starts, as the drain's 65 s guarantee in real time (the test moves the clock past them at once,
    // so it waits for the writer here instead, however slow the machine).
    for (const deadline = Date.now() + 60_000; refusedWhileMoving === 0; ) {
      if (Date.now() > deadline) throw new Error("the writer got no 503 in 60 s of draining");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // Another store while this move runs: 409; an unknown store 400; an unknown company 404.
    expect((await operator(`/companies/${t.companyId}/move`, { method: "POST", body: { store: from } })).status).toBe(
      409,
    );
    expect(
      (await operator(`/companies/${t.companyId}/move`, { method: "POST", body: { store: storeCount(env) } })).status,
    ).toBe(400);
    expect((await operator("/companies/no-such-company/move", { method: "POST", body: { store: to } })).status).toBe(
      404,
    );

    // A job of the company waits for the move, claimed by nobody.
    const noop = defineJob({ kind: "test.move_noop", payload: z.object({}), run: async () => ({ status: "done" }) });
    expect(await runJob(env, new Map([[noop.kind, noop]]), undefined, "no-such-job", t.companyId)).toBe(60);

    // The caches' life passes; the copy starts and stops mid-table (an interrupted worker).
    let clockAt = settleMs(env) + 1_000;
    moveClock(clockAt);
    let row = await advanceMove(env, t.companyId, { maxSteps: 1 });
    expect(row?.error ?? null).toBeNull();
    expect(row?.state).toBe("copying");
    for (let steps = 0; row && !(row.tables[row.tableIndex] === "documents" && (row.cursor ?? 0) > 0); steps++) {
      expect(row.error, `step ${steps} in ${row.state}`).toBeNull();
      expect(
        steps,
        JSON.stringify({
          state: row.state,
          index: row.tableIndex,
          table: row.tables[row.tableIndex],
          cursor: row.cursor,
          tables: row.tables.length,
          version: row.version,
        }),
      ).toBeLessThan(500);
      row = await advanceMove(env, t.companyId, { maxSteps: 1 });
    }
    const midway = await operator(`/companies/${t.companyId}/move`);
    expect(midway.status).toBe(200);
    expect(midway.json.state).toBe("copying");
    expect(midway.json.table).toBe("documents");
    expect(midway.json.rows_copied).toBeLessThan(midway.json.rows_total);
    // Budgets are documents; writes accepted before the move began are among them.
    const documentsProgress = midway.json.tables.find((entry: { table: string }) => entry.table === "documents");
    expect(documentsProgress.rows_copied).toBe(MOVE_CHUNK_ROWS);
    expect(documentsProgress.rows_total).toBeGreaterThanOrEqual(before.length);

    // Two workers at once (the tick and a retried job): each step is recorded once.
    await Promise.all([advanceMove(env, t.companyId, { maxSteps: 3 }), advanceMove(env, t.companyId, { maxSteps: 3 })]);
    // The operator resumes it: it runs to the flip, then waits to clean.
    const resumed = await operator(`/companies/${t.companyId}/move`, { method: "POST", body: { store: to } });
    expect(resumed.status).toBe(202);
    expect(resumed.json.state).toBe("cleaning");
    expect(resumed.json.rows_copied).toBe(resumed.json.rows_total);
    for (const entry of resumed.json.tables) expect(entry.rows_copied, entry.table).toBe(entry.rows_total);
    expect(await storeOf(env, t.companyId)).toBe(to);

    // Writes are accepted again, in the new store.
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    await writer;
    const afterFlip = await call("/api/v1/budgets", { key: t.key, body: budget(-2), vars });
    expect(afterFlip.status).toBe(201);
    accepted.push(afterFlip.json.id);

    // A bookmark of the old store (a client that wrote before the move) is read with, not refused.
    const withOldBookmark = await call(`/api/v1/budgets?limit=100&offset=${accepted.length + 100}`, {
      key: t.key,
      vars,
      headers: { "X-D1-Bookmark": bookmarkBefore! },
    });
    expect(withOldBookmark.status).toBe(200);
    expect(await olderPageItems(withOldBookmark)).toBe(oldestBefore);
    if (storeCount(env) >= 3) {
      const third = [0, 1, 2].find((store) => store !== from && store !== to)!;
      const d1 = bookmarkBefore!.replace(/^s\d+\./, "");
      const foreign = third === 0 ? d1 : `s${third}.${d1}`;
      expect((await call("/api/v1/budgets", { key: t.key, vars, headers: { "X-D1-Bookmark": foreign } })).status).toBe(
        400,
      );
    }

    // Every write that got 2xx is there; nothing but 503 with Retry-After was refused; reads are identical.
    expect(unexpected).toEqual([]);
    expect(refusedWhileMoving).toBeGreaterThan(0);
    const after = await allBudgets(t.key);
    const afterIds = new Set(after.map((item) => item.id));
    for (const id of accepted) expect(afterIds.has(id), id).toBe(true);
    const byId = new Map(after.map((item) => [item.id, JSON.stringify(item)]));
    expect(before.map((item) => byId.get(item.id))).toEqual(before.map((item) => JSON.stringify(item)));
    expect(after.length).toBe(before.length + accepted.length);
    expect(await oldestPage(accepted.length)).toBe(oldestBefore);
    expect(await rowsIn(to, "documents", t.companyId)).toBe(before.length + accepted.length);

    // Another cache's life: the old store's rows are deleted, and the move is done.
    clockAt += settleMs(env) + 1_000;
    moveClock(clockAt);
    const finished = await advanceAsFarAsItCan(t.companyId);
    expect(finished?.state).toBe("done");
    for (const table of finished!.tables) expect(await rowsIn(from, table, t.companyId), table).toBe(0);
    expect(await rowsIn(to, "documents", t.companyId)).toBe(before.length + accepted.length);
    const done = await operator(`/companies/${t.companyId}/move`);
    expect(done.json).toMatchObject({ state: "done", estimated_seconds_left: 0 });
    // Moving it to where it is now: nothing to do, its last move answered.
    const again = await operator(`/companies/${t.companyId}/move`, { method: "POST", body: { store: to } });
    expect(again.status).toBe(200);
    expect(again.json.state).toBe("done");
  }, 120_000);

  it("a write between requests for a moving company is refused (503), so its job or callback is retried after the move", async (context) => {
    if (!needsStores(context)) return;
    const t = await tenant();
    const to = ((await storeOf(env, t.companyId)) + 1) % storeCount(env);
    const noop = defineJob({ kind: "test.move_noop", payload: z.object({}), run: async () => ({ status: "done" }) });
    expect((await operator(`/companies/${t.companyId}/move`, { method: "POST", body: { store: to } })).status).toBe(
      202,
    );
    await expect(
      commitBatch(
        databaseFor(env, t.companyId),
        env,
        undefined,
        t.companyId,
        [enqueueJob(noop, t.companyId, {})],
        [],
        [],
      ),
    ).rejects.toMatchObject({ slug: "company_moving" });
    // A sweep over every store (renewals, alerts) that writes a row of it, once the isolates' caches had their life.
    moveClock(settleMs(env) + 1_000);
    const from = (to + storeCount(env) - 1) % storeCount(env);
    const sweepWrite = everyDatabase(env)
      [from]!.insert(sequences)
      .values({ companyId: t.companyId, series: "X-sweep", lastValue: 1 });
    await expect(sweepWrite).rejects.toSatisfy((error) => problemOf(error)?.slug === "company_moving");
    // The directory says so, and reads still work.
    const company = await controlDatabase(env)
      .select({ moving: companies.moving })
      .from(companies)
      .where(eq(companies.id, t.companyId))
      .get();
    expect(company?.moving).toBe(true);
    expect((await call("/api/v1/budgets", { key: t.key })).status).toBe(200);
  });
});

describe("moving a company with every domain's data", () => {
  afterEach(resetClock);

  /** Every list and report of the company (each GET without path parameters that needs no query): status and body. */
  async function everyRead(key: string, loggedUntil: string): Promise<Map<string, string>> {
    const reads = new Map<string, string>();
    for (const operation of allOperations.filter((op) => op.method === "get" && !op.path.includes("{"))) {
      // The request log gains an entry with every read: its entries up to an instant before the reads must not change.
      const query = operation.path === "/api/v1/requests" ? `?until=${encodeURIComponent(loggedUntil)}` : "";
      const response = await call(`${operation.path}${query}`, { key, vars });
      // A problem names its request (request_id): its status is what must not change.
      // `as_of` is the time of the read (the balance's), not data.
      reads.set(
        operation.path,
        response.status === 200
          ? response.text.replace(/"as_of":"[^"]*"/g, '"as_of":"(read time)"')
          : String(response.status),
      );
    }
    return reads;
  }

  /**
   * A search's hits without their scores: BM25 weighs a word by its frequency in the store's whole
   * full-text index, so the same documents score differently beside other companies' documents.
   */
  const withoutScores = (text: string) => text.replace(/"score":[0-9.e+-]+/g, '"score":"(store-relative)"');

  /** Runs a move to its end, the clock moved past each cache life; the clock is put back after. */
  async function moveToEnd(companyId: string, to: number) {
    expect((await operator(`/companies/${companyId}/move`, { method: "POST", body: { store: to } })).status).toBe(202);
    moveClock(settleMs(env) + 1_000);
    let row = await advanceAsFarAsItCan(companyId);
    expect(row?.error ?? null).toBeNull();
    expect(row?.state).toBe("cleaning");
    moveClock(2 * (settleMs(env) + 1_000));
    row = await advanceAsFarAsItCan(companyId);
    expect(row?.state).toBe("done");
    resetClock();
    return row!;
  }

  it("the demo's data moves whole: numbered rows keep their positions where another company already used them, every read is identical, and new rows follow", async (context) => {
    if (!needsStores(context)) return;
    const now = Date.now();
    const mover = await tenant({
      capabilities: [...DEMO_CAPABILITIES],
    });
    const from = await storeOf(env, mover.companyId);
    const to = (from + 1) % storeCount(env);
    // A company already in the target with the same kinds of rows: under numbering per database, its
    // conversations and messages held the numbers the mover's rows carry.
    const resident = await tenant({ store: to });
    for (const t of [mover, resident])
      await seedCompany(
        db,
        { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" },
        seededRandom(7),
        now,
        "full",
        { attachments: env.ATTACHMENTS },
        env.WEBHOOK_SECRET_KEY,
      );
    const position = (store: number, table: string, companyId: string) =>
      storeBinding(env, store)!
        .prepare(
          `SELECT group_concat(seq) AS seqs FROM (SELECT seq FROM "${table}" WHERE company_id = ?1 ORDER BY seq)`,
        )
        .bind(companyId)
        .first<{ seqs: string }>();
    const shared = await position(from, "whatsapp_messages", mover.companyId);
    expect(shared?.seqs).toBe((await position(to, "whatsapp_messages", resident.companyId))?.seqs);

    const loggedUntil = clock.iso();
    const before = await everyRead(mover.key, loggedUntil);
    // A poller's position (the company's message sequence), and a search of the full-text index (numbered per store).
    const firstPoll = await call("/api/v1/whatsapp/messages?limit=5", { key: mover.key, vars });
    expect(firstPoll.status).toBe(200);
    const nextPoll = `/api/v1/whatsapp/messages?limit=5&since=${encodeURIComponent(firstPoll.json.next_since)}`;
    const polled = await call(nextPoll, { key: mover.key, vars });
    expect(polled.json.data.length).toBe(5);
    const bases = await call("/api/v1/knowledge-bases", { key: mover.key, vars });
    const searches = await Promise.all(
      bases.json.data.map(async (base: { id: string }) => {
        const path = `/api/v1/knowledge-bases/${base.id}/search`;
        return {
          path,
          text: withoutScores((await call(path, { key: mover.key, vars, body: { query: "wallet", limit: 5 } })).text),
        };
      }),
    );
    expect(searches.some((search) => JSON.parse(search.text).hits?.length > 0)).toBe(true);

    const done = await moveToEnd(mover.companyId, to);
    for (const table of done.tables) expect(await rowsIn(from, table, mover.companyId), table).toBe(0);
    expect(await storeOf(env, mover.companyId)).toBe(to);

    const after = await everyRead(mover.key, loggedUntil);
    const differing = [...before.keys()].filter((path) => before.get(path) !== after.get(path));
    expect(differing).toEqual([]);
    expect(before.size).toBeGreaterThan(30);
    // The polling position a client held goes on where it was; the search finds what it found.
    expect((await call(nextPoll, { key: mover.key, vars })).text).toBe(polled.text);
    for (const search of searches)
      expect(
        withoutScores((await call(search.path, { key: mover.key, vars, body: { query: "wallet", limit: 5 } })).text),
      ).toBe(search.text);
    // A new message takes the next number of the company's own sequence, after every one it had.
    const highest = Math.max(
      ...(await position(to, "whatsapp_messages", mover.companyId))!.seqs.split(",").map(Number),
    );
    const sent = await call("/api/v1/whatsapp/send", {
      key: mover.key,
      vars,
      body: {
        to: "+34612345678",
        type: "template",
        template: { name: "appointment_reminder", language: "es", parameters: ["Lucía", "jueves 10:00"] },
      },
    });
    expect(sent.status, sent.text).toBeLessThan(300);
    const newest = await storeBinding(env, to)!
      .prepare("SELECT seq FROM whatsapp_messages WHERE company_id = ?1 ORDER BY seq DESC LIMIT 1")
      .bind(mover.companyId)
      .first<{ seq: number }>();
    expect(newest?.seq).toBe(highest + 1);

    // And back: the positions go with it again, into the store that numbered them first.
    const returnLoggedUntil = clock.iso();
    const beforeReturn = await everyRead(mover.key, returnLoggedUntil);
    await moveToEnd(mover.companyId, from);
    const afterReturn = await everyRead(mover.key, returnLoggedUntil);
    expect([...beforeReturn.keys()].filter((path) => beforeReturn.get(path) !== afterReturn.get(path))).toEqual([]);
  }, 180_000);
});

describe("a copy that does not match", () => {
  afterEach(resetClock);

  /** Starts a move of a new company with a few budgets and advances it to its verification. */
  async function movedToVerification() {
    const t = await tenant();
    for (let n = 0; n < 3; n++)
      expect((await call("/api/v1/budgets", { key: t.key, body: budget(n), vars })).status).toBe(201);
    const from = await storeOf(env, t.companyId);
    const to = (from + 1) % storeCount(env);
    expect((await operator(`/companies/${t.companyId}/move`, { method: "POST", body: { store: to } })).status).toBe(
      202,
    );
    moveClock(settleMs(env) + 1_000);
    let row = await advanceMove(env, t.companyId, { maxSteps: 1 });
    for (let steps = 0; row?.state !== "verifying"; steps++) {
      expect(steps).toBeLessThan(500);
      row = await advanceMove(env, t.companyId, { maxSteps: 1 });
    }
    return { t, from, to, source: storeBinding(env, from)!, target: storeBinding(env, to)! };
  }

  it("is copied again when a table differs (a write that slipped past the drain), then the move ends", async (context) => {
    if (!needsStores(context)) return;
    const { t, from, to, target } = await movedToVerification();
    await storeBinding(env, from)!
      .prepare("INSERT INTO sequences (company_id, series, last_value) VALUES (?, 'X-stray', 7)")
      .bind(t.companyId)
      .run();
    const row = await advanceAsFarAsItCan(t.companyId);
    expect(row).toMatchObject({ state: "cleaning", recopies: 1 });
    const progress = await operator(`/companies/${t.companyId}/move`);
    expect(progress.json.rows_copied).toBe(progress.json.rows_total);
    expect(await storeOf(env, t.companyId)).toBe(to);
    expect(
      await target
        .prepare("SELECT last_value FROM sequences WHERE company_id = ? AND series = 'X-stray'")
        .bind(t.companyId)
        .first("last_value"),
    ).toBe(7);
  });

  it("fails after two recopies: the company stays where it was, takes writes again, and the target keeps none of its rows", async (context) => {
    if (!needsStores(context)) return;
    const { t, from, to, source, target } = await movedToVerification();
    // Another company's row holds the key of one of this company's rows in the target: the upsert leaves it alone.
    const document = await source
      .prepare("SELECT * FROM documents WHERE company_id = ? LIMIT 1")
      .bind(t.companyId)
      .first<Record<string, unknown>>();
    const columns = Object.keys(document!);
    await target.prepare(`DELETE FROM documents WHERE id = ?`).bind(document!.id).run();
    await target
      .prepare(
        `INSERT INTO documents (${columns.map((column) => `"${column}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      )
      .bind(...columns.map((column) => (column === "company_id" ? "another-company" : document![column])))
      .run();
    const row = await advanceAsFarAsItCan(t.companyId);
    expect(row?.state).toBe("failed");
    expect(row?.recopies).toBe(2);
    expect(row?.error).toContain("documents: 3 in store");
    expect(await storeOf(env, t.companyId)).toBe(from);
    expect(await rowsIn(to, "documents", t.companyId)).toBe(0);
    expect(await rowsIn(from, "documents", t.companyId)).toBe(3);
    expect((await call("/api/v1/budgets", { key: t.key, body: budget(9), vars })).status).toBe(201);
    const progress = await operator(`/companies/${t.companyId}/move`);
    expect(progress.json).toMatchObject({ state: "failed", estimated_seconds_left: 0 });
  });
});
