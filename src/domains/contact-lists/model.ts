import { z } from "@hono/zod-openapi";
import type { ExampleRow } from "../../core/examples";
import { int32, requireSome, timestamp, uuid } from "../../lib/schemas";
import { Contact, contactExample, exampleContactIds } from "../contacts";
import { contactLists } from "./schema";

export const ContactList = z
  .object({
    id: uuid(),
    name: z.string(),
    description: z.string().nullable(),
    member_count: int32().openapi({ description: "Contacts in the list" }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("ContactList", {
    description: "A named list of the company's contacts (a campaign audience and the like), with its member count.",
  });

export type ContactListView = z.output<typeof ContactList>;

/**
 * The path of one list. The id is documented as a UUID but not checked: any other text is no
 * list of the company, which answers 404 (these operations declare no 400 for the path).
 */
export const ListPath = z.object({
  list_id: z
    .string()
    .openapi({ description: "Id of a contact list of the key's company", format: "uuid", maxLength: 36 }),
});

export const ContactListMember = Contact.extend({
  added_at: timestamp().openapi({ description: "When the contact joined the list" }),
}).openapi("ContactListMember", { description: "A contact of a list, with when it joined the list." });

const listName = z.string().trim().min(1).max(200);
const listDescription = z.string().trim().max(2000);

export const CreateContactListInput = z
  .object({
    name: listName,
    description: listDescription.nullish().transform((value) => value ?? undefined),
  })
  .openapi("CreateContactListInput", { description: "A list to create: its name and an optional description." });

export const UpdateContactListInput = requireSome(
  z.object({
    name: listName.optional(),
    description: listDescription.nullable().optional().openapi({ description: "null clears it" }),
  }),
  "Send name or description.",
).openapi("UpdateContactListInput", {
  description: "A new name, description, or both (null clears the description).",
});

export const MEMBERSHIP_MAX_IDS = 1000;

export const MembershipInput = z
  .object({
    contact_ids: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(MEMBERSHIP_MAX_IDS)
      .transform((ids) => [...new Set(ids)])
      .openapi({ description: `1 to ${MEMBERSHIP_MAX_IDS} contact ids; repeats count once` }),
  })
  .openapi("ContactListMembershipInput", { description: "The contacts to add to, or remove from, a list." });

export const MembersAdded = z
  .object({
    added: int32({ max: MEMBERSHIP_MAX_IDS }).openapi({ description: "Contacts that joined the list with this call" }),
    already_members: int32({ max: MEMBERSHIP_MAX_IDS }).openapi({
      description: "Contacts that were already in the list (unchanged)",
    }),
    not_found: z
      .array(z.string())
      .max(MEMBERSHIP_MAX_IDS)
      .openapi({ description: "Ids that are not contacts of the key's company; nothing was stored for them" }),
  })
  .openapi("ContactListMembersAdded", {
    description:
      "What adding members did: how many joined, how many already were members, and the ids that are no contact of the company.",
  });

export const MembersRemoved = z
  .object({
    removed: int32({ max: MEMBERSHIP_MAX_IDS }).openapi({ description: "Contacts that left the list with this call" }),
    not_members: z
      .array(z.string())
      .max(MEMBERSHIP_MAX_IDS)
      .openapi({ description: "Ids that were not in the list (unchanged)" }),
  })
  .openapi("ContactListMembersRemoved", {
    description: "What removing members did: how many left, and the ids that were not in the list.",
  });

/** The list the document's examples name (a campaign's audience). */
export const exampleListId = "4a6c8e0b-2d4f-4a6c-8e0b-2d4f6a8c0e2b";

/** A company's row for it: its oldest list. */
export const listExampleRows: readonly ExampleRow[] = [
  { id: exampleListId, table: contactLists, order: [contactLists.createdAt, contactLists.id] },
];

export const contactListExample: z.input<typeof ContactList> = {
  id: exampleListId,
  name: "Spring campaign",
  description: "Leads from the March fair",
  member_count: 42,
  created_at: "2026-03-20T09:00:00.000Z",
  updated_at: "2026-04-26T10:15:30.000Z",
};

export const contactListPageExample = { data: [contactListExample], limit: 50, offset: 0 };

export const contactListMemberPageExample = {
  data: [{ ...contactExample, added_at: "2026-04-26T10:20:00.000Z" }],
  limit: 50,
  offset: 0,
};

export const createContactListExample: z.input<typeof CreateContactListInput> = {
  name: "Spring campaign",
  description: "Leads from the March fair",
};

export const updateContactListExample: z.input<typeof UpdateContactListInput> = {
  name: "Spring campaign 2026",
  description: null,
};

export const membershipExample: z.input<typeof MembershipInput> = {
  contact_ids: [...exampleContactIds],
};

export const membersAddedExample: z.input<typeof MembersAdded> = { added: 1, already_members: 1, not_found: [] };

export const membersRemovedExample: z.input<typeof MembersRemoved> = { removed: 2, not_members: [] };
