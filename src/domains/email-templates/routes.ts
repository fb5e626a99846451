import { defineOperation } from "../../core/operation";
import { offsetEnvelope } from "../../lib/pagination";
import { changeEmailTemplate, createEmailTemplate, emailTemplateView } from "./actions";
import {
  CreateEmailTemplateInput,
  createEmailTemplateExample,
  EmailTemplate,
  emailTemplateExample,
  emailTemplatePageExample,
  ListEmailTemplatesQuery,
  TemplatePath,
  UpdateEmailTemplateInput,
  updateEmailTemplateExample,
} from "./model";
import { listEmailTemplates } from "./queries";
import { CONTACT_PLACEHOLDERS } from "./template";

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
    responses: {
      200: {
        description: "A page of templates",
        schema: offsetEnvelope(EmailTemplate, "EmailTemplatePage", "A page of email templates, newest first"),
        example: emailTemplatePageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listEmailTemplates(db, caller.company.id, query),
    }),
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
    replay: async ({ db, caller }, { resourceId }) =>
      resourceId ? { status: 201, body: await emailTemplateView({ db, caller }, resourceId) } : undefined,
    handler: async ({ db, caller, body, commit }) => ({
      status: 201,
      body: await createEmailTemplate({ db, caller, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "getEmailTemplate",
    method: "get",
    path: "/api/v1/email-templates/{template_id}",
    summary: "View a template",
    description:
      "One template of the key's company, with the placeholders it uses; any other id (another company's included) is 404.",
    scope: "campaigns:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: TemplatePath },
    responses: { 200: { description: "The template", schema: EmailTemplate, example: emailTemplateExample } },
    handler: async ({ db, caller, params }) => ({
      status: 200,
      body: await emailTemplateView({ db, caller }, params.template_id),
    }),
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
        example: {
          ...emailTemplateExample,
          subject: updateEmailTemplateExample.subject!,
          text_body: null,
          updated_at: "2026-04-26T10:15:30.000Z",
        },
      },
    },
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: await emailTemplateView({ db, caller }, params.template_id),
    }),
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await changeEmailTemplate({ db, caller, commit }, { templateId: params.template_id, body }),
    }),
  }),
];
