import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, tenant } from "../../test/helpers";
import { consumeJob, jobsOf } from "../../test/jobs";
import worker from "../index";
import { commitBatch } from "../core/commit";
import { jobs, sequences } from "../data/schema";
import { precondition } from "../data/precondition";
import { ApiError } from "../lib/errors";
import { ProviderError } from "../integrations";
import { jobsConsumer, runJob, sweepDueJobs } from "../core/job-runner";
import { JOB_SWEEP_GRACE_MS } from "./jobs";
import { defineJob, enqueueJob, JOBS_QUEUE_NAME, type JobDefinition, type JobOutcome } from "./jobs";

// A test job whose outcome each test scripts; what it records is a row of the core `sequences` table.
const Payload = z.object({ note: z.string() });
const runs = new Map<string, number>();
let script: (attempt: number) => JobOutcome | Promise<JobOutcome> = () => ({ status: "done" });
const recorded = (companyId: string, series: string) =>
  db.insert(sequences).values({ companyId, series, lastValue: 1 });

const probe = defineJob({
  kind: "test.probe",
  payload: Payload,
  async run(job, payload) {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    const outcome = await script(job.attempt);
    return outcome.status === "done"
      ? { ...outcome, statements: [recorded(job.companyId, `done:${payload.note}`)] }
      : outcome;
  },
  exhausted: (job, payload, reason) => ({
    statements: [recorded(job.companyId, `exhausted:${payload.note}:${reason}`)],
  }),
});
const definitions = new Map<string, JobDefinition>([[probe.kind, probe as JobDefinition]]);
const vars = { ...env, WEBHOOK_RETRY_SCHEDULE: "5,5,10" };

async function queued(companyId: string, note = "n") {
  const job = enqueueJob(probe, companyId, { note });
  await commitBatch(db, env, undefined, companyId, [job], [], []);
  return job.id;
}
const row = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const seriesOf = async (companyId: string) =>
  (await db.select().from(sequences).where(eq(sequences.companyId, companyId))).map((s) => s.series);
const dueNow = (id: string) => db.update(jobs).set({ nextAttemptAt: new Date().toISOString() }).where(eq(jobs.id, id));

