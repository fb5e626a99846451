import type { z } from "@hono/zod-openapi";
import type { Database } from "../../core/db/client";
import { ApiError } from "../../core/errors";
import { companyTemplates } from "../email-templates";
import type { CreateSequenceInput, SequenceView } from "./model";

type StepInput = z.output<typeof CreateSequenceInput>["steps"][number];

/** The steps as the sequence shows them; a template that is not the company's is a 400 naming each such step. */
export async function checkedSteps(db: Database, companyId: string, steps: readonly StepInput[]): Promise<SequenceView["steps"]> {
  const templates = await companyTemplates(db, companyId, steps.map((step) => step.template_id));
  const errors = steps.flatMap((step, index) =>
    templates.has(step.template_id) ? [] : [{ path: `body.steps.${index}.template_id`, message: "No email template of the company has this id." }],
  );
  if (errors.length > 0) throw new ApiError("validation_error", `${errors[0]!.path}: ${errors[0]!.message}`, { errors });
  return steps.map((step, index) => ({ position: index + 1, template_id: step.template_id, delay_days: step.delay_days }));
}
