import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../core/events";
import { Contact } from "./model";

export const contactCreated = defineEvent(
  "contact.created",
  "A contact was created (POST /contacts, or POST /contacts/identify when no contact had the phone).",
  Contact,
);

export const contactUpdated = defineEvent(
  "contact.updated",
  "A contact was changed; `contact` is the contact after the change, `changed_fields` the fields the request sent.",
  z.object({ contact: Contact, changed_fields: z.array(z.string()) }),
);

export const contactsImported = defineEvent(
  "contacts.imported",
  "A batch import finished: counts of created, skipped (duplicate) and rejected (invalid) rows, and the ids created.",
  z.object({
    created: z.number().int(),
    skipped: z.number().int(),
    rejected: z.number().int(),
    contact_ids: z.array(z.string().uuid()),
  }),
);

export const contactEvents: EventDefinition[] = [contactCreated, contactUpdated, contactsImported];
