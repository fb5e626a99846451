import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { isUniqueViolation } from "../../data/bulk";
import { nowIso } from "../../data/schema";
import { orNotFound } from "../../lib/errors";
import { updateWithVersion } from "../../data/versioned";
import { contactCreated, contactUpdated } from "./events";
import { classifyRows } from "./import";
import {
  applyContactPatch,
  refuseOversize,
  toContact,
  type CreateContactFields,
  type IdentifyContactInput,
  type ImportContactsInput,
  type ListContactsQuery,
  type UpdateContactInput,
} from "./model";
import { requirePhone } from "../../lib/phone";
import {
  createdIds,
  findContact,
  findContactByPhone,
  importedEvent,
  insertContact,
  insertSkippingDuplicates,
  listContacts,
  skippedAsDuplicates,
  updateContact,
  withDuplicateCheck,
} from "./queries";
import type { ContactRow } from "./schema";

/*
 * What the contacts operations do between their declarations (routes.ts) and their SQL (queries.ts):
 * the list with its normalised phone filter, a read, creation, update, identification by phone mid-call, and import.
 */

/** A page of contacts; the phone filter is read in the company's default region. */
export async function contactPage({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof ListContactsQuery>) {
  const phone =
    query.phone === undefined ? undefined : requirePhone(query.phone, caller.company.defaultRegion, "query.phone");
  return listContacts(db, caller.company.id, { phone, email: query.email?.toLowerCase(), tag: query.tag }, query);
}

/** One contact of the company; any other id is 404. */
export async function contactView({ db, caller }: Uses<"db" | "caller">, contactId: string) {
  return toContact(await orNotFound(findContact(db, caller.company.id, contactId), "contact"));
}

/** The row of a contact created now, at version 0, with what `fields` give it. */
function newContactRow(
  companyId: string,
  source: ContactRow["source"],
  fields: Omit<ContactRow, "id" | "companyId" | "source" | "createdAt" | "updatedAt" | "version">,
): ContactRow {
  const now = nowIso();
  return { id: crypto.randomUUID(), companyId, ...fields, source, createdAt: now, updatedAt: now, version: 0 };
}

/** A new contact; a phone or email another contact holds is 409 naming it. */
export async function createContact(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: CreateContactFields,
) {
  const companyId = caller.company.id;
  const phone = body.phone === undefined ? null : requirePhone(body.phone, caller.company.defaultRegion, "body.phone");
  const email = body.email?.toLowerCase() ?? null;
  const row = newContactRow(companyId, "api", {
    firstName: body.first_name ?? null,
    lastName: body.last_name ?? null,
    phone,
    email,
    companyName: body.company ?? null,
    tags: body.tags ?? [],
    notes: body.notes ?? null,
    customFields: body.custom_fields ?? {},
  });
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
export async function identifyContact(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof IdentifyContactInput>,
) {
  const companyId = caller.company.id;
  const phone = requirePhone(body.phone, caller.company.defaultRegion, "body.phone");
  const found = await findContactByPhone(db, companyId, phone);
  if (found) return { contact: toContact(found), created: false };
  const row = newContactRow(companyId, "identify", {
    firstName: body.first_name ?? null,
    lastName: body.last_name ?? null,
    phone,
    email: null,
    companyName: null,
    tags: [],
    notes: null,
    customFields: {},
  });
  const contact = toContact(row);
  try {
    await commit([insertContact(db, row)], { resourceType: "contact", resourceId: row.id }, [
      contactCreated.of(contact),
    ]);
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
export async function importContacts(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof ImportContactsInput>,
) {
  const companyId = caller.company.id;
  const { rejected, skippedInImport, candidates } = classifyRows(
    body.contacts,
    caller.company.defaultRegion,
    companyId,
    nowIso(),
  );
  const event = importedEvent(
    companyId,
    candidates.map((c) => c.row.id),
    skippedInImport.length,
    rejected.length,
  );
  const results = await commit(
    insertSkippingDuplicates(
      db,
      candidates.map((c) => c.row),
    ),
    { resourceType: "contact", resourceId: null },
    [event],
  );
  const created = createdIds(results);
  const createdContacts = candidates
    .filter((c) => created.has(c.row.id))
    .map(({ index, row }) => ({ index, id: row.id }));
  const skippedExisting = await skippedAsDuplicates(
    db,
    companyId,
    candidates.filter((c) => !created.has(c.row.id)),
  );
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

/**
 * The fields sent merged into the contact as read, written only if no other write moved it
 * meanwhile (compare-and-set on its version); if one did, merge again into the new state.
 */
export async function changeContact(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { contactId, body }: { contactId: string; body: z.output<typeof UpdateContactInput> },
) {
  const companyId = caller.company.id;
  const phoneSent =
    body.phone === undefined || body.phone === null
      ? body.phone
      : requirePhone(body.phone, caller.company.defaultRegion, "body.phone");
  const changedFields = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined);
  return updateWithVersion(
    "contact",
    () => findContact(db, companyId, contactId),
    async (current) => {
      const next = applyContactPatch(current, body, phoneSent);
      const { id: _id, companyId: _company, createdAt: _created, source: _source, ...changes } = next;
      const contact = toContact(next);
      refuseOversize(contact);
      const wanted = {
        phone: body.phone === undefined ? null : next.phone,
        email: body.email === undefined ? null : next.email,
      };
      await withDuplicateCheck(db, companyId, wanted, current.id, () =>
        commit(updateContact(db, companyId, current, changes), { resourceType: "contact", resourceId: current.id }, [
          contactUpdated.of({ contact, changed_fields: changedFields }),
        ]),
      );
      return contact;
    },
  );
}
