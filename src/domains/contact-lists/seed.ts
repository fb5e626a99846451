import type { Database } from "../../data/client";
import { ofCompany } from "../../data/rows";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo, type Random } from "../../lib/random";
import { contacts } from "../contacts";
import { contactListMembers, contactLists } from "./schema";

const lists = [
  { name: "Newsletter subscribers", description: "Contacts who opted in to the monthly newsletter.", share: 0.5 },
  { name: "Hot leads", description: "Asked for a quote in the last month; call back this week.", share: 0.25 },
  { name: "Kitchen renovation enquiries", description: null, share: 0.2 },
  { name: "VIP clients", description: "Repeat customers with more than one finished project.", share: 0.1 },
];

/** Lists of the company's seeded contacts (run after the contacts seed). */
export async function seedContactListDomain(
  db: Database,
  companyId: string,
  random: Random,
  now: number,
): Promise<Record<string, number>> {
  const companyContacts = await db
    .select({ id: contacts.id, createdAt: contacts.createdAt })
    .from(contacts)
    .where(ofCompany(contacts, companyId));
  const listRows: (typeof contactLists.$inferInsert)[] = [];
  const memberRows: (typeof contactListMembers.$inferInsert)[] = [];
  lists.forEach((list, index) => {
    const createdAt = daysAgo(random, now, 30 - index * 5);
    const id = crypto.randomUUID();
    listRows.push({ id, companyId, name: list.name, description: list.description, createdAt, updatedAt: createdAt });
    for (const contact of companyContacts) {
      if (random.next() >= list.share) continue;
      // A contact joins a list after both exist.
      const addedAt = contact.createdAt > createdAt ? contact.createdAt : createdAt;
      memberRows.push({ listId: id, contactId: contact.id, companyId, addedAt });
    }
  });
  await runBatches(db, [
    ...chunkedInserts(db, contactLists, listRows),
    ...chunkedInserts(db, contactListMembers, memberRows),
  ]);
  return { contact_lists: listRows.length, contact_list_members: memberRows.length };
}
