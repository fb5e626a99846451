import { z } from "@hono/zod-openapi";
import { ApiError } from "../../lib/errors";
import { OffsetPageQuery } from "../../lib/pagination";
import { int32, requireOne, requireSome, timestamp, uuid } from "../../lib/schemas";
import { sequenceStatuses } from "./schema";
import { exampleTemplateIds } from "../email-templates";
import { exampleContactIds } from "../contacts";

const SEQUENCE_NAME_MAX = 200;
const STEPS_MAX = 20;
/** A step waits at most a year after the previous one. */
const DELAY_DAYS_MAX = 365;
export const ENROLL_MAX_IDS = 1000;

const SequenceStepView = z
  .object({
    position: int32({ min: 1, max: STEPS_MAX }).openapi({ description: "1 for the first step" }),
    template_id: uuid().openapi({ description: "The email template the step sends" }),
    delay_days: int32({ max: DELAY_DAYS_MAX }).openapi({
      description: "Days after the previous step (after enrollment, for the first)",
    }),
  })
  .openapi("SequenceStep", { description: "One step of a sequence, in order." });

export const Sequence = z
  .object({
    id: uuid(),
    name: z.string(),
    status: z
      .enum(sequenceStatuses)
      .openapi({ description: "`archived` sequences keep their enrollments and accept no new ones" }),
    steps: z.array(SequenceStepView).max(STEPS_MAX),
    enrolled_count: int32().openapi({ description: "Contacts enrolled in the sequence" }),
    progress: z
      .object({
        active: int32().openapi({ description: "Enrollments still receiving steps" }),
        completed: int32().openapi({ description: "Enrollments that received every step" }),
        stopped: int32().openapi({
          description:
            "Enrollments stopped before the end: the contact unsubscribed or bounced, was removed, or a step could not be paid or sent",
        }),
      })
      .openapi({ description: "Where the enrollments stand (active + completed + stopped = enrolled_count)" }),
    created_at: timestamp(),
    updated_at: timestamp(),
    archived_at: timestamp().nullable(),
  })
  .openapi("Sequence", {
    description: "An email sequence: ordered steps (template, delay in days), and how many contacts are enrolled.",
  });

export type SequenceView = z.output<typeof Sequence>;

const name = z.string().trim().min(1).max(SEQUENCE_NAME_MAX);
const StepInput = z.object({
  template_id: z.string().min(1).max(36).openapi({ description: "An email template of the company", format: "uuid" }),
  delay_days: z
    .number()
    .int()
    .min(0)
    .max(DELAY_DAYS_MAX)
    .openapi({ format: "int32", description: `0 to ${DELAY_DAYS_MAX} days after the previous step` }),
});
const steps = z
  .array(StepInput)
  .max(STEPS_MAX)
  .openapi({ description: `Up to ${STEPS_MAX} steps, in the order they are sent` });

export const CreateSequenceInput = z
  .object({ name, steps: steps.optional().default([]) })
  .openapi("CreateSequenceInput", { description: "A sequence: its name and, optionally, its steps." });

export const UpdateSequenceInput = requireSome(
  z.object({ name: name.optional(), steps: steps.optional().openapi({ description: "Replaces the steps" }) }),
  "Send name or steps.",
).openapi("UpdateSequenceInput", { description: "A new name, new steps (replacing the old ones), or both." });

export const EnrollInput = requireOne(
  z.object({
    contact_ids: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(ENROLL_MAX_IDS)
      .transform((ids) => [...new Set(ids)])
      .optional()
      .openapi({ description: `1 to ${ENROLL_MAX_IDS} contact ids; repeats count once` }),
    list_id: z
      .string()
      .min(1)
      .max(36)
      .optional()
      .openapi({ description: "A contact list of the company: its members are enrolled", format: "uuid" }),
  }),
  "Send either contact_ids or list_id.",
  ["contact_ids", "list_id"],
).openapi("EnrollInput", { description: "Who to enroll: contact ids, or a contact list." });

export const EnrollResult = z
  .object({
    enrolled: int32().openapi({ description: "Contacts enrolled by this call" }),
    already_enrolled: int32().openapi({ description: "Contacts that were already enrolled (unchanged)" }),
    skipped_no_email: int32().openapi({ description: "Contacts not enrolled because they have no email address" }),
    skipped_unsubscribed: int32().openapi({
      description: "Contacts not enrolled because they are tagged `unsubscribed`",
    }),
    not_found: z.array(z.string()).max(ENROLL_MAX_IDS).openapi({
      description: "Ids that are no contact (or, for list_id, no list) of the company; nothing was stored for them",
    }),
  })
  .openapi("EnrollResult", {
    description:
      "What enrolling did: how many contacts joined, how many already were enrolled, how many were skipped (no email, unsubscribed), and the ids not found. Each contact enrolled receives the first step `delay_days` after enrollment, then each next step `delay_days` after the previous was sent.",
  });

/**
 * The path of one sequence. The id is documented as a UUID but not checked: any other text is no
 * sequence of the company, which answers 404.
 */
export const SequencePath = z.object({
  sequence_id: z
    .string()
    .openapi({ description: "Id of a sequence of the key's company", format: "uuid", maxLength: 36 }),
});

export const ListSequencesQuery = OffsetPageQuery.extend({
  status: z.enum(sequenceStatuses).optional().openapi({ description: "Only sequences in this status" }),
});

export const sequenceExample: z.input<typeof Sequence> = {
  id: "3c5e7a9b-1d2f-4a6c-8e0b-4d6f8a0c2e4a",
  name: "Welcome series",
  status: "active",
  steps: [
    { position: 1, template_id: exampleTemplateIds[0], delay_days: 0 },
    { position: 2, template_id: exampleTemplateIds[1], delay_days: 3 },
  ],
  enrolled_count: 12,
  progress: { active: 9, completed: 2, stopped: 1 },
  created_at: "2026-04-20T09:00:00.000Z",
  updated_at: "2026-04-20T09:00:00.000Z",
  archived_at: null,
};

export const sequencePageExample = { data: [sequenceExample], limit: 50, offset: 0 };

export const createSequenceExample: z.input<typeof CreateSequenceInput> = {
  name: "Welcome series",
  steps: [
    { template_id: exampleTemplateIds[0], delay_days: 0 },
    { template_id: exampleTemplateIds[1], delay_days: 3 },
  ],
};

export const updateSequenceExample: z.input<typeof UpdateSequenceInput> = { name: "Welcome series (2026)" };

export const enrollExample: z.input<typeof EnrollInput> = {
  contact_ids: [...exampleContactIds],
};

export const enrollResultExample: z.input<typeof EnrollResult> = {
  enrolled: 1,
  already_enrolled: 1,
  skipped_no_email: 0,
  skipped_unsubscribed: 0,
  not_found: [],
};

/** A write an archived sequence refuses: 400 naming its state. */
export const archivedRefusal = (what = "accepts no enrollment and cannot be edited") =>
  new ApiError("validation_error", `The sequence is archived: it ${what}.`, {
    errors: [{ path: "path.sequence_id", message: `The sequence is archived (status archived); it ${what}.` }],
    current_status: "archived",
  });
