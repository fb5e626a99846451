import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { clock } from "../../lib/clock";
import type { Database } from "../../data/client";
import { companyRow } from "../../data/rows";
import { companies } from "../../data/schema";
import { scheduleDue } from "../../work/due";
import { ApiError } from "../../lib/errors";
import { ProviderError } from "../../integrations";
import { defineJob, enqueueJob, type JobContext, type JobOutcome } from "../../work/jobs";
import { debit, walletBalance } from "../billing";
import { identityGone, isUnsubscribed, mergeContact, requireMarketingSender, sendMarketingEmail } from "../campaigns";
import { contacts } from "../contacts";
import { emailEvent, emailSent } from "../email";
import { companyTemplates, renderTemplate } from "../email-templates";
import { messagePrice, pricedCompanyOf } from "../price-book";
import { sequenceEnrollmentStopped } from "./events";
import {
  advanceEnrollment,
  findEnrollment,
  findSend,
  findSequence,
  insertSend,
  resolveSend,
  stepSendExists,
  stopEnrollment,
  waitingForFirstStep,
} from "./queries";
import { sequenceSends, type StopReason } from "./schema";

/*
 * Sending a sequence's steps, exactly once per contact and step:
 * - an enrollment write schedules one due item (`startSequenceSteps`) at its first step's time; it
 *   fans out, in pages, one `prepareSequenceStep` job per contact it enrolled;
 * - `prepareSequenceStep` checks the contact (an email, not unsubscribed), the sequence (not
 *   archived), the account (enabled for spending, a verified sending identity) and renders the
 *   step; one batch records the send (unique per sequence, contact and position), debits the wallet
 *   and queues `sendSequenceStep`. A check that fails stops the enrollment with the reason and the
 *   event sequence.enrollment_stopped, and nothing is sent or charged;
 * - `sendSequenceStep` hands the send to the provider (from the company's identity, with the
 *   unsubscribe link, like a campaign's mail) and, in the batch of its outcome, moves the
 *   enrollment on (compare-and-set on the position it waited at) and schedules the next step
 *   `delay_days` later, or completes the enrollment after the last.
 * Each due item becomes one job and a job's outcome commits once with its status, so overlapping
 * ticks and retried jobs do each step once.
 */

const DAY_MS = 86_400_000;
/** Contacts whose first step one run of the start job queues. */
const START_PAGE = 100;

export const prepareSequenceStep = defineJob({
  kind: "sequences.prepare_step",
  payload: z.object({ sequenceId: z.string(), contactId: z.string(), position: z.number().int().min(1) }),
  run: (job, step) => prepareStep(job, step),
  /**
   * Its deadline (docs/deadlines.md): a step that could not be prepared for the whole
   * retry schedule (about 30 h after it came due) stops the enrollment (`step_not_sent`), with its
   * event, instead of leaving it active for ever. Nothing of the step was sent or charged.
   */
  async exhausted(job, { sequenceId, contactId, position }, reason) {
    const enrollment = await findEnrollment(job.db, job.companyId, sequenceId, contactId);
    if (enrollment?.status !== "active" || enrollment.nextPosition !== position) return {};
    if (await stepSendExists(job.db, sequenceId, contactId, position)) return {};
    const detail = `Step ${position} could not be prepared by its deadline (${reason}); nothing of it was sent or charged.`;
    return {
      statements: [
        stopEnrollment(
          job.db,
          { companyId: job.companyId, sequenceId, contactId, position },
          "step_not_sent",
          detail,
          clock.iso(),
        ),
      ],
      events: [
        sequenceEnrollmentStopped.of({
          sequence_id: sequenceId,
          contact_id: contactId,
          position,
          reason: "step_not_sent",
          detail,
        }),
      ],
    };
  },
});

export const startSequenceSteps = defineJob({
  kind: "sequences.start",
  payload: z.object({ sequenceId: z.string(), enrollmentId: z.string(), after: z.string().optional() }),
  async run(job, { sequenceId, enrollmentId, after }): Promise<JobOutcome> {
    const contactIds = await waitingForFirstStep(job.db, job.companyId, sequenceId, enrollmentId, after, START_PAGE);
    const next =
      contactIds.length === START_PAGE
        ? [enqueueJob(startSequenceSteps, job.companyId, { sequenceId, enrollmentId, after: contactIds.at(-1) })]
        : [];
    return {
      status: "done",
      statements: [
        ...contactIds.map((contactId) =>
          enqueueJob(prepareSequenceStep, job.companyId, { sequenceId, contactId, position: 1 }),
        ),
        ...next,
      ],
    };
  },
});