describe("background jobs", () => {
  it("a job is written in the batch of its write: a failed precondition leaves no job", async () => {
    const t = await tenant();
    const job = enqueueJob(probe, t.companyId, { note: "x" });
    const refused = precondition(db, sql`0`, () => new ApiError("conflict", "No."));
    await expect(commitBatch(db, env, undefined, t.companyId, [refused, job], [], [])).rejects.toMatchObject({
      slug: "conflict",
    });
    expect(await jobsOf(t.companyId)).toEqual([]);
    await commitBatch(db, env, undefined, t.companyId, [job], [], []);
    expect((await jobsOf(t.companyId)).map((j) => [j.kind, j.status, j.payload])).toEqual([
      ["test.probe", "pending", { note: "x" }],
    ]);
  });

  it("enqueueJob refuses a payload its definition does not accept", async () => {
    expect(() => enqueueJob(probe, "c", { note: 1 } as unknown as { note: string })).toThrow();
  });

  it("done: what the run recorded commits with the job's status, and a duplicate message runs nothing", async () => {
    const t = await tenant();
    script = () => ({ status: "done" });
    const id = await queued(t.companyId, "once");
    expect(await runJob(vars, definitions, undefined, id)).toBeNull();
    expect(await runJob(vars, definitions, undefined, id)).toBeNull();
    expect(runs.get(id)).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1, leaseUntil: null, lastError: null });
    expect(await seriesOf(t.companyId)).toEqual(["done:once"]);
  });

  it("two consumers with the same message: one runs the job", async () => {
    const t = await tenant();
    script = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { status: "done" };
    };
    const id = await queued(t.companyId);
    await Promise.all([runJob(vars, definitions, undefined, id), runJob(vars, definitions, undefined, id)]);
    expect(runs.get(id)).toBe(1);
  });

  it("retry: on the schedule, then exhausted with the last reason, recorded once", async () => {
    const t = await tenant();
    script = (attempt) => ({ status: "retry", reason: `attempt ${attempt} failed` });
    const id = await queued(t.companyId, "r");
    const delays: (number | null)[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      delays.push(await runJob(vars, definitions, undefined, id));
      // Not due yet: a message arriving early does nothing.
      if (attempt === 0) expect(await runJob(vars, definitions, undefined, id)).toBeNull();
      await dueNow(id);
    }
    expect(delays).toEqual([5, 5, 10, null]);
    expect(runs.get(id)).toBe(4);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 4, lastError: "attempt 4 failed" });
    expect(await seriesOf(t.companyId)).toEqual(["exhausted:r:attempt 4 failed"]);
  });

  it("a provider's refusal fails at once; an upstream failure or a throw is retried", async () => {
    const t = await tenant();
    script = () => {
      throw new ProviderError("whatsapp", "refused", "WhatsApp refused the recipient.");
    };
    const refused = await queued(t.companyId, "refused");
    expect(await runJob(vars, definitions, undefined, refused)).toBeNull();
    expect(await row(refused)).toMatchObject({ status: "failed", lastError: "WhatsApp refused the recipient." });

    script = () => {
      throw new ProviderError("whatsapp", "upstream_error", "WhatsApp failed.");
    };
    const upstream = await queued(t.companyId, "upstream");
    expect(await runJob(vars, definitions, undefined, upstream)).toBe(5);
    script = () => {
      throw new Error("boom");
    };
    const thrown = await queued(t.companyId, "thrown");
    expect(await runJob(vars, definitions, undefined, thrown)).toBe(5);
    expect(await row(thrown)).toMatchObject({
      status: "pending",
      lastError: "The job failed unexpectedly; it is retried.",
    });
  });

  it("a job of a kind no domain runs ends failed with the reason", async () => {
    const t = await tenant();
    const id = await queued(t.companyId);
    expect(await runJob(vars, new Map(), undefined, id)).toBeNull();
    expect(await row(id)).toMatchObject({
      status: "failed",
      lastError: "No domain of this deployment runs jobs of kind test.probe.",
    });
  });

  it("the consumer acks a finished job and retries a pending one with its delay", async () => {
    const t = await tenant();
    script = (attempt) => (attempt === 1 ? { status: "retry", reason: "later" } : { status: "done" });
    const id = await queued(t.companyId);
    const batch = createMessageBatch<string>(JOBS_QUEUE_NAME, [
      { id: "m1", timestamp: new Date(), attempts: 1, body: id },
    ]);
    const ctx = createExecutionContext();
    await jobsConsumer([probe as JobDefinition], undefined)(batch, vars);
    expect(await getQueueResult(batch, ctx)).toMatchObject({ retryMessages: [{ msgId: "m1" }], explicitAcks: [] });
  });

  it("the sweep re-enqueues a job whose message was lost, and the Worker's consumer finishes it", async () => {
    const t = await tenant();
    const id = await queued(t.companyId);
    await db
      .update(jobs)
      .set({ nextAttemptAt: new Date(Date.now() - 2 * JOB_SWEEP_GRACE_MS).toISOString() })
      .where(eq(jobs.id, id));
    expect(await sweepDueJobs(env)).toContain(id);
    // The Worker's own consumer (this call, or the Queue's in the background) knows no job of kind
    // test.probe: it ends it failed, naming the kind.
    await consumeJob(id);
    expect((await row(id)).status).toBe("failed");
    // The Cron Trigger runs the sweep.
    const other = await queued(t.companyId);
    await db
      .update(jobs)
      .set({ nextAttemptAt: new Date(Date.now() - 2 * JOB_SWEEP_GRACE_MS).toISOString() })
      .where(eq(jobs.id, other));
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "* * * * *" }), env, ctx);
    // The tick runs in waitUntil: awaited to its end, not for a turn of the event loop.
    await waitOnExecutionContext(ctx);
    expect(Date.parse((await row(other)).nextAttemptAt)).toBeGreaterThan(Date.now() - JOB_SWEEP_GRACE_MS);
  });
});
