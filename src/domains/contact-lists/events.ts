import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { int32, uuid } from "../../lib/schemas";
import { ContactList, MEMBERSHIP_MAX_IDS } from "./model";

export const contactListCreated = defineEvent("contact_list.created", "A contact list was created.", ContactList);

export const contactListUpdated = defineEvent(
  "contact_list.updated",
  "A contact list was renamed or described; `list` is the list after the change, `changed_fields` the fields the request sent.",
  z.object({
    list: ContactList,
    changed_fields: z
      .array(z.enum(["name", "description"]))
      .max(2)
      .openapi({ description: "The fields the request sent" }),
  }),
);

const MembershipChange = z.object({
  list_id: uuid(),
  count: int32({ max: MEMBERSHIP_MAX_IDS }).openapi({ description: "How many memberships changed" }),
  contact_ids: z.array(uuid()).max(MEMBERSHIP_MAX_IDS),
});

export const contactListMembersAdded = defineEvent(
  "contact_list.members_added",
  "Contacts were added to a list (only those not already in it).",
  MembershipChange,
);

export const contactListMembersRemoved = defineEvent(
  "contact_list.members_removed",
  "Contacts were removed from a list (the contacts themselves are kept).",
  MembershipChange,
);

export const contactListEvents: EventDefinition[] = [
  contactListCreated,
  contactListUpdated,
  contactListMembersAdded,
  contactListMembersRemoved,
];
