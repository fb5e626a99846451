import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { chunkedInserts, IN_LIST_MAX, inChunks, isUniqueViolation } from "../../data/bulk";
import { companyRows, offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { toContact, type ImportResult } from "./model";
import { preparedStatement, preparedVariants, readRows, selectRow, type Database } from "../../data/client";
import { companyRow, ofCompany } from "../../data/rows";
import { ApiError } from "../../lib/errors";
import type { OffsetPage } from "../../lib/pagination";
import { versionedUpdate } from "../../data/versioned";
import { contactsImported } from "./events";
import type { Candidate } from "./import";
import { contacts, type ContactRow } from "./schema";

export interface ContactFilter {
  phone?: string;
  email?: string;
  tag?: string;
}

/** Backed by contacts_company_created_idx (the phone and email filters use their unique indexes). */
const contactKeys: ListKeys = { company: contacts.companyId, at: contacts.createdAt, id: contacts.id };

/** A contact's columns as its public view reads them (not its tenant or version). */
export const contactViewColumns = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  phone: contacts.phone,
  email: contacts.email,
  companyName: contacts.companyName,
  tags: contacts.tags,
  notes: contacts.notes,
  customFields: contacts.customFields,
  source: contacts.source,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};
type ViewColumns = Parameters<typeof toContact>[0];
/** A raw row of those columns: the JSON columns as stored (text). */
export type RawContactColumns = Omit<ViewColumns, "tags" | "customFields"> & { tags: string; customFields: string };

/** The view of a raw row read by readRows, its JSON columns decoded here rather than by drizzle. */
export function contactOfColumns(column: <K extends keyof RawContactColumns>(key: K) => RawContactColumns[K]) {
  return toContact({
    id: column("id"),
    firstName: column("firstName"),
    lastName: column("lastName"),
    phone: column("phone"),
    email: column("email"),
    companyName: column("companyName"),
    tags: JSON.parse(column("tags")) as ViewColumns["tags"],
    notes: column("notes"),
    customFields: JSON.parse(column("customFields")) as ViewColumns["customFields"],
    source: column("source"),
    createdAt: column("createdAt"),
    updatedAt: column("updatedAt"),
  });
}

/** The unfiltered page, the list's hot path, prepared once per database. */
const contactPage = preparedStatement((db) =>
  companyRows(db.select(contactViewColumns).from(contacts).$dynamic(), contactKeys, sql.placeholder("companyId"))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

export async function listContacts(db: Database, companyId: string, filter: ContactFilter, page: OffsetPage) {
  if (filter.phone === undefined && filter.email === undefined && filter.tag === undefined) {
    const data = await readRows<RawContactColumns, ReturnType<typeof toContact>>(
      db,
      contactPage(db),
      contactViewColumns,
      { companyId, limit: page.limit, offset: page.offset },
      contactOfColumns,
    );
    return { data, limit: page.limit, offset: page.offset };
  }
  const statement = filteredContactPage(db, {
    phone: filter.phone !== undefined,
    email: filter.email !== undefined,
    tag: filter.tag !== undefined,
  });
  return preparedOffsetList(db, statement, companyId, page, toContact, {
    phone: filter.phone,
    email: filter.email,
    tag: filter.tag,
  });
}

/** The page of each set of filters, prepared once per database. */
const filteredContactPage = preparedVariants((db, filters: { phone: boolean; email: boolean; tag: boolean }) =>
  offsetPageQuery(
    db.select().from(contacts).$dynamic(),
    contactKeys,
    and(
      filters.phone ? eq(contacts.phone, sql.placeholder("phone")) : undefined,
      filters.email ? eq(contacts.email, sql.placeholder("email")) : undefined,
      filters.tag
        ? sql`EXISTS (SELECT 1 FROM json_each(${contacts.tags}) WHERE json_each.value = ${sql.placeholder("tag")})`
        : undefined,
    ),
  ).prepare(),
);

export async function findContact(db: Database, companyId: string, id: string): Promise<ContactRow | undefined> {
  return companyRow(db, contacts, companyId, id);
}

/** The identify hot path: one lookup on contacts_company_phone_idx. */
export function findContactByPhone(db: Database, companyId: string, phone: string): Promise<ContactRow | undefined> {
  return selectRow(db, contactByPhone(db), { companyId, phone });
}
const contactByPhone = preparedStatement((db) =>
  db
    .select()
    .from(contacts)
    .where(ofCompany(contacts, sql.placeholder("companyId"), eq(contacts.phone, sql.placeholder("phone"))))
    .prepare(),
);

export const insertContact = (db: Database, row: ContactRow) => db.insert(contacts).values(row);

/**
 * Writes `changes` to the contact (every column but its id, company, creation time and source),
 * compare-and-set on the version read; the new version is the one after it.
 */
export const updateContact = (
  db: Database,
  companyId: string,
  read: { id: string; version: number },
  changes: Omit<ContactRow, "id" | "companyId" | "createdAt" | "source">,
) => {
  const { version: _next, ...columns } = changes;
  return versionedUpdate(db, contacts, { companyId, id: read.id, version: read.version }, columns, "contact");
};

/**
 * The 409 for a write that hit a unique index: names the contact that already holds the phone or
 * email. Returns undefined when no such contact is found (the failure was something else).
 */
async function duplicateContactError(
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
    .where(ofCompany(contacts, companyId, or(...matches)))
    .limit(2);
  const holder = holders.find((row) => row.id !== exceptId);
  if (!holder) return undefined;
  const field = wanted.phone && holder.phone === wanted.phone ? "phone" : "email";
  return new ApiError(
    "conflict",
    `Contact ${holder.id} already has this ${field}; a company holds one contact per ${field}.`,
    {
      existing_contact_id: holder.id,
      conflicting_field: field,
    },
  );
}

/** Runs a write that may hit the phone or email unique index; such a failure becomes the 409 naming the holder. */
export async function withDuplicateCheck<T>(
  db: Database,
  companyId: string,
  wanted: { phone: string | null; email: string | null },
  exceptId: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw (await duplicateContactError(db, companyId, wanted, exceptId)) ?? error;
  }
}

