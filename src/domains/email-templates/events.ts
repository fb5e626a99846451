import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { EmailTemplateSummary } from "./model";

export const emailTemplateCreated = defineEvent(
  "email_template.created",
  "An email template was created (without its bodies).",
  EmailTemplateSummary,
);

export const emailTemplateUpdated = defineEvent(
  "email_template.updated",
  "An email template was edited; `template` is the template after the change (without its bodies), `changed_fields` the fields the request sent.",
  z.object({
    template: EmailTemplateSummary,
    changed_fields: z
      .array(z.enum(["name", "subject", "body", "text_body"]))
      .max(4)
      .openapi({ description: "The fields the request sent" }),
  }),
);

export const emailTemplateEvents: EventDefinition[] = [emailTemplateCreated, emailTemplateUpdated];
