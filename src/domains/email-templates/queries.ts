import { inArray } from "drizzle-orm";
import { preparedStatement, type Database } from "../../data/client";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { companyRow, ofCompany } from "../../data/rows";
import { versionedUpdate } from "../../data/versioned";
import type { OffsetPage } from "../../lib/pagination";
import { toEmailTemplate, type EmailTemplateView } from "./model";
import { emailTemplates } from "./schema";

/** Backed by email_templates_company_created_idx. */
const listKeys: ListKeys = { company: emailTemplates.companyId, at: emailTemplates.createdAt, id: emailTemplates.id };

export function listEmailTemplates(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, templatePage(db), companyId, page, toEmailTemplate);
}
const templatePage = preparedStatement((db) =>
  offsetPageQuery(db.select().from(emailTemplates).$dynamic(), listKeys).prepare(),
);

/** The template and the version a compare-and-set write compares against. */
export async function findEmailTemplate(db: Database, companyId: string, templateId: string) {
  const row = await companyRow(db, emailTemplates, companyId, templateId);
  return row && { template: toEmailTemplate(row), version: row.version };
}

/** The company's templates among `ids`, by id (for campaigns and sequence steps). */
export async function companyTemplates(
  db: Database,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, EmailTemplateView>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(ofCompany(emailTemplates, companyId, inArray(emailTemplates.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, toEmailTemplate(row)]));
}

export const insertEmailTemplate = (db: Database, companyId: string, template: EmailTemplateView) =>
  db.insert(emailTemplates).values({
    id: template.id,
    companyId,
    name: template.name,
    subject: template.subject,
    body: template.body,
    textBody: template.text_body,
    placeholders: template.placeholders,
    createdAt: template.created_at,
    updatedAt: template.updated_at,
  });

/** The template as `template` shows it, compare-and-set on the version read (`version`). */
export const updateEmailTemplate = (db: Database, companyId: string, template: EmailTemplateView, version: number) =>
  versionedUpdate(
    db,
    emailTemplates,
    { companyId, id: template.id, version },
    {
      name: template.name,
      subject: template.subject,
      body: template.body,
      textBody: template.text_body,
      placeholders: template.placeholders,
      updatedAt: template.updated_at,
    },
    "email template",
  );
