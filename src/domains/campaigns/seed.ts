import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../data/client";
import { ofCompany } from "../../data/rows";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo, type Random } from "../../lib/random";
import { companyAgentIds } from "../agents";
import { contactListMembers, contactLists } from "../contact-lists";
import { contacts } from "../contacts";
import { emailTemplates, renderTemplate, toEmailTemplate } from "../email-templates";
import { mergeContact, mergeContactOf, mergeValues } from "./marketing";
import { campaignAttempts, campaignBatches, campaignEnrollments, campaignLists, campaigns } from "./schema";

/**
 * A finished campaign with its recipients and attempts (a few failed), and a draft with its audience
 * ready; a small company gets the draft only. Runs after agents, contacts, lists and templates.
 */
export async function seedCampaignDomain(
  db: Database,
  companyId: string,
  random: Random,
  now: number,
  scale: "full" | "small",
) {
  const [agentId] = await companyAgentIds(db, companyId);
  const templates = (
    await db.select().from(emailTemplates).where(ofCompany(emailTemplates, companyId)).orderBy(emailTemplates.createdAt)
  ).map(toEmailTemplate);
  const lists = await db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(ofCompany(contactLists, companyId))
    .orderBy(contactLists.createdAt);
  if (!agentId || templates.length === 0) return { campaigns: 0, campaign_attempts: 0 };
  const template = templates[0]!;
  const draftAt = daysAgo(random, now, 2);
  const draft = {
    id: crypto.randomUUID(),
    companyId,
    name: "Kitchen enquiries follow-up",
    agentId,
    templateId: templates[1]?.id ?? template.id,
    status: "draft" as const,
    createdAt: draftAt,
    updatedAt: draftAt,
  };
  const campaignRows: (typeof campaigns.$inferInsert)[] = [draft];
  const listRows: (typeof campaignLists.$inferInsert)[] = lists
    .slice(2, 3)
    .map((list) => ({ campaignId: draft.id, listId: list.id, companyId, addedAt: draftAt }));
  const enrollmentRows: (typeof campaignEnrollments.$inferInsert)[] = [];
  const attemptRows: (typeof campaignAttempts.$inferInsert)[] = [];
  const batchRows: (typeof campaignBatches.$inferInsert)[] = [];

  if (scale === "full" && lists.length > 0) {
    const sentAt = daysAgo(random, now, 20);
    const finished = {
      id: crypto.randomUUID(),
      companyId,
      name: "Spring renovation offer",
      agentId,
      templateId: template.id,
      status: "completed" as const,
      enrolledAt: sentAt,
      createdAt: daysAgo(random, now, 25),
      updatedAt: sentAt,
    };
    const audience = lists[0]!.id;
    listRows.push({ campaignId: finished.id, listId: audience, companyId, addedAt: finished.createdAt });
    const members = await db
      .select({ contact: contacts })
      .from(contactListMembers)
      .innerJoin(
        contacts,
        and(eq(contacts.companyId, contactListMembers.companyId), eq(contacts.id, contactListMembers.contactId)),
      )
      .where(ofCompany(contactListMembers, companyId, inArray(contactListMembers.listId, [audience])));
    let skippedNoEmail = 0;
    const batchId = crypto.randomUUID();
    for (const { contact } of members) {
      if (!contact.email) {
        skippedNoEmail++;
        continue;
      }
      const failed = random.next() < 0.04;
      const values = mergeValues(mergeContact(contact), template.placeholders);
      const subject = renderTemplate({ subject: template.subject, body: "" }, mergeContactOf(values)).subject;
      enrollmentRows.push({
        campaignId: finished.id,
        contactId: contact.id,
        companyId,
        email: contact.email,
        status: failed ? "failed" : "sent",
        enrolledAt: sentAt,
        updatedAt: sentAt,
      });
      attemptRows.push({
        id: crypto.randomUUID(),
        campaignId: finished.id,
        companyId,
        batchId,
        contactId: contact.id,
        email: contact.email,
        subject,
        mergeValues: values,
        status: failed ? "failed" : "sent",
        failureReason: failed
          ? "Postmark refused this recipient: the address is marked inactive (it bounced, complained of spam, or was suppressed)."
          : null,
        providerMessageId: failed ? null : crypto.randomUUID(),
        createdAt: sentAt,
        updatedAt: sentAt,
        sentAt: failed ? null : sentAt,
      });
    }
    campaignRows.push({ ...finished, skippedNoEmail });
    batchRows.push({
      id: batchId,
      companyId,
      campaignId: finished.id,
      templateId: template.id,
      subject: template.subject,
      body: template.body,
      textBody: template.text_body,
      createdAt: sentAt,
    });
  }
  await runBatches(db, [
    ...chunkedInserts(db, campaigns, campaignRows),
    ...chunkedInserts(db, campaignLists, listRows),
    ...chunkedInserts(db, campaignEnrollments, enrollmentRows),
    ...chunkedInserts(db, campaignBatches, batchRows),
    ...chunkedInserts(db, campaignAttempts, attemptRows),
  ]);
  return { campaigns: campaignRows.length, campaign_attempts: attemptRows.length };
}
