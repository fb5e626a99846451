import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { preparedStatement, readRows, selectRow, type Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { versionedUpdate } from "../../data/versioned";
import { changedMeanwhile, precondition } from "../../data/precondition";
import type { OffsetPage } from "../../lib/pagination";
import { chunkedInserts, IN_LIST_MAX, inChunks, qualified } from "../../data/bulk";
import { companyRows, offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { contactOfColumns, contactViewColumns, type RawContactColumns, type toContact } from "../contacts";
import { contacts } from "../contacts";
import { contactListMembers, contactLists } from "./schema";
import type { ContactListView } from "./model";

/** Counted on contact_list_members_company_list_added_idx. */
const memberCount = sql<number>`(SELECT count(*) FROM ${contactListMembers}
  WHERE ${qualified(contactListMembers.companyId)} = ${qualified(contactLists.companyId)}
    AND ${qualified(contactListMembers.listId)} = ${qualified(contactLists.id)})`.mapWith(Number);

const listColumns = {
  id: contactLists.id,
  name: contactLists.name,
  description: contactLists.description,
  member_count: memberCount,
  created_at: contactLists.createdAt,
  updated_at: contactLists.updatedAt,
};

/** Backed by contact_lists_company_created_idx. */
const listKeys: ListKeys = { company: contactLists.companyId, at: contactLists.createdAt, id: contactLists.id };

export function listContactLists(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, contactListPage(db), companyId, page, (row) => row);
}
const contactListPage = preparedStatement((db) =>
  offsetPageQuery(db.select(listColumns).from(contactLists).$dynamic(), listKeys).prepare(),
);

export function findContactList(db: Database, companyId: string, listId: string): Promise<ContactListView | undefined> {
  return selectRow(db, contactListOf(db), { companyId, id: listId });
}
const contactListOf = preparedStatement((db) =>
  db
    .select(listColumns)
    .from(contactLists)
    .where(rowOf(contactLists, sql.placeholder("companyId"), sql.placeholder("id")))
    .prepare(),
);

/** The list as findContactList shows it, and the version a compare-and-set write compares against. */
export async function findContactListForWrite(db: Database, companyId: string, listId: string) {
  const row = await selectRow(db, contactListForWrite(db), { companyId, id: listId });
  if (!row) return undefined;
  const { version, ...list } = row;
  return { list: list as ContactListView, version };
}

const contactListForWrite = preparedStatement((db) =>
  db
    .select({ ...listColumns, version: contactLists.version })
    .from(contactLists)
    .where(rowOf(contactLists, sql.placeholder("companyId"), sql.placeholder("id")))
    .prepare(),
);

/** A new, empty list of the company. */
export const insertContactList = (db: Database, companyId: string, list: ContactListView) =>
  db.insert(contactLists).values({
    id: list.id,
    companyId,
    name: list.name,
    description: list.description,
    createdAt: list.created_at,
    updatedAt: list.updated_at,
  });

/** The list's name and description as `list` shows them, compare-and-set on the version read (`version`). */
export const updateContactList = (db: Database, companyId: string, list: ContactListView, version: number) =>
  versionedUpdate(
    db,
    contactLists,
    { companyId, id: list.id, version },
    { name: list.name, description: list.description, updatedAt: list.updated_at },
    "contact list",
  );

/** How many of these contacts are members of the list, counted inside the write's batch (one JSON parameter for the ids). */
const membersAmong = (companyId: string, listId: string, contactIds: readonly string[]) =>
  sql`(SELECT count(*) FROM ${contactListMembers} WHERE ${ofCompany(contactListMembers, companyId, eq(contactListMembers.listId, listId))}
    AND ${contactListMembers.contactId} IN (SELECT value FROM json_each(${JSON.stringify(contactIds)})))`;

/** Compare-and-set for membership changes: the members among `contactIds` are still `expected` of them. */
export const membershipUnchanged = (
  db: Database,
  companyId: string,
  listId: string,
  contactIds: readonly string[],
  expected: number,
) =>
  precondition(db, sql`${membersAmong(companyId, listId, contactIds)} = ${expected}`, () =>
    changedMeanwhile("list's membership"),
  );

/** Members newest first (added_at, then contact id, descending); backed by contact_list_members_company_list_added_idx. */
/** Members in the order they joined, newest first; backed by contact_list_members_company_list_added_idx. */
const memberKeys: ListKeys = {
  company: contactListMembers.companyId,
  at: contactListMembers.addedAt,
  id: contactListMembers.contactId,
};

/** A member page's columns: the contact's, as its view shows them, and when it joined the list. */
const memberColumns = { ...contactViewColumns, addedAt: contactListMembers.addedAt };
type MemberRow = RawContactColumns & { addedAt: string };

/** The member page, prepared once per database: the list's members joined to their contacts, paged by placeholders. */
const memberPage = preparedStatement((db) =>
  companyRows(
    db
      .select(memberColumns)
      .from(contactListMembers)
      .innerJoin(
        contacts,
        and(eq(contacts.id, contactListMembers.contactId), eq(contacts.companyId, contactListMembers.companyId)),
      )
      .$dynamic(),
    memberKeys,
    sql.placeholder("companyId"),
    eq(contactListMembers.listId, sql.placeholder("listId")),
  )
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

export async function listMembers(db: Database, companyId: string, listId: string, page: OffsetPage) {
  const data = await readRows<MemberRow, ReturnType<typeof toContact> & { added_at: string }>(
    db,
    memberPage(db),
    memberColumns,
    { companyId, listId, limit: page.limit, offset: page.offset },
    (column) => ({
      ...contactOfColumns(column),
      added_at: column("addedAt"),
    }),
  );
  return { data, limit: page.limit, offset: page.offset };
}

/** Which of these ids are contacts of the company (the only ones a list may hold). */
export async function companyContactIds(db: Database, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(
    inChunks(ids, IN_LIST_MAX).map((chunk) =>
      db
        .select({ id: contacts.id })
        .from(contacts)
        .where(ofCompany(contacts, companyId, inArray(contacts.id, chunk))),
    ),
  );
  return new Set(found.flat().map((row) => row.id));
}

/** Which of these contact ids are already in the list. */
export async function memberIds(
  db: Database,
  companyId: string,
  listId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = await Promise.all(
    inChunks(ids, IN_LIST_MAX).map((chunk) =>
      db
        .select({ id: contactListMembers.contactId })
        .from(contactListMembers)
        .where(
          ofCompany(
            contactListMembers,
            companyId,
            eq(contactListMembers.listId, listId),
            inArray(contactListMembers.contactId, chunk),
          ),
        ),
    ),
  );
  return new Set(found.flat().map((row) => row.id));
}

/** Inserts memberships; a membership that appeared meanwhile is left as it is (idempotent). */
export function addMemberStatements(
  db: Database,
  companyId: string,
  listId: string,
  contactIds: readonly string[],
  addedAt: string,
): BatchItem<"sqlite">[] {
  const rows = contactIds.map((contactId) => ({ listId, contactId, companyId, addedAt }));
  return chunkedInserts(db, contactListMembers, rows, (insert) => insert.onConflictDoNothing());
}

/** Deletes memberships only; the contacts stay. */
export function removeMemberStatements(
  db: Database,
  companyId: string,
  listId: string,
  contactIds: readonly string[],
): BatchItem<"sqlite">[] {
  return inChunks(contactIds, IN_LIST_MAX).map((chunk) =>
    db
      .delete(contactListMembers)
      .where(
        ofCompany(
          contactListMembers,
          companyId,
          eq(contactListMembers.listId, listId),
          inArray(contactListMembers.contactId, chunk),
        ),
      ),
  );
}
