import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { isUniqueViolation } from "../../core/db/bulk";
import { nowIso } from "../../core/db/schema";
import { contactCreated } from "./events";
import { classifyRows } from "./import";
import { refuseOversize, toContact, type CreateContactFields, type IdentifyContactInput, type ImportContactsInput, type ListContactsQuery } from "./model";
import { requirePhone } from "../../core/phone";
import { createdIds, findContactByPhone, importedEvent, insertContact, insertSkippingDuplicates, listContacts, skippedAsDuplicates, withDuplicateCheck } from "./queries";
import type { ContactRow } from "./schema";

/*
 * What the contacts operations do between their declarations (routes.ts) and their SQL (queries.ts):
 * the list with its normalised phone filter, creation, identification by phone mid-call, and import.
 */

/** A page of contacts; the phone filter is read in the company's default region. */
export async function contactPage({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof ListContactsQuery>) {
  const phone = query.phone === undefined ? undefined : requirePhone(query.phone, caller.company.defaultRegion, "query.phone");
  return listContacts(db, caller.company.id, { phone, email: query.email?.toLowerCase(), tag: query.tag }, query);
}

/** A new contact; a phone or email another contact holds is 409 naming it. */
export async function createContact({ db, caller, commit }: Uses<"db" | "caller" | "commit">, body: CreateContactFields) {
  const companyId = caller.company.id;
  const phone = body.phone === undefined ? null : requirePhone(body.phone, caller.company.defaultRegion, "body.phone");
  const email = body.email?.toLowerCase() ?? null;
  const now = nowIso();
  const row: ContactRow = {
    id: crypto.randomUUID(),
    companyId,
    firstName: body.first_name ?? null,
    lastName: body.last_name ?? null,
    phone,
    email,
    companyName: body.company ?? null,
    tags: body.tags ?? [],
    notes: body.notes ?? null,
    customFields: body.custom_fields ?? {},
    source: "api",
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
  const contact = toContact(row);
  refuseOversize(contact);
  await withDuplicateCheck(db, companyId, { phone, email }, undefined, () =>
    commit([insertContact(db, row)], { resourceType: "contact", resourceId: row.id }, [contactCreated.of(contact)]),
  );
  return contact;
}

/**
 * The company's contact with this phone, or a new one (created: true). Two concurrent calls for a
 * new phone create one contact: the unique index lets one insert through and the other answers it.
 */
export async function identifyContact({ db, caller, commit }: Uses<"db" | "caller" | "commit">, body: z.output<typeof IdentifyContactInput>) {
  const companyId = caller.company.id;
  const phone = requirePhone(body.phone, caller.company.defaultRegion, "body.phone");
  const found = await findContactByPhone(db, companyId, phone);
  if (found) return { contact: toContact(found), created: false };
  const now = nowIso();
  const row: ContactRow = {
    id: crypto.randomUUID(),
    companyId,
    firstName: body.first_name ?? null,
    lastName: body.last_name ?? null,
    phone,
    email: null,
    companyName: null,
    tags: [],
    notes: null,
    customFields: {},
    source: "identify",
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
  const contact = toContact(row);
  try {
    await commit([insertContact(db, row)], { resourceType: "contact", resourceId: row.id }, [contactCreated.of(contact)]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another request created the contact between the lookup and the insert.
    const winner = await findContactByPhone(db, companyId, phone);
    if (!winner) throw error;
    return { contact: toContact(winner), created: false };
  }
  return { contact, created: true };
}

/** Valid, new rows in one batch; the database decides which rows it created (concurrent imports skip each other's). */
export async function importContacts({ db, caller, commit }: Uses<"db" | "caller" | "commit">, body: z.output<typeof ImportContactsInput>) {
  const companyId = caller.company.id;
  const { rejected, skippedInImport, candidates } = classifyRows(body.contacts, caller.company.defaultRegion, companyId, nowIso());
  const event = importedEvent(companyId, candidates.map((c) => c.row.id), skippedInImport.length, rejected.length);
  const results = await commit(insertSkippingDuplicates(db, candidates.map((c) => c.row)), { resourceType: "contact", resourceId: null }, [event]);
  const created = createdIds(results);
  const createdContacts = candidates.filter((c) => created.has(c.row.id)).map(({ index, row }) => ({ index, id: row.id }));
  const skippedExisting = await skippedAsDuplicates(db, companyId, candidates.filter((c) => !created.has(c.row.id)));
  const skippedRows = [...skippedInImport, ...skippedExisting].sort((a, b) => a.index - b.index);
  return {
    created: createdContacts.length,
    skipped: skippedRows.length,
    rejected: rejected.length,
    created_contacts: createdContacts,
    skipped_rows: skippedRows,
    rejected_rows: rejected,
  };
}
