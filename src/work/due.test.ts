import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../test/clock";
import { concurrently } from "../../test/concurrency";
import { db, tenant } from "../../test/helpers";
import { clock } from "../lib/clock";
import { commitBatch } from "../core/commit";
import { dueWork, jobs } from "../data/schema";
import { precondition } from "../data/precondition";
import { cancelDue, runDueWork, scheduleDue } from "./due";
import { ApiError } from "../lib/errors";
import { runJob } from "../core/job-runner";
import { defineJob, type JobDefinition } from "./jobs";

const runs: string[] = [];
const reminder = defineJob({
  kind: "test.reminder",
  payload: z.object({ note: z.string() }),
  async run(job, payload) {
    runs.push(`${job.companyId}:${payload.note}`);
    return { status: "done" };
  },
});
const definitions = new Map<string, JobDefinition>([[reminder.kind, reminder as JobDefinition]]);
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(clock.now() + offsetMs).toISOString();

async function schedule(companyId: string, dueAts: readonly string[]) {
  const items = dueAts.map((dueAt, index) => scheduleDue(reminder, companyId, dueAt, { note: `n${index}` }));
  await commitBatch(db, env, undefined, companyId, items, [], []);
  return items.map((item) => item.id);
}
const dueRowsOf = (companyId: string) => db.select().from(dueWork).where(eq(dueWork.companyId, companyId));
const jobsWithIds = (ids: readonly string[]) =>
  db
    .select()
    .from(jobs)
    .where(inArray(jobs.id, [...ids]));

afterEach(resetClock);

describe("due work", () => {
  it("is written in the batch of the write that schedules it: a failed precondition leaves none", async () => {
    const t = await tenant();
    const item = scheduleDue(reminder, t.companyId, at(HOUR), { note: "x" });
    const refused = precondition(db, sql`0`, () => new ApiError("conflict", "No."));
    await expect(commitBatch(db, env, undefined, t.companyId, [refused, item], [], [])).rejects.toMatchObject({
      slug: "conflict",
    });
    expect(await dueRowsOf(t.companyId)).toEqual([]);
    await commitBatch(db, env, undefined, t.companyId, [item], [], []);
    expect((await dueRowsOf(t.companyId)).map((row) => [row.kind, row.payload])).toEqual([
      ["test.reminder", { note: "x" }],
    ]);
    expect(() => scheduleDue(reminder, t.companyId, at(HOUR), { note: 1 } as unknown as { note: string })).toThrow();
  });

  it("an item due in the future does not run until the clock reaches it; then it becomes one job that runs", async () => {
    const t = await tenant();
    const [id] = await schedule(t.companyId, [at(HOUR)]);
    await tick();
    expect(await jobsWithIds([id!])).toEqual([]);
    expect(await dueRowsOf(t.companyId)).toHaveLength(1);

    moveClock(HOUR - 60_000);
    await tick();
    expect(await jobsWithIds([id!])).toEqual([]);

    moveClock(HOUR + 1_000);
    await tick();
    const [job] = await jobsWithIds([id!]);
    expect(job).toMatchObject({ companyId: t.companyId, kind: "test.reminder", payload: { note: "n0" } });
    expect(await dueRowsOf(t.companyId)).toEqual([]);
    // The job runs as any job does, from the database of the company its message names.
    await db.update(jobs).set({ status: "pending", leaseUntil: null, attempts: 0 }).where(eq(jobs.id, id!));
    expect(await runJob(env, definitions, undefined, id!, t.companyId)).toBeNull();
    expect(runs).toContain(`${t.companyId}:n0`);
  });

  it("overlapping ticks hand each due item over exactly once", async () => {
    const t = await tenant();
    const ids = await schedule(
      t.companyId,
      Array.from({ length: 240 }, (_, index) => at(-HOUR + index)),
    );
    const outcomes = await concurrently(4, async () => ({ status: 200, made: await runDueWork(env) }));
    const made = outcomes.flatMap((outcome) => outcome.made.map((job) => job.id)).filter((id) => ids.includes(id));
    expect(made).toHaveLength(ids.length);
    expect(new Set(made).size).toBe(ids.length);
    const companyJobs = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, t.companyId));
    expect(companyJobs.map((job) => job.id).sort()).toEqual([...ids].sort());
    expect(await dueRowsOf(t.companyId)).toEqual([]);
  });

  it("overlapping Cron Trigger ticks through the runtime make one job per item", async () => {
    const t = await tenant();
    const ids = await schedule(
      t.companyId,
      Array.from({ length: 50 }, () => at(-1_000)),
    );
    await concurrently(3, async () => {
      await tick();
      return { status: 200 };
    });
    const made = await jobsWithIds(ids);
    expect(made.map((job) => job.id).sort()).toEqual([...ids].sort());
  });

  it("a cancelled item never runs", async () => {
    const t = await tenant();
    const [id] = await schedule(t.companyId, [at(HOUR)]);
    await db.run(sql`${cancelDue(db, t.companyId, id!).getSQL()}`);
    moveClock(2 * HOUR);
    await tick();
    expect(await jobsWithIds([id!])).toEqual([]);
  });
});
