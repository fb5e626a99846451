import type { z } from "@hono/zod-openapi";
import type { SQL } from "drizzle-orm";
import type { Uses } from "../../core/action";
import type { Database } from "../../data/client";
import { nowIso } from "../../data/schema";
import { updateWithVersion } from "../../data/versioned";
import { ApiError, notFound } from "../../lib/errors";
import type { EmittedEvent } from "../../data/events";
import type { WriteStatement } from "../../core/operation";
import { clock } from "../../lib/clock";
import { scheduleDue } from "../../work/due";
import { companyTemplates } from "../email-templates";
import { startSequenceSteps } from "./jobs";
import { sequenceArchived, sequenceContactsEnrolled, sequenceCreated, sequenceUpdated } from "./events";
import {
  archivedRefusal,
  type CreateSequenceInput,
  type EnrollInput,
  type EnrollResult,
  type SequenceView,
  type UpdateSequenceInput,
} from "./model";
import {
  companyContacts,
  companyListExists,
  countEnrolledBy,
  enrolledBy,
  enrolledIds,
  enrollListStatement,
  enrollStatements,
  findSequence,
  insertSequence,
  listMemberCounts,
  sequenceStillActive,
  updateSequence,
} from "./queries";

type Result = z.output<typeof EnrollResult>;
type StepInput = z.output<typeof CreateSequenceInput>["steps"][number];

/** The steps as the sequence shows them; a template that is not the company's is a 400 naming each such step. */
async function checkedSteps(
  db: Database,
  companyId: string,
  steps: readonly StepInput[],
): Promise<SequenceView["steps"]> {
  const templates = await companyTemplates(
    db,
    companyId,
    steps.map((step) => step.template_id),
  );
  const errors = steps.flatMap((step, index) =>
    templates.has(step.template_id)
      ? []
      : [{ path: `body.steps.${index}.template_id`, message: "No email template of the company has this id." }],
  );
  if (errors.length > 0)
    throw new ApiError("validation_error", `${errors[0]!.path}: ${errors[0]!.message}`, { errors });
  return steps.map((step, index) => ({
    position: index + 1,
    template_id: step.template_id,
    delay_days: step.delay_days,
  }));
}

/**
 * POST /sequences/{sequence_id}/enroll: the contacts named, or every member of the list, enrolled
 * once each in an active sequence (404 unknown, 400 archived), with the event of how many were.
 * Contacts without an email and unsubscribed ones are not enrolled (counted by reason). The write
 * schedules its contacts' first step (due work, `delay_days` of the first step after now).
 */
export async function enroll(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  input: { sequenceId: string; enrollment: z.output<typeof EnrollInput> },
): Promise<Result> {
  const companyId = caller.company.id;
  const found = await findSequence(db, companyId, input.sequenceId);
  if (!found) throw notFound("sequence");
  if (found.sequence.status === "archived") throw archivedRefusal();
  const sequenceId = found.sequence.id;
  const audit = { resourceType: "sequence", resourceId: sequenceId };
  const listId = input.enrollment.list_id ?? null;
  const firstStep = found.sequence.steps[0];
  const enrolledEvent: EnrollCommit = (statements, enrolled, enrollmentId) => {
    const start =
      enrolled === 0 || firstStep === undefined
        ? []
        : [
            scheduleDue(
              startSequenceSteps,
              companyId,
              new Date(clock.now() + firstStep.delay_days * DAY_MS).toISOString(),
              { sequenceId, enrollmentId },
            ),
          ];
    return commit(
      [...statements, ...start],
      audit,
      enrolled === 0
        ? []
        : [sequenceContactsEnrolled.of({ sequence_id: sequenceId, enrolled: 0, list_id: listId }, { enrolled })],
    );
  };
  return listId !== null
    ? enrollList(db, companyId, sequenceId, listId, enrolledEvent)
    : enrollContacts(db, companyId, sequenceId, input.enrollment.contact_ids ?? [], enrolledEvent);
}

const DAY_MS = 86_400_000;

/**
 * Commits the enrollment's statements; `enrolled` is how many contacts the batch enrolls, as SQL
 * evaluated inside it (for the event), or 0 when nothing can be enrolled (no event, no steps then).
 */
type EnrollCommit = (statements: WriteStatement[], enrolled: SQL<number> | 0, enrollmentId: string) => Promise<unknown>;

/*
 * Every enrollment write has an id, stored on the rows it inserts. ON CONFLICT DO NOTHING leaves a
 * contact enrolled by anyone before (or by a concurrent write) as it is, and the count of rows
 * carrying this write's id is exactly what it enrolled, under any concurrency.
 */