export const sendSequenceStep = defineJob({
  kind: "sequences.send_step",
  payload: z.object({ sendId: z.string() }),
  async run(job, { sendId }): Promise<JobOutcome> {
    const send = await findSend(job.db, job.companyId, sendId);
    if (send?.status !== "queued") return { status: "done" };
    const sent = await sendMarketingEmail(job, {
      companyId: job.companyId,
      contactId: send.contactId,
      to: send.email,
      subject: send.subject,
      html: send.htmlBody,
      text: send.textBody,
      tag: "sequence",
      metadata: { sequence_id: send.sequenceId, send_id: send.id, position: String(send.position) },
      intent: `sequences.send:${send.id}`,
    }).catch(identityGone);
    if ("status" in sent) return sent;
    const now = clock.iso();
    const at = {
      companyId: job.companyId,
      sequenceId: send.sequenceId,
      contactId: send.contactId,
      position: send.position,
    };
    // The step after this one, as the sequence is now (its steps may have been edited since enrollment).
    const following = (await findSequence(job.db, job.companyId, send.sequenceId))?.sequence.steps[send.position];
    return {
      status: "done",
      statements: [
        resolveSend(job.db, send, { status: "sent", providerMessageId: sent.messageId }, now),
        advanceEnrollment(job.db, at, following === undefined, now),
        ...(following === undefined
          ? []
          : [
              scheduleDue(
                prepareSequenceStep,
                job.companyId,
                new Date(clock.now() + following.delay_days * DAY_MS).toISOString(),
                { ...at, position: send.position + 1 },
              ),
            ]),
      ],
      events: [
        emailEvent(emailSent, {
          id: send.id,
          table: sequenceSends,
          previousStatus: "sending",
          source: "sequence",
          sequenceId: send.sequenceId,
          contactId: send.contactId,
          identityId: sent.identityId,
          to: send.email,
          subject: send.subject,
          status: "sent",
          providerMessageId: sent.messageId,
          occurredAt: now,
        }),
      ],
    };
  },
  async exhausted(job, { sendId }, reason) {
    const send = await findSend(job.db, job.companyId, sendId);
    if (send?.status !== "queued") return {};
    const at = {
      companyId: job.companyId,
      sequenceId: send.sequenceId,
      contactId: send.contactId,
      position: send.position,
    };
    return {
      statements: [
        resolveSend(job.db, send, { status: "failed", reason }, clock.iso()),
        stopEnrollment(job.db, at, "send_failed", reason, clock.iso()),
      ],
      events: [
        sequenceEnrollmentStopped.of({
          sequence_id: at.sequenceId,
          contact_id: at.contactId,
          position: at.position,
          reason: "send_failed",
          detail: reason,
        }),
      ],
    };
  },
});

async function spendingCompany(db: Database, companyId: string) {
  const [priced, row] = await Promise.all([
    pricedCompanyOf(db, companyId),
    db.select({ spendEnabled: companies.spendEnabled }).from(companies).where(eq(companies.id, companyId)).get(),
  ]);
  return priced && row ? { ...priced, spendEnabled: row.spendEnabled } : undefined;
}

// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: each check before a step is sent ends the step with its own reason, in order
async function prepareStep(
  job: JobContext,
  { sequenceId, contactId, position }: { sequenceId: string; contactId: string; position: number },
): Promise<JobOutcome> {
  const { db, companyId } = job;
  const enrollment = await findEnrollment(db, companyId, sequenceId, contactId);
  if (enrollment?.status !== "active" || enrollment.nextPosition !== position) return { status: "done" };
  if (await stepSendExists(db, sequenceId, contactId, position)) return { status: "done" };
  const at = { companyId, sequenceId, contactId, position };
  const stop = (reason: StopReason, detail: string): JobOutcome => ({
    status: "done",
    statements: [stopEnrollment(db, at, reason, detail, clock.iso())],
    events: [
      sequenceEnrollmentStopped.of({ sequence_id: sequenceId, contact_id: contactId, position, reason, detail }),
    ],
  });

  const found = await findSequence(db, companyId, sequenceId);
  if (!found || found.sequence.status === "archived")
    return stop("sequence_archived", "The sequence was archived; it sends nothing more.");
  const step = found.sequence.steps[position - 1];
  if (!step) return { status: "done", statements: [advanceEnrollment(db, at, true, clock.iso())] };
  const contact = await companyRow(db, contacts, companyId, contactId);
  if (!contact) return stop("contact_removed", "The contact no longer exists.");
  if (contact.email === null) return stop("no_email", "The contact has no email address.");
  if (isUnsubscribed(contact.tags)) return stop("unsubscribed", "The contact unsubscribed.");
  const company = await spendingCompany(db, companyId);
  if (!company) return { status: "done" };
  // The account's own enabling (what gate S checks per company); the deployment's switch gates the public operations only.
  if (!company.spendEnabled)
    return stop("spend_not_enabled", "This account is not enabled for spending operations; the step was not sent.");
  try {
    await requireMarketingSender(db, job.config, companyId);
  } catch (error) {
    if (error instanceof ApiError && !(error instanceof ProviderError))
      return stop("no_sending_identity", error.detail);
    throw error;
  }
  const template = (await companyTemplates(db, companyId, [step.template_id])).get(step.template_id);
  if (!template) return stop("template_removed", "The step's email template no longer exists.");
  const message = renderTemplate(template, mergeContact(contact));

  const [wallet, price] = await Promise.all([walletBalance(db, companyId), messagePrice(db, company, "email")]);
  if (wallet && wallet.currency !== price.currency)
    return stop(
      "insufficient_balance",
      `The email price is in ${price.currency}, but the wallet is in ${wallet.currency}.`,
    );
  const sendId = crypto.randomUUID();
  let charge: Awaited<ReturnType<typeof debit>>;
  try {
    charge = await debit(db, {
      companyId,
      amountMinor: price.amountMinor,
      currency: price.currency,
      kind: "charge",
      reference: { type: "sequence", id: sequenceId },
      description: `Sequence "${found.sequence.name}": step ${position}`,
      entryId: sendId,
      refuseAs: "insufficient_balance",
      usage: { kind: "email", quantity: 1 },
    });
  } catch (error) {
    if (error instanceof ApiError && error.slug === "insufficient_balance")
      return stop("insufficient_balance", error.detail);
    throw error;
  }
  const now = clock.iso();
  return {
    status: "done",
    statements: [
      insertSend(db, {
        id: sendId,
        companyId,
        sequenceId,
        contactId,
        position,
        email: contact.email,
        subject: message.subject,
        htmlBody: message.html,
        textBody: message.text,
        status: "queued",
        createdAt: now,
        updatedAt: now,
      }),
      ...charge,
      enqueueJob(sendSequenceStep, companyId, { sendId }),
    ],
  };
}
