import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import {
  addMembers,
  changeContactList,
  contactListView,
  createContactList,
  memberPage,
  removeMembers,
} from "./actions";
import {
  ContactList,
  contactListExample,
  ContactListMember,
  contactListMemberPageExample,
  contactListPageExample,
  CreateContactListInput,
  createContactListExample,
  ListPath,
  MEMBERSHIP_MAX_IDS,
  MembersAdded,
  membersAddedExample,
  MembershipInput,
  membershipExample,
  MembersRemoved,
  membersRemovedExample,
  UpdateContactListInput,
  updateContactListExample,
} from "./model";
import { listContactLists } from "./queries";

export const contactListOperations = [
  defineOperation({
    operationId: "listContactLists",
    method: "get",
    path: "/api/v1/contact-lists",
    summary: "List contact lists",
    description:
      "Contact lists of the key's company with their member counts, newest first (created_at, then id, descending).",
    scope: "contacts:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: OffsetPageQuery },
    responses: {
      200: {
        description: "A page of contact lists",
        schema: offsetEnvelope(ContactList, "ContactListPage", "A page of contact lists, newest first"),
        example: contactListPageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listContactLists(db, caller.company.id, query),
    }),
  }),

  defineOperation({
    operationId: "createContactList",
    method: "post",
    path: "/api/v1/contact-lists",
    summary: "Create a contact list",
    description: "Creates an empty list. Names need not be unique.",
    scope: "contacts:write",
    gate: "W",
    codes: [201, 400, 401, 403, 404, 429, 500],
    request: { body: CreateContactListInput, example: createContactListExample },
    responses: {
      201: {
        description: "The created list",
        schema: ContactList,
        example: { ...contactListExample, member_count: 0 },
      },
    },
    replay: async ({ db, caller }, { resourceId }) =>
      resourceId ? { status: 201, body: await contactListView({ db, caller }, resourceId) } : undefined,
    handler: async ({ db, caller, body, commit }) => ({
      status: 201,
      body: await createContactList({ db, caller, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "getContactList",
    method: "get",
    path: "/api/v1/contact-lists/{list_id}",
    summary: "View a contact list",
    description:
      "One list of the key's company with its member count; any other id (another company's included) is 404.",
    scope: "contacts:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: ListPath },
    responses: { 200: { description: "The list", schema: ContactList, example: contactListExample } },
    handler: async ({ db, caller, params }) => ({
      status: 200,
      body: await contactListView({ db, caller }, params.list_id),
    }),
  }),

  defineOperation({
    operationId: "updateContactList",
    method: "patch",
    path: "/api/v1/contact-lists/{list_id}",
    summary: "Rename or describe a contact list",
    description: "Changes name and/or description (null clears the description). Members are unchanged.",
    scope: "contacts:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: ListPath, body: UpdateContactListInput, example: updateContactListExample },
    responses: {
      200: {
        description: "The list after the change",
        schema: ContactList,
        example: { ...contactListExample, name: "Spring campaign 2026", description: null },
      },
    },
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: await contactListView({ db, caller }, params.list_id),
    }),
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await changeContactList({ db, caller, commit }, { listId: params.list_id, body }),
    }),
  }),

  defineOperation({
    operationId: "listContactListMembers",
    method: "get",
    path: "/api/v1/contact-lists/{list_id}/members",
    summary: "List the contacts of a list",
    description: "Contacts in the list, most recently added first (added_at, then contact id, descending).",
    scope: "contacts:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: ListPath, query: OffsetPageQuery },
    responses: {
      200: {
        description: "A page of the list's contacts",
        schema: offsetEnvelope(
          ContactListMember,
          "ContactListMemberPage",
          "A page of a list's contacts, most recently added first",
        ),
        example: contactListMemberPageExample,
      },
    },
    handler: async ({ db, caller, params, query }) => ({
      status: 200,
      body: await memberPage({ db, caller }, { listId: params.list_id, page: query }),
    }),
  }),

  defineOperation({
    operationId: "addContactListMembers",
    method: "post",
    path: "/api/v1/contact-lists/{list_id}/members",
    summary: "Add contacts to a list",
    description:
      `Adds 1 to ${MEMBERSHIP_MAX_IDS} contacts of the key's company. Idempotent: a contact already in the list is counted ` +
      "in already_members and left unchanged. An id that is not a contact of the company (another company's included) is " +
      "never stored and is returned in not_found; the others are still added.",
    scope: "contacts:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: ListPath, body: MembershipInput, example: membershipExample },
    responses: { 200: { description: "How many contacts joined", schema: MembersAdded, example: membersAddedExample } },
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await addMembers({ db, caller, commit }, { listId: params.list_id, ids: body.contact_ids }),
    }),
  }),

  defineOperation({
    operationId: "removeContactListMembers",
    method: "delete",
    path: "/api/v1/contact-lists/{list_id}/members",
    summary: "Remove contacts from a list",
    description:
      `Removes 1 to ${MEMBERSHIP_MAX_IDS} contacts from the list (body { contact_ids }). Idempotent: ids that are not in the ` +
      "list are returned in not_members. The contacts themselves are never deleted.",
    scope: "contacts:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: ListPath, body: MembershipInput, example: membershipExample },
    responses: {
      200: { description: "How many contacts left", schema: MembersRemoved, example: membersRemovedExample },
    },
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await removeMembers({ db, caller, commit }, { listId: params.list_id, ids: body.contact_ids }),
    }),
  }),
];
