import { z } from "@hono/zod-openapi";
import type { ExampleRow } from "../../core/examples";
import { nowIso } from "../../data/schema";
import { invalidField } from "../../lib/errors";
import { OffsetPageQuery } from "../../lib/pagination";
import { email, int32, namedValues, optional, requireSome, timestamp, uuid } from "../../lib/schemas";
import { personal } from "../../lib/redaction";
import { contacts, type ContactRow, type CustomFieldValue } from "./schema";

/** The contact as the API shows it, in responses and in event data. */
export const Contact = z
  .object({
    id: uuid(),
    name: personal(z.string())
      .nullable()
      .openapi({ description: "Display name: first_name and last_name joined (read only)" }),
    first_name: personal(z.string()).nullable(),
    last_name: personal(z.string()).nullable(),
    phone: personal(z.string())
      .nullable()
      .openapi({ description: "E.164", pattern: "^\\+[1-9][0-9]{1,14}$", example: "+34612345678" }),
    email: personal(z.string()).nullable().openapi({ format: "email", description: "Lower case" }),
    company: z.string().nullable().openapi({ description: "The contact's organisation" }),
    tags: z.array(z.string()).max(50),
    notes: z.string().nullable(),
    custom_fields: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .openapi({ description: "Up to 50 named values", maxProperties: 50 }),
    source: z.enum(["api", "import", "identify", "seed"]).openapi({ description: "How the contact was created" }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("Contact", {
    description:
      "A contact of the company (CRM): one per phone and one per email, in responses and in contact.* event data.",
  });

export type ContactView = z.output<typeof Contact>;

/** A contact's public view (its tenant and version are not part of it). */
export function toContact(row: Omit<ContactRow, "companyId" | "version">): ContactView {
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  return {
    id: row.id,
    name: name === "" ? null : name,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    email: row.email,
    company: row.companyName,
    tags: row.tags,
    notes: row.notes,
    custom_fields: row.customFields,
    source: row.source,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

const MAX_TAGS = 50;
/** A contact travels whole in contact.* events, whose bodies the outbox caps at 64 KB. */
const MAX_CONTACT_BYTES = 32 * 1024;

/** Why a contact is too large to store, or undefined. */
export function oversizeReason(contact: ContactView): string | undefined {
  const bytes = new TextEncoder().encode(JSON.stringify(contact)).byteLength;
  return bytes > MAX_CONTACT_BYTES
    ? `The contact is ${bytes} bytes as JSON; at most ${MAX_CONTACT_BYTES} (notes and custom_fields count).`
    : undefined;
}
export const MAX_CUSTOM_FIELDS = 50;
/** A PATCH may remove every field and set as many others. */
const MAX_CUSTOM_FIELDS_PATCH = 2 * MAX_CUSTOM_FIELDS;

const personName = personal(z.string().trim().min(1).max(200));
const phoneText = personal(
  z.string().trim().min(1).max(40).openapi({
    description:
      "Any usual notation; stored in E.164. Without a country code it is read in the company's default region.",
    example: "+34 612 345 678",
  }),
);
const emailText = personal(email().openapi({ description: "Stored in lower case" }));
const companyText = z.string().trim().max(200);
const notesText = z.string().max(10_000);
const tag = z.string().trim().min(1).max(50);
const tagList = z
  .array(tag)
  .max(MAX_TAGS)
  .transform((tags) => [...new Set(tags)])
  .openapi({ description: `Up to ${MAX_TAGS} tags of 1 to 50 characters; duplicates are dropped` });
const fieldKeyMessage = "Custom field names are 1 to 64 letters, digits, _ . or -.";
const fieldKey = z
  .string()
  .max(64, fieldKeyMessage)
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, fieldKeyMessage);
const fieldValue = z.union([z.string().max(500), z.number(), z.boolean()]);
const withinFieldLimit = (fields: Record<string, unknown>) => Object.keys(fields).length <= MAX_CUSTOM_FIELDS;
const fieldLimitMessage = `At most ${MAX_CUSTOM_FIELDS} custom fields.`;

const contactFields = {
  first_name: optional(personName),
  last_name: optional(personName),
  phone: optional(phoneText),
  email: optional(emailText),
  company: optional(companyText),
  tags: optional(tagList),
  notes: optional(notesText),
  custom_fields: optional(
    namedValues(fieldKey, fieldValue)
      .refine(withinFieldLimit, fieldLimitMessage)
      .openapi({
        description: `Up to ${MAX_CUSTOM_FIELDS} named values (string, number or boolean)`,
        maxProperties: MAX_CUSTOM_FIELDS,
      }),
  ),
};

/** The name of the contact input in the document, which the import's rows refer to. */
const CONTACT_INPUT = "CreateContactInput";

export const CreateContactInput = requireSome(z.object(contactFields), "A contact needs a phone or an email.", {
  names: ["phone", "email"],
  path: "phone",
}).openapi(CONTACT_INPUT, {
  description: "A contact to create: a phone or an email at least. Also the shape of each row of an import.",
});
export type CreateContactFields = z.output<typeof CreateContactInput>;

/** PATCH: omitted fields stay; null clears a field; custom_fields merge (a null value removes that field). */
export const UpdateContactInput = requireSome(
  z.object({
    first_name: personName.nullable().optional(),
    last_name: personName.nullable().optional(),
    phone: phoneText.nullable().optional(),
    email: emailText.nullable().optional(),
    company: companyText.nullable().optional(),
    tags: tagList.nullable().optional().openapi({ description: "Replaces the tags; null clears them" }),
    notes: notesText.nullable().optional(),
    custom_fields: namedValues(fieldKey, fieldValue.nullable())
      .refine(
        (fields) => Object.keys(fields).length <= MAX_CUSTOM_FIELDS_PATCH,
        `At most ${MAX_CUSTOM_FIELDS_PATCH} custom fields in one change.`,
      )
      .optional()
      .openapi({
        description: `Merged into the contact's custom fields; a null value removes that field. At most ${MAX_CUSTOM_FIELDS_PATCH} names in one change (replacing all ${MAX_CUSTOM_FIELDS} with others)`,
        maxProperties: MAX_CUSTOM_FIELDS_PATCH,
      }),
  }),
  "Send at least one field to change.",
).openapi("UpdateContactInput", {
  description:
    "The fields to change: an omitted field stays, null clears it, tags are replaced, custom_fields are merged.",
});

export const IdentifyContactInput = z
  .object({
    phone: phoneText,
    first_name: optional(personName).openapi({ description: "Used only when the contact is created" }),
    last_name: optional(personName).openapi({ description: "Used only when the contact is created" }),
  })
  .openapi("IdentifyContactInput", {
    description: "The phone to look up (and the names to use if a contact is created).",
  });

const mergeCustomFields = (
  current: Record<string, CustomFieldValue>,
  patch: Record<string, CustomFieldValue | null>,
): Record<string, CustomFieldValue> => {
  const merged: Record<string, CustomFieldValue> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
};

/** The contact after a PATCH: omitted fields stay, null clears, tags are replaced, custom_fields merge. */
export function applyContactPatch(
  current: ContactRow,
  body: z.output<typeof UpdateContactInput>,
  phoneSent: string | null | undefined,
): ContactRow {
  const phone = phoneSent === undefined ? current.phone : phoneSent;
  const email = body.email === undefined ? current.email : (body.email?.toLowerCase() ?? null);
  if (phone === null && email === null)
    throw invalidField("body.phone", "A contact needs a phone or an email; this change would leave it with neither.");
  const customFields =
    body.custom_fields === undefined
      ? current.customFields
      : mergeCustomFields(current.customFields, body.custom_fields);
  if (Object.keys(customFields).length > MAX_CUSTOM_FIELDS) {
    throw invalidField(
      "body.custom_fields",
      `The contact would have ${Object.keys(customFields).length} custom fields; at most ${MAX_CUSTOM_FIELDS} (a null value removes one).`,
    );
  }
  const pick = <K extends keyof ContactRow>(sent: ContactRow[K] | undefined, key: K): ContactRow[K] =>
    sent === undefined ? current[key] : sent;
  return {
    ...current,
    firstName: pick(body.first_name, "firstName"),
    lastName: pick(body.last_name, "lastName"),
    phone,
    email,
    companyName: pick(body.company, "companyName"),
    tags: body.tags === undefined ? current.tags : (body.tags ?? []),
    notes: pick(body.notes, "notes"),
    customFields,
    updatedAt: nowIso(),
    version: current.version + 1,
  };
}

/** A 400 for a contact too large to store (it travels whole in contact.* events). */
export function refuseOversize(contact: ContactView): void {
  const reason = oversizeReason(contact);
  if (reason) throw invalidField("body", reason);
}

/**
 * The path of one contact. The id is documented as a UUID but not checked: any other text is no
 * contact of the company, which answers 404 (these operations declare no 400 for the path).
 */
export const ContactPath = z.object({
  contact_id: z
    .string()
    .openapi({ description: "Id of a contact of the key's company", format: "uuid", maxLength: 36 }),
});

export const ListContactsQuery = OffsetPageQuery.extend({
  phone: z
    .string()
    .max(40)
    .optional()
    .openapi({ description: "Only the contact with this phone (any notation; compared in E.164)" }),
  email: personal(email()).optional().openapi({ description: "Only the contact with this email (case-insensitive)" }),
  tag: z.string().trim().min(1).max(50).optional().openapi({ description: "Only contacts carrying this tag" }),
});

export const IdentifyResult = z
  .object({
    contact: Contact,
    created: z.boolean().openapi({ description: "true when no contact had the phone and this call created one" }),
  })
  .openapi("IdentifiedContact", { description: "The contact with the phone, and whether this call created it." });

export const IMPORT_MAX_ROWS = 1000;

/**
 * The import's body. Each row is a contact input, and the document says so; the rows are parsed
 * one by one by the handler (classifyRows), so that an invalid row is reported with its index
 * while the valid ones are stored, instead of failing the whole request.
 */
export const ImportContactsInput = z
  .object({
    contacts: z
      .array(z.unknown().openapi({ $ref: `#/components/schemas/${CONTACT_INPUT}` } as never))
      .min(1)
      .max(IMPORT_MAX_ROWS)
      .openapi({
        description: `1 to ${IMPORT_MAX_ROWS} contacts, each with the fields of ${CONTACT_INPUT}. An invalid row is rejected on its own (rejected_rows); the other rows are still imported.`,
      }),
  })
  .openapi("ImportContactsInput", { description: `Contacts to import, 1 to ${IMPORT_MAX_ROWS} rows.` });

const rowIndex = int32({ max: IMPORT_MAX_ROWS - 1 }).openapi({
  description: "Zero-based position of the row in `contacts`",
});

export const ImportContactsResult = z
  .object({
    created: int32({ max: IMPORT_MAX_ROWS }).openapi({ description: "Rows stored as new contacts" }),
    skipped: int32({ max: IMPORT_MAX_ROWS }).openapi({
      description: "Rows whose phone or email another contact (or an earlier row of this import) already has",
    }),
    rejected: int32({ max: IMPORT_MAX_ROWS }).openapi({ description: "Invalid rows, listed in rejected_rows" }),
    created_contacts: z.array(z.object({ index: rowIndex, id: uuid() })).max(IMPORT_MAX_ROWS),
    skipped_rows: z
      .array(
        z.object({
          index: rowIndex,
          reason: z.enum(["duplicate_of_existing", "duplicate_in_import"]),
          existing_contact_id: uuid()
            .nullable()
            .openapi({ description: "The contact that holds the phone or email (duplicate_of_existing)" }),
          duplicate_of_index: rowIndex
            .nullable()
            .openapi({ description: "The earlier row with the same phone or email (duplicate_in_import)" }),
        }),
      )
      .max(IMPORT_MAX_ROWS),
    rejected_rows: z
      .array(
        z.object({
          index: rowIndex,
          reason: z.string().openapi({ description: "Every problem of the row, in one sentence per field" }),
          errors: z
            .array(
              z.object({
                path: z.string().openapi({ description: "The field, relative to the row" }),
                message: z.string(),
              }),
            )
            .max(100),
        }),
      )
      .max(IMPORT_MAX_ROWS),
  })
  .openapi("ImportContactsResult", {
    description: "What the import did, row by row: created, skipped as duplicates, rejected as invalid.",
  });

export type ImportResult = z.output<typeof ImportContactsResult>;

/** The contacts the document's examples name (a list's members, a sequence's enrolments). */
export const exampleContactIds = [
  "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
  "6c8e0a2b-4d6f-4a1c-8e3b-5d7f9a1c3e5b",
] as const;

/** A company's rows for them: its oldest contact, and the one after it. */
export const contactExampleRows: readonly ExampleRow[] = exampleContactIds.map((id, nth) => ({
  id,
  table: contacts,
  order: [contacts.createdAt, contacts.id],
  nth,
}));

export const contactExample: z.input<typeof Contact> = {
  id: exampleContactIds[0],
  name: "Lucía García",
  first_name: "Lucía",
  last_name: "García",
  phone: "+34612345678",
  email: "lucia@acme.example",
  company: "Acme SL",
  tags: ["lead", "madrid"],
  notes: "Prefers calls in the morning.",
  custom_fields: { plan: "pro", seats: 12, newsletter: true },
  source: "api",
  created_at: "2026-04-26T10:15:30.000Z",
  updated_at: "2026-04-26T10:15:30.000Z",
};

export const contactPageExample = { data: [contactExample], limit: 50, offset: 0 };

export const createContactExample: z.input<typeof CreateContactInput> = {
  first_name: "Lucía",
  last_name: "García",
  phone: "+34 612 345 678",
  email: "Lucia@Acme.example",
  company: "Acme SL",
  tags: ["lead", "madrid"],
  notes: "Prefers calls in the morning.",
  custom_fields: { plan: "pro", seats: 12, newsletter: true },
};

export const updateContactExample: z.input<typeof UpdateContactInput> = {
  company: "Acme Iberia SL",
  tags: ["customer"],
  notes: null,
  custom_fields: { plan: "enterprise", newsletter: null },
};

export const identifyContactExample: z.input<typeof IdentifyContactInput> = {
  phone: "+34 612 345 678",
  first_name: "Lucía",
};

export const identifiedContactExample: z.input<typeof IdentifyResult> = { contact: contactExample, created: false };

export const importContactsExample: z.input<typeof ImportContactsInput> = {
  contacts: [
    { first_name: "Lucía", phone: "+34 612 345 678", tags: ["lead"] },
    { first_name: "Marc", email: "marc@example.com" },
    { first_name: "Ana", phone: "+34612345678" },
    { first_name: "Wrong number", phone: "+34 12" },
  ],
};

export const importContactsResultExample: z.input<typeof ImportContactsResult> = {
  created: 2,
  skipped: 1,
  rejected: 1,
  created_contacts: [
    { index: 0, id: exampleContactIds[0] },
    { index: 1, id: exampleContactIds[1] },
  ],
  skipped_rows: [{ index: 2, reason: "duplicate_in_import", existing_contact_id: null, duplicate_of_index: 0 }],
  rejected_rows: [
    {
      index: 3,
      reason:
        "phone: Not a valid phone number (numbers without a country code are read as ES); use E.164, such as +34612345678.",
      errors: [
        {
          path: "phone",
          message:
            "Not a valid phone number (numbers without a country code are read as ES); use E.164, such as +34612345678.",
        },
      ],
    },
  ],
};
