import { defineDomain } from "../../core/domain";
import { emailTemplateEvents } from "./events";
import { emailTemplateOperations } from "./routes";
import { templateExampleRows } from "./model";
import { seedEmailTemplateDomain } from "./seed";

export { EmailTemplate, exampleTemplateIds, toEmailTemplate, type EmailTemplateView } from "./model";
export { companyTemplates } from "./queries";
export { emailTemplates } from "./schema";
export { renderTemplate, type MergeContact, type RenderedEmail } from "./template";

/** Email templates in Mustache over the contacts' fields: what campaigns and sequences send. */
export default defineDomain({
  name: "email-templates",
  defaults: {
    tag: "Email templates",
    tagDescription:
      "The company's email templates: subject, HTML body and text body with `{{placeholders}}` over the contacts' fields, parsed and checked when written.",
    plans: "NONE",
    capability: "campaigns",
  },
  operations: emailTemplateOperations,
  events: emailTemplateEvents,
  examples: templateExampleRows,
  seed: ({ db, company, random, now, scale }) => seedEmailTemplateDomain(db, company.id, random, now, scale),
});
