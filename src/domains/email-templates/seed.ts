import type { Database } from "../../data/client";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo, type Random } from "../../lib/random";
import { emailTemplates } from "./schema";
import { templatePlaceholders } from "./template";

/** Templates a renovation company would send; each is parsed like an API write would parse it. */
const demoTemplates = [
  {
    name: "Spring offer",
    subject:
      "{{#first_name}}{{first_name}}, your{{/first_name}}{{^first_name}}Your{{/first_name}} spring renovation offer",
    body:
      "<p>Hello {{#first_name}}{{first_name}}{{/first_name}}{{^first_name}}there{{/first_name}},</p>" +
      "<p>This spring we visit and quote your kitchen or bathroom for free.{{#custom_fields.plan}} As a {{custom_fields.plan}} customer you also get 10% off materials.{{/custom_fields.plan}}</p>" +
      "<p>Reply to this email or call us to book a visit.</p><p>Reformas Demo</p>",
    textBody:
      "Hello {{first_name}}, this spring we visit and quote your kitchen or bathroom for free. Reply to book a visit. Reformas Demo",
  },
  {
    name: "Follow-up after a quote",
    subject: "Any questions about your quote, {{first_name}}?",
    body: "<p>Hi {{first_name}},</p><p>A few days ago we sent you a quote{{#company}} for {{company}}{{/company}}. Is there anything we can clarify?</p><p>Best regards,<br>Reformas Demo</p>",
    textBody: null,
  },
  {
    name: "Monthly newsletter",
    subject: "Renovation ideas for this month",
    body: "<h1>Ideas for your home</h1><p>Dear {{name}},</p><p>Three small changes that make a kitchen feel new, and what they cost.</p>",
    textBody: "Dear {{name}}, three small changes that make a kitchen feel new, and what they cost.",
  },
];

/** The company's templates; ids are returned in the order above (campaigns and sequences use them). */
export async function seedEmailTemplateDomain(
  db: Database,
  companyId: string,
  random: Random,
  now: number,
  scale: "full" | "small",
) {
  const chosen = scale === "full" ? demoTemplates : demoTemplates.slice(0, 1);
  const rows = chosen.map((template, index) => {
    const createdAt = daysAgo(random, now, 60 - index * 10);
    return {
      id: crypto.randomUUID(),
      companyId,
      name: template.name,
      subject: template.subject,
      body: template.body,
      textBody: template.textBody,
      placeholders: templatePlaceholders({
        subject: template.subject,
        body: template.body,
        text_body: template.textBody,
      }),
      createdAt,
      updatedAt: createdAt,
    };
  });
  await runBatches(db, chunkedInserts(db, emailTemplates, rows));
  return { email_templates: rows.length };
}
