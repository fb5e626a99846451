import { z } from "@hono/zod-openapi";
import { companyRow } from "../../data/rows";
import { defineJob, type JobDefinition, type JobOutcome } from "../../work/jobs";
import { recordEmailReport } from "./outcomes";
import { emailMessages } from "./schema";

/**
 * Due work scheduled with every send, in the batch that records it: an email still `sending` past
 * the bound (its request died between recording it and recording the provider's answer, and no
 * webhook confirmed it) is marked failed. Postmark cannot be asked about a message it never named
 * to us, so nothing else can be learnt; a webhook that confirms it later finds it failed and
 * changes nothing (recordEmailReport is a compare-and-set: never both).
 */
export const reconcileEmail: JobDefinition<{ messageId: string }> = defineJob({
  kind: "email.reconcile_message",
  payload: z.object({ messageId: z.string() }),
  async run(job, { messageId }): Promise<JobOutcome> {
    const row = await companyRow(job.db, emailMessages, job.companyId, messageId);
    if (row?.status !== "sending") return { status: "done" };
    const recorded = await recordEmailReport(job.db, row, { status: "not_sent", reason: "The send was interrupted before the provider's answer was recorded, and the provider never confirmed it." });
    return { status: "done", statements: recorded?.statements ?? [], events: recorded?.events ?? [] };
  },
});
