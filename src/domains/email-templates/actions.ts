import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { nowIso } from "../../data/schema";
import { updateWithVersion } from "../../data/versioned";
import { orNotFound } from "../../lib/errors";
import { emailTemplateCreated, emailTemplateUpdated } from "./events";
import {
  toSummary,
  type CreateEmailTemplateInput,
  type EmailTemplateView,
  type UpdateEmailTemplateInput,
} from "./model";
import { findEmailTemplate, insertEmailTemplate, updateEmailTemplate } from "./queries";
import { templatePlaceholders } from "./template";

/* What the email-template operations do between their declarations (routes.ts) and their SQL (queries.ts). */

/** A new template, with the placeholders its parts use. */
export async function createEmailTemplate(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof CreateEmailTemplateInput>,
): Promise<EmailTemplateView> {
  const now = nowIso();
  const template: EmailTemplateView = {
    id: crypto.randomUUID(),
    name: body.name,
    subject: body.subject,
    body: body.body,
    text_body: body.text_body ?? null,
    placeholders: templatePlaceholders(body),
    created_at: now,
    updated_at: now,
  };
  await commit(
    [insertEmailTemplate(db, caller.company.id, template)],
    { resourceType: "email_template", resourceId: template.id },
    [emailTemplateCreated.of(toSummary(template))],
  );
  return template;
}

/** One template of the company; any other id is 404. */
export async function emailTemplateView(
  { db, caller }: Uses<"db" | "caller">,
  templateId: string,
): Promise<EmailTemplateView> {
  return (await orNotFound(findEmailTemplate(db, caller.company.id, templateId), "email template")).template;
}

/** The parts sent replace the template's, its placeholders read again; compare-and-set on the version read. */
export async function changeEmailTemplate(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { templateId, body }: { templateId: string; body: z.output<typeof UpdateEmailTemplateInput> },
): Promise<EmailTemplateView> {
  const companyId = caller.company.id;
  const changedFields = (["name", "subject", "body", "text_body"] as const).filter(
    (field) => body[field] !== undefined,
  );
  return updateWithVersion(
    "email template",
    () => findEmailTemplate(db, companyId, templateId),
    async ({ template: current, version }) => {
      const parts = {
        subject: body.subject ?? current.subject,
        body: body.body ?? current.body,
        text_body: body.text_body === undefined ? current.text_body : body.text_body,
      };
      const template: EmailTemplateView = {
        ...current,
        ...parts,
        name: body.name ?? current.name,
        placeholders: templatePlaceholders(parts),
        updated_at: nowIso(),
      };
      await commit(
        updateEmailTemplate(db, companyId, template, version),
        { resourceType: "email_template", resourceId: current.id },
        [emailTemplateUpdated.of({ template: toSummary(template), changed_fields: changedFields })],
      );
      return template;
    },
  );
}
