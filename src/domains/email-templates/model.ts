import { z } from "@hono/zod-openapi";
import type { ExampleRow } from "../../core/examples";
import { OffsetPageQuery } from "../../lib/pagination";
import { headerText, optional, requireSome, timestamp, uuid } from "../../lib/schemas";
import { CONTACT_PLACEHOLDERS, SECTION_DEPTH_MAX, TEMPLATE_ERRORS_MAX } from "./template";
import { emailTemplates, type EmailTemplateRow } from "./schema";

const TEMPLATE_NAME_MAX = 200;
/** RFC 5322 keeps a header line under 998 characters; a subject is far shorter in practice. */
const SUBJECT_MAX = 500;
/** HTML and text bodies: room for a rich newsletter, well under the 1 MiB request cap. */
const BODY_MAX = 200_000;
/** A template names few placeholders; the list in responses and events is bounded. */
const PLACEHOLDERS_MAX = 200;

const placeholderList = z
  .array(z.string())
  .max(PLACEHOLDERS_MAX)
  .openapi({
    description: `The placeholders the template uses, each once, in order of appearance (subject, body, text body): ${CONTACT_PLACEHOLDERS.join(", ")} or \`custom_fields.<key>\``,
    example: ["first_name", "custom_fields.plan"],
  });

export const EmailTemplate = z
  .object({
    id: uuid(),
    name: z.string(),
    subject: z
      .string()
      .openapi({ description: "Mustache: placeholders are replaced by the contact's values as plain text" }),
    body: z
      .string()
      .openapi({ description: "HTML in Mustache: placeholders are replaced by the contact's values, HTML-escaped" }),
    text_body: z.string().nullable().openapi({ description: "The plain-text alternative, in Mustache; null: none" }),
    placeholders: placeholderList,
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("EmailTemplate", {
    description:
      "An email template of the company. Placeholders are written in double braces: `{{first_name}}`, `{{custom_fields.plan}}`; " +
      "`{{#custom_fields.vip}}…{{/custom_fields.vip}}` shows a part only when the value is set, `{{^…}}…{{/…}}` when it is not.",
  });

export type EmailTemplateView = z.output<typeof EmailTemplate>;

export function toEmailTemplate(row: EmailTemplateRow): EmailTemplateView {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    text_body: row.textBody,
    placeholders: row.placeholders,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** What events say of a template: not its bodies, which can be far larger than an event may be. */
export const EmailTemplateSummary = z
  .object({ id: uuid(), name: z.string(), subject: z.string(), placeholders: placeholderList, updated_at: timestamp() })
  .openapi("EmailTemplateSummary", { description: "A template without its bodies, as events carry it." });

export const toSummary = (template: EmailTemplateView): z.output<typeof EmailTemplateSummary> => ({
  id: template.id,
  name: template.name,
  subject: template.subject,
  placeholders: template.placeholders,
  updated_at: template.updated_at,
});

const name = z
  .string()
  .trim()
  .min(1)
  .max(TEMPLATE_NAME_MAX)
  .openapi({ description: `1 to ${TEMPLATE_NAME_MAX} characters` });
const subject = headerText(SUBJECT_MAX).openapi({
  description: `Mustache, one line (no CR or LF), 1 to ${SUBJECT_MAX} characters`,
});
const body = z
  .string()
  .min(1)
  .max(BODY_MAX)
  .openapi({ description: `HTML, with placeholders in double braces; 1 to ${BODY_MAX} characters` });
const textBody = z
  .string()
  .min(1)
  .max(BODY_MAX)
  .openapi({ description: `The plain-text alternative, with placeholders; 1 to ${BODY_MAX} characters` });

export const CreateEmailTemplateInput = z
  .object({
    name,
    subject,
    body,
    text_body: optional(textBody).openapi({
      description: `Optional plain-text alternative, with placeholders; 1 to ${BODY_MAX} characters`,
    }),
  })
  .openapi("CreateEmailTemplateInput", {
    description:
      "A template: its name, subject and HTML body, and an optional text body. A broken tag or an unknown placeholder is a 400 naming it and its line and column. " +
      `Sections nest at most ${SECTION_DEPTH_MAX} deep; a 400 lists at most ${TEMPLATE_ERRORS_MAX} errors, with \`errors_total\` when there were more.`,
  });

export const UpdateEmailTemplateInput = requireSome(
  z.object({
    name: name.optional(),
    subject: subject.optional(),
    body: body.optional(),
    text_body: textBody
      .nullable()
      .optional()
      .openapi({ description: `The plain-text alternative, 1 to ${BODY_MAX} characters; null removes it` }),
  }),
  "Send at least one field to change.",
).openapi("UpdateEmailTemplateInput", {
  description:
    "The fields to change: an omitted field stays, null removes the text body. The result is parsed again as a whole.",
});

/**
 * The path of one template. The id is documented as a UUID but not checked: any other text is no
 * template of the company, which answers 404 (the view declares no 400).
 */
export const TemplatePath = z.object({
  template_id: z
    .string()
    .openapi({ description: "Id of an email template of the key's company", format: "uuid", maxLength: 36 }),
});

export const ListEmailTemplatesQuery = OffsetPageQuery;

/** The templates the document's examples name (a campaign's, a sequence's two steps). */
export const exampleTemplateIds = [
  "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
  "9d3f5b7c-1e4a-4c8e-9b2d-4f6a8c0e2b4d",
] as const;

/** A company's rows for them: its oldest template, and the one after it. */
export const templateExampleRows: readonly ExampleRow[] = exampleTemplateIds.map((id, nth) => ({
  id,
  table: emailTemplates,
  order: [emailTemplates.createdAt, emailTemplates.id],
  nth,
}));

export const emailTemplateExample: z.input<typeof EmailTemplate> = {
  id: exampleTemplateIds[0],
  name: "Spring offer",
  subject: "{{first_name}}, your spring renovation offer",
  body: "<p>Hello {{first_name}},</p><p>Your {{custom_fields.plan}} plan includes a free visit this spring.</p>",
  text_body: "Hello {{first_name}}, your {{custom_fields.plan}} plan includes a free visit this spring.",
  placeholders: ["first_name", "custom_fields.plan"],
  created_at: "2026-04-20T09:00:00.000Z",
  updated_at: "2026-04-20T09:00:00.000Z",
};

export const emailTemplatePageExample = { data: [emailTemplateExample], limit: 50, offset: 0 };

export const createEmailTemplateExample: z.input<typeof CreateEmailTemplateInput> = {
  name: "Spring offer",
  subject: "{{first_name}}, your spring renovation offer",
  body: "<p>Hello {{first_name}},</p><p>Your {{custom_fields.plan}} plan includes a free visit this spring.</p>",
  text_body: "Hello {{first_name}}, your {{custom_fields.plan}} plan includes a free visit this spring.",
};

export const updateEmailTemplateExample: z.input<typeof UpdateEmailTemplateInput> = {
  subject: "{{#first_name}}{{first_name}}, y{{/first_name}}{{^first_name}}Y{{/first_name}}our spring offer",
  text_body: null,
};
