import { nowIso } from "../../core/db/schema";
import { notFound } from "../../core/errors";
import { updateWithVersion } from "../../core/db/versioned";
import { defineOperation } from "../../core/operation";
import { offsetEnvelope } from "../../core/pagination";
import { emailTemplateCreated, emailTemplateUpdated } from "./events";
import {
  CreateEmailTemplateInput,
  createEmailTemplateExample,
  EmailTemplate,
  emailTemplateExample,
  emailTemplatePageExample,
  ListEmailTemplatesQuery,
  TemplatePath,
  toSummary,
  UpdateEmailTemplateInput,
  updateEmailTemplateExample,
  type EmailTemplateView,
} from "./model";
import { findEmailTemplate, insertEmailTemplate, listEmailTemplates, updateEmailTemplate } from "./queries";
import { CONTACT_PLACEHOLDERS, templatePlaceholders } from "./template";

const PLACEHOLDER_RULES =
  `Placeholders in double braces name a contact field (${CONTACT_PLACEHOLDERS.map((field) => `\`${field}\``).join(", ")}) or \`custom_fields.<key>\`; ` +
  "a broken tag, an unknown placeholder, a partial (`{{>x}}`) or an unescaped value in the HTML body (`{{{x}}}`) is 400 validation_error, " +
  "each error naming the field, the placeholder, and its line and column.";

export const emailTemplateOperations = [
  defineOperation({
    operationId: "listEmailTemplates",
    method: "get",
    path: "/api/v1/email-templates",
    summary: "List email templates",
    description: "Templates of the key's company, newest first (created_at, then id, descending).",
    scope: "campaigns:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListEmailTemplatesQuery },
    responses: { 200: { description: "A page of templates", schema: offsetEnvelope(EmailTemplate, "EmailTemplatePage", "A page of email templates, newest first"), example: emailTemplatePageExample } },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await listEmailTemplates(db, caller.company.id, query) }),
  }),

  defineOperation({
    operationId: "createEmailTemplate",
    method: "post",
    path: "/api/v1/email-templates",
    summary: "Create an email template",
    description: `Creates a template from its name, subject, HTML body and optional text body. ${PLACEHOLDER_RULES} The response lists the placeholders the template uses.`,
    scope: "campaigns:write",
    gate: "W",
    codes: [201, 400, 401, 403, 404, 429, 500],
    request: { body: CreateEmailTemplateInput, example: createEmailTemplateExample },
    responses: { 201: { description: "The created template", schema: EmailTemplate, example: emailTemplateExample } },
    handler: async ({ db, caller, body, commit }) => {
      const placeholders = templatePlaceholders(body);
      const now = nowIso();
      const template: EmailTemplateView = {
        id: crypto.randomUUID(),
        name: body.name,
        subject: body.subject,
        body: body.body,
        text_body: body.text_body ?? null,
        placeholders,
        created_at: now,
        updated_at: now,
      };
      await commit([insertEmailTemplate(db, caller.company.id, template)], { resourceType: "email_template", resourceId: template.id }, [
        emailTemplateCreated.of(toSummary(template)),
      ]);
      return { status: 201, body: template };
    },
  }),

  defineOperation({
    operationId: "getEmailTemplate",
    method: "get",
    path: "/api/v1/email-templates/{template_id}",
    summary: "View a template",
    description: "One template of the key's company, with the placeholders it uses; any other id (another company's included) is 404.",
    scope: "campaigns:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: TemplatePath },
    responses: { 200: { description: "The template", schema: EmailTemplate, example: emailTemplateExample } },
    handler: async ({ db, caller, params }) => {
      const found = await findEmailTemplate(db, caller.company.id, params.template_id);
      if (!found) throw notFound("email template");
      return { status: 200, body: found.template };
    },
  }),

  defineOperation({
    operationId: "updateEmailTemplate",
    method: "patch",
    path: "/api/v1/email-templates/{template_id}",
    summary: "Edit a template",
    description: `Changes name, subject, body or text body (null removes the text body); omitted fields stay. The template after the change is parsed as a whole: ${PLACEHOLDER_RULES}`,
    scope: "campaigns:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: TemplatePath, body: UpdateEmailTemplateInput, example: updateEmailTemplateExample },
    responses: {
      200: {
        description: "The template after the change",
        schema: EmailTemplate,
        example: { ...emailTemplateExample, subject: updateEmailTemplateExample.subject!, text_body: null, updated_at: "2026-04-26T10:15:30.000Z" },
      },
    },
    handler: async ({ db, caller, params, body, commit }) => {
      const companyId = caller.company.id;
      const changedFields = (["name", "subject", "body", "text_body"] as const).filter((field) => body[field] !== undefined);
      const template = await updateWithVersion("email template", () => findEmailTemplate(db, companyId, params.template_id), async ({ template: current, version }) => {
        const parts = {
          subject: body.subject ?? current.subject,
          body: body.body ?? current.body,
          text_body: body.text_body === undefined ? current.text_body : body.text_body,
        };
        const template: EmailTemplateView = { ...current, ...parts, name: body.name ?? current.name, placeholders: templatePlaceholders(parts), updated_at: nowIso() };
        await commit(
          updateEmailTemplate(db, companyId, template, version),
          { resourceType: "email_template", resourceId: current.id },
          [emailTemplateUpdated.of({ template: toSummary(template), changed_fields: changedFields })],
        );
        return template;
      });
      return { status: 200, body: template };
    },
  }),
];
