import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { int32, uuid } from "../../lib/schemas";
import { Contact, IMPORT_MAX_ROWS } from "./model";

export const contactCreated = defineEvent(
  "contact.created",
  "A contact was created (POST /contacts, or POST /contacts/identify when no contact had the phone).",
  Contact,
);

export const contactUpdated = defineEvent(
  "contact.updated",
  "A contact was changed; `contact` is the contact after the change, `changed_fields` the fields the request sent.",
  z.object({
    contact: Contact,
    changed_fields: z.array(z.string()).max(20).openapi({ description: "The fields the request sent" }),
  }),
);

export const contactsImported = defineEvent(
  "contacts.imported",
  "A batch import finished: counts of created, skipped (duplicate) and rejected (invalid) rows, and the ids created.",
  z.object({
    created: int32({ max: IMPORT_MAX_ROWS }),
    skipped: int32({ max: IMPORT_MAX_ROWS }),
    rejected: int32({ max: IMPORT_MAX_ROWS }),
    contact_ids: z.array(uuid()).max(IMPORT_MAX_ROWS).openapi({ description: "The contacts created" }),
  }),
);

export const contactEvents: EventDefinition[] = [contactCreated, contactUpdated, contactsImported];
