import { z } from "@hono/zod-openapi";
import { Contact } from "../contacts";

export const ContactList = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    description: z.string().nullable(),
    member_count: z.number().int().openapi({ description: "Contacts in the list" }),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("ContactList");

export type ContactListView = z.output<typeof ContactList>;

/**
 * The path of one list. The id is documented as a UUID but not checked: any other text is no
 * list of the company, which answers 404 (these operations declare no 400 for the path).
 */
export const ListPath = z.object({
  list_id: z.string().openapi({ description: "Id of a contact list of the key's company", format: "uuid", maxLength: 36 }),
});

export const ContactListMember = Contact.extend({
  added_at: z.string().openapi({ format: "date-time", description: "When the contact joined the list" }),
}).openapi("ContactListMember");

const listName = z.string().trim().min(1).max(200);
const listDescription = z.string().trim().max(2000);

export const CreateContactListInput = z
  .object({
    name: listName,
    description: listDescription.nullish().transform((value) => value ?? undefined),
  })
  .openapi("CreateContactListInput");

export const UpdateContactListInput = z
  .object({
    name: listName.optional(),
    description: listDescription.nullable().optional().openapi({ description: "null clears it" }),
  })
  .refine((patch) => patch.name !== undefined || patch.description !== undefined, { message: "Send name or description." })
  .openapi("UpdateContactListInput");

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
  .openapi("ContactListMembershipInput");

export const MembersAdded = z
  .object({
    added: z.number().int().openapi({ description: "Contacts that joined the list with this call" }),
    already_members: z.number().int().openapi({ description: "Contacts that were already in the list (unchanged)" }),
    not_found: z.array(z.string()).openapi({ description: "Ids that are not contacts of the key's company; nothing was stored for them" }),
  })
  .openapi("ContactListMembersAdded");

export const MembersRemoved = z
  .object({
    removed: z.number().int().openapi({ description: "Contacts that left the list with this call" }),
    not_members: z.array(z.string()).openapi({ description: "Ids that were not in the list (unchanged)" }),
  })
  .openapi("ContactListMembersRemoved");
