import type { Database } from "../../data/client";
import { ofCompany } from "../../data/rows";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo, type Random } from "../../lib/random";
import { contacts } from "../contacts";
import { emailTemplates } from "../email-templates";
import { sequenceEnrollments, sequences } from "./schema";

/** A welcome sequence over the company's seeded templates, with some contacts enrolled, and an archived one (run after templates and contacts). */
export async function seedSequenceDomain(
  db: Database,
  companyId: string,
  random: Random,
  now: number,
  scale: "full" | "small",
) {
  const templates = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(ofCompany(emailTemplates, companyId))
    .orderBy(emailTemplates.createdAt);
  if (templates.length === 0) return { sequences: 0, sequence_enrollments: 0 };
  const createdAt = daysAgo(random, now, 40);
  const welcome = {
    id: crypto.randomUUID(),
    companyId,
    name: "Welcome series",
    status: "active" as const,
    steps: templates.map((template, index) => ({ template_id: template.id, delay_days: index === 0 ? 0 : index * 3 })),
    createdAt,
    updatedAt: createdAt,
  };
  const rows: (typeof sequences.$inferInsert)[] = [welcome];
  if (scale === "full") {
    const archivedAt = daysAgo(random, now, 10);
    rows.push({
      id: crypto.randomUUID(),
      companyId,
      name: "Winter boiler check (2025)",
      status: "archived",
      steps: [{ template_id: templates[0]!.id, delay_days: 0 }],
      createdAt: daysAgo(random, now, 90),
      updatedAt: archivedAt,
      archivedAt,
    });
  }
  const people = await db
    .select({ id: contacts.id, createdAt: contacts.createdAt })
    .from(contacts)
    .where(ofCompany(contacts, companyId));
  const enrollmentId = crypto.randomUUID();
  const enrollments = people
    .filter(() => random.next() < 0.3)
    .map((contact) => ({
      sequenceId: welcome.id,
      contactId: contact.id,
      companyId,
      enrolledAt: contact.createdAt > createdAt ? contact.createdAt : createdAt,
      enrollmentId,
    }));
  await runBatches(db, [
    ...chunkedInserts(db, sequences, rows),
    ...chunkedInserts(db, sequenceEnrollments, enrollments),
  ]);
  return { sequences: rows.length, sequence_enrollments: enrollments.length };
}
