import { defineOperation } from "../../core/operation";
import { offsetEnvelope } from "../../lib/pagination";
import { changeContact, contactPage, contactView, createContact, identifyContact, importContacts } from "./actions";
import {
  Contact,
  contactExample,
  contactPageExample,
  ContactPath,
  CreateContactInput,
  createContactExample,
  identifiedContactExample,
  IdentifyContactInput,
  identifyContactExample,
  IdentifyResult,
  IMPORT_MAX_ROWS,
  ImportContactsInput,
  importContactsExample,
  ImportContactsResult,
  importContactsResultExample,
  ListContactsQuery,
  MAX_CUSTOM_FIELDS,
  UpdateContactInput,
  updateContactExample,
} from "./model";

export const contactOperations = [
  defineOperation({
    operationId: "listContacts",
    method: "get",
    path: "/api/v1/contacts",
    summary: "List contacts",
    description:
      "Contacts of the key's company, newest first (created_at, then id, descending). Optional exact filters: phone " +
      "(normalised to E.164 with the company's default region; an unreadable phone is 400), email, tag.",
    scope: "contacts:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    mcp: { listedByDefault: true },
    request: { query: ListContactsQuery },
    responses: {
      200: {
        description: "A page of contacts",
        schema: offsetEnvelope(Contact, "ContactPage", "A page of contacts, newest first"),
        example: contactPageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await contactPage({ db, caller }, query) }),
  }),

  defineOperation({
    operationId: "createContact",
    method: "post",
    path: "/api/v1/contacts",
    summary: "Create a contact",
    description:
      "Creates a contact. It needs a phone or an email. The phone is stored in E.164 (a number without country code " +
      "is read in the company's default region; an unreadable one is 400). A company holds one contact per phone and " +
      "one per email (emails compared case-insensitively): a second one is 409 conflict, whose existing_contact_id names the holder.",
    scope: "contacts:write",
    gate: "W",
    codes: [201, 400, 401, 403, 404, 409, 429, 500],
    mcp: { listedByDefault: true },
    request: { body: CreateContactInput, example: createContactExample },
    responses: { 201: { description: "The created contact", schema: Contact, example: contactExample } },
    replay: async ({ db, caller }, { resourceId }) =>
      resourceId ? { status: 201, body: await contactView({ db, caller }, resourceId) } : undefined,
    handler: async ({ db, caller, body, commit }) => ({
      status: 201,
      body: await createContact({ db, caller, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "getContact",
    method: "get",
    path: "/api/v1/contacts/{contact_id}",
    summary: "View a contact",
    description: "One contact of the key's company; any other id (another company's included) is 404.",
    scope: "contacts:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    mcp: { listedByDefault: true },
    request: { params: ContactPath },
    responses: { 200: { description: "The contact", schema: Contact, example: contactExample } },
    handler: async ({ db, caller, params }) => ({
      status: 200,
      body: await contactView({ db, caller }, params.contact_id),
    }),
  }),

  defineOperation({
    operationId: "updateContact",
    method: "patch",
    path: "/api/v1/contacts/{contact_id}",
    summary: "Update a contact",
    description:
      "Changes the fields sent: an omitted field stays, null clears it, tags are replaced, custom_fields are merged " +
      `(a null value removes that field; the merged result may hold at most ${MAX_CUSTOM_FIELDS}). The contact must keep a ` +
      "phone or an email. Taking another contact's phone or email is 409 conflict naming it (existing_contact_id). " +
      "Concurrent updates never lose each other's changes: each applies to the contact as the other left it.",
    scope: "contacts:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 409, 429, 500],
    request: { params: ContactPath, body: UpdateContactInput, example: updateContactExample },
    responses: { 200: { description: "The contact after the change", schema: Contact, example: contactExample } },
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: await contactView({ db, caller }, params.contact_id),
    }),
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await changeContact({ db, caller, commit }, { contactId: params.contact_id, body }),
    }),
  }),

  defineOperation({
    operationId: "identifyContact",
    method: "post",
    path: "/api/v1/contacts/identify",
    summary: "Identify a contact by phone",
    description:
      "For an agent mid-call: finds the company's contact with this phone (normalised to E.164 with the company's " +
      "default region; one indexed lookup), or creates one when there is none, and says which happened in `created`. " +
      "Always 200. first_name and last_name are used only when creating. A lookup that finds the contact writes nothing " +
      "(no audit entry, no event); a creation is audited and emits contact.created. Two concurrent calls for a new phone " +
      "create one contact; the other call answers it with created false.",
    scope: "contacts:write",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { body: IdentifyContactInput, example: identifyContactExample },
    responses: {
      200: { description: "The contact found or created", schema: IdentifyResult, example: identifiedContactExample },
    },
    // A batch is written only when the call created the contact (a lookup that finds it writes nothing).
    replay: async ({ db, caller }, { resourceId }) =>
      resourceId
        ? { status: 200, body: { contact: await contactView({ db, caller }, resourceId), created: true } }
        : undefined,
    handler: async ({ db, caller, body, commit }) => ({
      status: 200,
      body: await identifyContact({ db, caller, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "importContacts",
    method: "post",
    path: "/api/v1/contacts/import",
    summary: "Import contacts in bulk",
    description:
      `Imports 1 to ${IMPORT_MAX_ROWS} contacts (body at most 1 MiB). Each row is validated like POST /contacts: an invalid ` +
      "row is rejected (listed with its index and reason) and the valid rows are still stored. A row whose phone or " +
      "email an existing contact, or an earlier row of the same import, already has is skipped, not updated; this holds " +
      "under concurrent imports too (the database decides which rows it created). The rows are written in one D1 batch, " +
      "so an import is stored whole or not at all. Answers 201 with the counts even when no row was created. Emits one " +
      "contacts.imported event (not one contact.created per row).",
    scope: "contacts:write",
    gate: "W",
    codes: [201, 400, 401, 403, 404, 429, 500],
    request: { body: ImportContactsInput, example: importContactsExample },
    responses: {
      201: {
        description: "What the import did, row by row",
        schema: ImportContactsResult,
        example: importContactsResultExample,
      },
    },
    handler: async ({ db, caller, body, commit }) => ({
      status: 201,
      body: await importContacts({ db, caller, commit }, body),
    }),
  }),
];
