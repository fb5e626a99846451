import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resetClock, tick } from "../../../test/clock";
import { exhaust, settleJobs } from "../../../test/jobs";
import { call, db } from "../../../test/helpers";
import { listOf, marketer, people } from "../../../test/fixtures/campaigns";
import { balanceOf, fund } from "../../../test/wallet-operations";
import { dueWork, jobs } from "../../data/schema";
import type { JobDefinition } from "../../work/jobs";
import { webhookEvents } from "../webhooks/schema";
import { prepareSequenceStep } from "./jobs";
import { sequenceEnrollments } from "./schema";

afterEach(resetClock);

describe("a sequence enrollment's deadline", () => {
  it("a step that cannot be prepared for its whole retry schedule stops the enrollment, with one event, nothing charged", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const list = await listOf(m, people(1));
    const created = await call("/api/v1/sequences", {
      key: m.key,
      body: {
        name: "Welcome",
        steps: [
          { template_id: m.templateId, delay_days: 0 },
          { template_id: m.templateId, delay_days: 2 },
        ],
      },
    });
    const sequenceId = created.json.id as string;
    expect(
      (await call(`/api/v1/sequences/${sequenceId}/enroll`, { key: m.key, body: { list_id: list.listId } })).status,
    ).toBe(200);
    await tick();
    await settleJobs(m.companyId);
    const balance = await balanceOf(m.companyId);
    // Step 2's due item, come due: a job of the same id (what the tick makes), kept from the Queue's consumer.
    const [due] = await db
      .select()
      .from(dueWork)
      .where(and(eq(dueWork.companyId, m.companyId), eq(dueWork.kind, prepareSequenceStep.kind)));
    expect(due?.payload).toMatchObject({ position: 2 });
    await db.delete(dueWork).where(eq(dueWork.id, due!.id));
    const now = new Date().toISOString();
    await db.insert(jobs).values({
      id: due!.id,
      companyId: m.companyId,
      kind: due!.kind,
      payload: due!.payload,
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });

    expect(await exhaust(prepareSequenceStep as JobDefinition, due!.id)).toMatchObject({ status: "failed" });
    const [enrollment] = await db
      .select()
      .from(sequenceEnrollments)
      .where(eq(sequenceEnrollments.sequenceId, sequenceId));
    expect(enrollment).toMatchObject({ status: "stopped", stopReason: "step_not_sent", nextPosition: 2 });
    const stopped = (
      await db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.companyId, m.companyId), eq(webhookEvents.type, "sequence.enrollment_stopped")))
    ).map((event) => JSON.parse(event.data));
    expect(stopped).toEqual([
      expect.objectContaining({ sequence_id: sequenceId, position: 2, reason: "step_not_sent" }),
    ]);
    expect(await balanceOf(m.companyId)).toBe(balance);
  });
});
