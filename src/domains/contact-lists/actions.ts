import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { retryOnConflict } from "../../data/precondition";
import { nowIso } from "../../data/schema";
import { updateWithVersion } from "../../data/versioned";
import { notFound, orNotFound } from "../../lib/errors";
import type { OffsetPage } from "../../lib/pagination";
import { contactListCreated, contactListMembersAdded, contactListMembersRemoved, contactListUpdated } from "./events";
import type {
  ContactListView,
  CreateContactListInput,
  MembersAdded,
  MembersRemoved,
  UpdateContactListInput,
} from "./model";
import {
  addMemberStatements,
  companyContactIds,
  findContactList,
  findContactListForWrite,
  insertContactList,
  listMembers,
  memberIds,
  membershipUnchanged,
  removeMemberStatements,
  updateContactList,
} from "./queries";

/* What the contact-list writes do between their declarations (routes.ts) and their SQL (queries.ts). */

/** One list of the company; any other id is 404. */
export function contactListView({ db, caller }: Uses<"db" | "caller">, listId: string): Promise<ContactListView> {
  return orNotFound(findContactList(db, caller.company.id, listId), "contact list");
}

/** A page of the members of one list of the company (404 for any other list). */
export async function memberPage(
  { db, caller }: Uses<"db" | "caller">,
  { listId, page }: { listId: string; page: OffsetPage },
) {
  const list = await contactListView({ db, caller }, listId);
  return listMembers(db, caller.company.id, list.id, page);
}

/** A new, empty list. */
export async function createContactList(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof CreateContactListInput>,
): Promise<ContactListView> {
  const now = nowIso();
  const list: ContactListView = {
    id: crypto.randomUUID(),
    name: body.name,
    description: body.description ?? null,
    member_count: 0,
    created_at: now,
    updated_at: now,
  };
  await commit(
    [insertContactList(db, caller.company.id, list)],
    { resourceType: "contact_list", resourceId: list.id },
    [contactListCreated.of(list)],
  );
  return list;
}

/** Adds the company's contacts among `ids` to the list; ids of no contact of the company come back in not_found. */
export async function addMembers(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { listId, ids }: { listId: string; ids: readonly string[] },
): Promise<z.input<typeof MembersAdded>> {
  const companyId = caller.company.id;
  const list = await findContactList(db, companyId, listId);
  if (!list) throw notFound("contact list");
  const found = await companyContactIds(db, companyId, ids);
  const candidates = ids.filter((id) => found.has(id));
  // The counts and the event say who this request added: none of them may have joined meanwhile.
  const { toAdd, already } = await retryOnConflict(async () => {
    const already = await memberIds(db, companyId, list.id, candidates);
    const toAdd = candidates.filter((id) => !already.has(id));
    await commit(
      [
        membershipUnchanged(db, companyId, list.id, toAdd, 0),
        ...addMemberStatements(db, companyId, list.id, toAdd, nowIso()),
      ],
      { resourceType: "contact_list", resourceId: list.id },
      toAdd.length > 0
        ? [contactListMembersAdded.of({ list_id: list.id, count: toAdd.length, contact_ids: toAdd })]
        : [],
    );
    return { toAdd, already };
  });
  return {
    added: toAdd.length,
    already_members: ids.filter((id) => already.has(id)).length,
    not_found: ids.filter((id) => !found.has(id)),
  };
}

/** Removes the members among `ids` from the list; the others come back in not_members. */
export async function removeMembers(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { listId, ids }: { listId: string; ids: readonly string[] },
): Promise<z.input<typeof MembersRemoved>> {
  const companyId = caller.company.id;
  const list = await findContactList(db, companyId, listId);
  if (!list) throw notFound("contact list");
  // The counts and the event say who this request removed: all of them must still be members.
  const { toRemove, members } = await retryOnConflict(async () => {
    const members = await memberIds(db, companyId, list.id, ids);
    const toRemove = ids.filter((id) => members.has(id));
    await commit(
      [
        membershipUnchanged(db, companyId, list.id, toRemove, toRemove.length),
        ...removeMemberStatements(db, companyId, list.id, toRemove),
      ],
      { resourceType: "contact_list", resourceId: list.id },
      toRemove.length > 0
        ? [contactListMembersRemoved.of({ list_id: list.id, count: toRemove.length, contact_ids: toRemove })]
        : [],
    );
    return { toRemove, members };
  });
  return { removed: toRemove.length, not_members: ids.filter((id) => !members.has(id)) };
}

/** The answer and the event show the list as this write left it: compare-and-set on the version read. */
export async function changeContactList(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { listId, body }: { listId: string; body: z.output<typeof UpdateContactListInput> },
): Promise<ContactListView> {
  const companyId = caller.company.id;
  const changedFields = (["name", "description"] as const).filter((field) => body[field] !== undefined);
  return updateWithVersion(
    "contact list",
    () => findContactListForWrite(db, companyId, listId),
    async ({ list: current, version }) => {
      const list: ContactListView = {
        ...current,
        name: body.name ?? current.name,
        description: body.description === undefined ? current.description : body.description,
        updated_at: nowIso(),
      };
      await commit(
        updateContactList(db, companyId, list, version),
        { resourceType: "contact_list", resourceId: current.id },
        [contactListUpdated.of({ list, changed_fields: changedFields })],
      );
      return list;
    },
  );
}