/** Contacts of the company holding any of these phones or emails (for import deduplication). */
async function contactsHolding(
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
        .where(ofCompany(contacts, companyId, inArray(contacts.phone, chunk))),
    ),
    ...inChunks(emails, IN_LIST_MAX).map((chunk) =>
      db
        .select({ id: contacts.id, phone: contacts.phone, email: contacts.email })
        .from(contacts)
        .where(ofCompany(contacts, companyId, inArray(contacts.email, chunk))),
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

/**
 * Inserts of these rows that skip, rather than fail on, a row whose phone or email the company
 * already has, and return the ids they created: what the database did decides created and
 * skipped, so no interleaving with another writer can fail the import. Each statement stays
 * within D1's 100 bound parameters.
 */
export function insertSkippingDuplicates(db: Database, rows: readonly ContactRow[]): BatchItem<"sqlite">[] {
  return chunkedInserts(db, contacts, rows, (insert) => insert.onConflictDoNothing().returning({ id: contacts.id }));
}

/** The ids the insert statements' results name: the contacts this import created. */
export const createdIds = (results: readonly unknown[]) =>
  new Set(results.flatMap((rows) => (Array.isArray(rows) ? (rows as { id: string }[]).map((row) => row.id) : [])));

/**
 * The contacts.imported event. Which candidates were created is only known inside the batch, so
 * `created`, `skipped` and `contact_ids` are filled there from the candidate ids that exist after
 * the inserts (ids are new UUIDs: one that exists was created by this batch). The data given here
 * names every candidate, an upper bound of the final size for the outbox's size check.
 */
export function importedEvent(
  companyId: string,
  candidateIds: readonly string[],
  duplicatesInImport: number,
  rejected: number,
) {
  const ids = JSON.stringify(candidateIds);
  const createdIdList = sql`SELECT j.value FROM json_each(${ids}) AS j WHERE EXISTS (SELECT 1 FROM ${contacts} WHERE ${contacts.companyId} = ${companyId} AND ${contacts.id} = j.value) ORDER BY j.key`;
  return contactsImported.of(
    { created: candidateIds.length, skipped: duplicatesInImport, rejected, contact_ids: [...candidateIds] },
    {
      created: sql`(SELECT count(*) FROM (${createdIdList}))`,
      skipped: sql`(${duplicatesInImport + candidateIds.length} - (SELECT count(*) FROM (${createdIdList})))`,
      contact_ids: sql`json((SELECT json_group_array(value) FROM (${createdIdList})))`,
    },
  );
}

/** Rows the database skipped, each with the contact that holds its phone or email. */
export async function skippedAsDuplicates(
  db: Database,
  companyId: string,
  skipped: readonly Candidate[],
): Promise<ImportResult["skipped_rows"]> {
  const phones = skipped.flatMap((c) => (c.row.phone ? [c.row.phone] : []));
  const emails = skipped.flatMap((c) => (c.row.email ? [c.row.email] : []));
  const { byPhone, byEmail } = await contactsHolding(db, companyId, phones, emails);
  return skipped.map((candidate) => ({
    index: candidate.index,
    reason: "duplicate_of_existing" as const,
    existing_contact_id:
      (candidate.row.phone && byPhone.get(candidate.row.phone)) ||
      (candidate.row.email && byEmail.get(candidate.row.email)) ||
      null,
    duplicate_of_index: null,
  }));
}
