import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { IN_LIST_MAX, inChunks } from "../../core/db/bulk";
import { offsetList, type ListKeys } from "../../core/db/lists";
import { toContact } from "./model";
import type { Database } from "../../core/db/client";
import { ApiError } from "../../core/errors";
import type { OffsetPage } from "../../core/pagination";
import { contacts, type ContactRow } from "./schema";

export interface ContactFilter {
  phone?: string;
  email?: string;
  tag?: string;
}

/** Backed by contacts_company_created_idx (the phone and email filters use their unique indexes). */
const contactKeys: ListKeys = { company: contacts.companyId, at: contacts.createdAt, id: contacts.id };

export function listContacts(db: Database, companyId: string, filter: ContactFilter, page: OffsetPage) {
  const where = and(
    filter.phone !== undefined ? eq(contacts.phone, filter.phone) : undefined,
    filter.email !== undefined ? eq(contacts.email, filter.email) : undefined,
    filter.tag !== undefined ? sql`EXISTS (SELECT 1 FROM json_each(${contacts.tags}) WHERE json_each.value = ${filter.tag})` : undefined,
  );
  return offsetList(db.select().from(contacts).$dynamic(), contactKeys, companyId, page, { where, map: toContact });
}

export async function findContact(db: Database, companyId: string, id: string): Promise<ContactRow | undefined> {
  return db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id))).get();
}

/** The identify hot path: one lookup on contacts_company_phone_idx. */
export async function findContactByPhone(db: Database, companyId: string, phone: string): Promise<ContactRow | undefined> {
  return db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.phone, phone))).get();
}

/**
 * The 409 for a write that hit a unique index: names the contact that already holds the phone or
 * email. Returns undefined when no such contact is found (the failure was something else).
 */
export async function duplicateContactError(
  db: Database,
  companyId: string,
  wanted: { phone: string | null; email: string | null },
  exceptId?: string,
): Promise<ApiError | undefined> {
  const matches: SQL[] = [];
  if (wanted.phone) matches.push(eq(contacts.phone, wanted.phone));
  if (wanted.email) matches.push(eq(contacts.email, wanted.email));
  if (matches.length === 0) return undefined;
  const holders = await db
    .select({ id: contacts.id, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), or(...matches)))
    .limit(2);
  const holder = holders.find((row) => row.id !== exceptId);
  if (!holder) return undefined;
  const field = wanted.phone && holder.phone === wanted.phone ? "phone" : "email";
  return new ApiError("conflict", `Contact ${holder.id} already has this ${field}; a company holds one contact per ${field}.`, {
    existing_contact_id: holder.id,
    conflicting_field: field,
  });
}

/** Contacts of the company holding any of these phones or emails (for import deduplication). */
export async function contactsHolding(
  db: Database,
  companyId: string,
  phones: readonly string[],
  emails: readonly string[],
): Promise<{ byPhone: Map<string, string>; byEmail: Map<string, string> }> {
  const byPhone = new Map<string, string>();
  const byEmail = new Map<string, string>();
  const lookups = [
    ...inChunks(phones, IN_LIST_MAX).map((chunk) =>
      db
        .select({ id: contacts.id, phone: contacts.phone, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.phone, chunk))),
    ),
    ...inChunks(emails, IN_LIST_MAX).map((chunk) =>
      db
        .select({ id: contacts.id, phone: contacts.phone, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.email, chunk))),
    ),
  ];
  for (const rows of await Promise.all(lookups)) {
    for (const row of rows) {
      if (row.phone) byPhone.set(row.phone, row.id);
      if (row.email) byEmail.set(row.email, row.id);
    }
  }
  return { byPhone, byEmail };
}