async function enrollContacts(
  db: Database,
  companyId: string,
  sequenceId: string,
  ids: readonly string[],
  commit: EnrollCommit,
): Promise<Result> {
  const found = await companyContacts(db, companyId, ids);
  const reachable = ids.filter((id) => found.get(id) === "reachable");
  const already = await enrolledIds(db, companyId, sequenceId, reachable);
  const enrollmentId = crypto.randomUUID();
  const newcomers = reachable.filter((id) => !already.has(id));
  await commit(
    [
      sequenceStillActive(db, companyId, sequenceId),
      ...enrollStatements(db, companyId, sequenceId, newcomers, nowIso(), enrollmentId),
    ],
    newcomers.length > 0 ? enrolledBy(companyId, sequenceId, enrollmentId) : 0,
    enrollmentId,
  );
  const enrolled = newcomers.length > 0 ? await countEnrolledBy(db, companyId, sequenceId, enrollmentId) : 0;
  return {
    enrolled,
    already_enrolled: reachable.length - enrolled,
    skipped_no_email: ids.filter((id) => found.get(id) === "no_email").length,
    skipped_unsubscribed: ids.filter((id) => found.get(id) === "unsubscribed").length,
    not_found: ids.filter((id) => !found.has(id)),
  };
}

async function enrollList(
  db: Database,
  companyId: string,
  sequenceId: string,
  listId: string,
  commit: EnrollCommit,
): Promise<Result> {
  if (!(await companyListExists(db, companyId, listId)))
    return { enrolled: 0, already_enrolled: 0, skipped_no_email: 0, skipped_unsubscribed: 0, not_found: [listId] };
  const members = await listMemberCounts(db, companyId, listId);
  const enrollmentId = crypto.randomUUID();
  await commit(
    [
      sequenceStillActive(db, companyId, sequenceId),
      enrollListStatement(db, companyId, sequenceId, listId, nowIso(), enrollmentId),
    ],
    members.reachable > 0 ? enrolledBy(companyId, sequenceId, enrollmentId) : 0,
    enrollmentId,
  );
  const enrolled = members.reachable > 0 ? await countEnrolledBy(db, companyId, sequenceId, enrollmentId) : 0;
  return {
    enrolled,
    already_enrolled: Math.max(0, members.reachable - enrolled),
    skipped_no_email: members.noEmail,
    skipped_unsubscribed: members.unsubscribed,
    not_found: [],
  };
}

/** A new, active sequence of the company's templates. */
export async function createSequence(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof CreateSequenceInput>,
): Promise<SequenceView> {
  const steps = await checkedSteps(db, caller.company.id, body.steps);
  const now = nowIso();
  const sequence: SequenceView = {
    id: crypto.randomUUID(),
    name: body.name,
    status: "active",
    steps,
    enrolled_count: 0,
    progress: { active: 0, completed: 0, stopped: 0 },
    created_at: now,
    updated_at: now,
    archived_at: null,
  };
  await commit(
    [insertSequence(db, caller.company.id, sequence)],
    { resourceType: "sequence", resourceId: sequence.id },
    [sequenceCreated.of(sequence)],
  );
  return sequence;
}

/** The name and steps sent replace the sequence's; an archived sequence is not changed (409). */
export async function changeSequence(
  deps: Uses<"db" | "caller" | "commit">,
  { sequenceId, body }: { sequenceId: string; body: z.output<typeof UpdateSequenceInput> },
): Promise<SequenceView> {
  const changedFields = (["name", "steps"] as const).filter((field) => body[field] !== undefined);
  return rewriteSequence(deps, sequenceId, async (current) => {
    if (current.status === "archived") throw archivedRefusal();
    const steps =
      body.steps === undefined ? current.steps : await checkedSteps(deps.db, deps.caller.company.id, body.steps);
    const sequence: SequenceView = { ...current, name: body.name ?? current.name, steps, updated_at: nowIso() };
    return { sequence, event: sequenceUpdated.of({ sequence, changed_fields: changedFields }) };
  });
}

/** Archives the sequence; archiving an archived one answers it as it is. */
export function archiveSequence(deps: Uses<"db" | "caller" | "commit">, sequenceId: string): Promise<SequenceView> {
  return rewriteSequence(deps, sequenceId, async (current) => {
    if (current.status === "archived") return undefined;
    const now = nowIso();
    const sequence: SequenceView = { ...current, status: "archived", archived_at: now, updated_at: now };
    return { sequence, event: sequenceArchived.of(sequence) };
  });
}

/**
 * Compare-and-set on the version read: `change` gives the sequence as this write leaves it and its
 * event (or nothing, to leave it as it is), and the answer is the sequence as the write left it.
 */
function rewriteSequence(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  sequenceId: string,
  change: (current: SequenceView) => Promise<{ sequence: SequenceView; event: EmittedEvent } | undefined>,
): Promise<SequenceView> {
  const companyId = caller.company.id;
  return updateWithVersion(
    "sequence",
    () => findSequence(db, companyId, sequenceId),
    async ({ sequence: current, version }) => {
      const next = await change(current);
      if (!next) return current;
      await commit(
        updateSequence(db, companyId, next.sequence, version),
        { resourceType: "sequence", resourceId: current.id },
        [next.event],
      );
      return next.sequence;
    },
  );
}
