import { z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../core/db/client";
import type { FieldError } from "../../core/errors";
import { contactsImported } from "./events";
import { CreateContactInput, oversizeReason, toContact, type CreateContactFields } from "./model";
import { normalisePhone } from "./phone";
import { contactsHolding } from "./queries";
import { chunkedInserts } from "../../core/db/bulk";
import { contacts, type ContactRow } from "./schema";

export const IMPORT_MAX_ROWS = 1000;

export const ImportContactsInput = z
  .object({
    contacts: z
      .array(
        z.unknown().openapi({
          type: "object",
          description: "A contact with the fields of CreateContactInput. An invalid row is rejected on its own; the other rows are still imported.",
        }),
      )
      .min(1)
      .max(IMPORT_MAX_ROWS)
      .openapi({ description: `1 to ${IMPORT_MAX_ROWS} contacts` }),
  })
  .openapi("ImportContactsInput");

export const ImportContactsResult = z
  .object({
    created: z.number().int(),
    skipped: z.number().int().openapi({ description: "Rows whose phone or email another contact (or an earlier row of this import) already has" }),
    rejected: z.number().int().openapi({ description: "Invalid rows, listed in rejected_rows" }),
    created_contacts: z.array(z.object({ index: z.number().int(), id: z.string().uuid() })),
    skipped_rows: z.array(
      z.object({
        index: z.number().int(),
        reason: z.enum(["duplicate_of_existing", "duplicate_in_import"]),
        existing_contact_id: z.string().nullable().openapi({ description: "The contact that holds the phone or email (duplicate_of_existing)" }),
        duplicate_of_index: z.number().int().nullable().openapi({ description: "The earlier row with the same phone or email (duplicate_in_import)" }),
      }),
    ),
    rejected_rows: z.array(
      z.object({
        index: z.number().int().openapi({ description: "Zero-based position of the row in `contacts`" }),
        reason: z.string(),
        errors: z.array(z.object({ path: z.string(), message: z.string() })),
      }),
    ),
  })
  .openapi("ImportContactsResult");

type ImportResult = z.output<typeof ImportContactsResult>;

interface Candidate {
  index: number;
  row: ContactRow;
}

/** Validation and in-import deduplication: pure, no database. Candidates are rows of `companyId`, stamped `now`. */
export function classifyRows(rawRows: readonly unknown[], defaultRegion: string, companyId: string, now: string) {
  const rejected: ImportResult["rejected_rows"] = [];
  const skippedInImport: ImportResult["skipped_rows"] = [];
  const candidates: Candidate[] = [];
  const firstWithPhone = new Map<string, number>();
  const firstWithEmail = new Map<string, number>();
  rawRows.forEach((raw, index) => {
    const parsed = CreateContactInput.safeParse(raw);
    if (!parsed.success) {
      const errors: FieldError[] = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join(".") || "(row)", message: issue.message }));
      rejected.push({ index, reason: errors.map((e) => `${e.path}: ${e.message}`).join("; "), errors });
      return;
    }
    const fields: CreateContactFields = parsed.data;
    let phone: string | null = null;
    if (fields.phone !== undefined) {
      const normalised = normalisePhone(fields.phone, defaultRegion);
      if (!normalised.ok) {
        rejected.push({ index, reason: `phone: ${normalised.message}`, errors: [{ path: "phone", message: normalised.message }] });
        return;
      }
      phone = normalised.e164;
    }
    const email = fields.email?.toLowerCase() ?? null;
    const earlier = (phone !== null ? firstWithPhone.get(phone) : undefined) ?? (email !== null ? firstWithEmail.get(email) : undefined);
    if (earlier !== undefined) {
      skippedInImport.push({ index, reason: "duplicate_in_import", existing_contact_id: null, duplicate_of_index: earlier });
      return;
    }
    const row = newContactRow(fields, phone, email, companyId, now);
    const tooLarge = oversizeReason(toContact(row));
    if (tooLarge) {
      rejected.push({ index, reason: tooLarge, errors: [{ path: "(row)", message: tooLarge }] });
      return;
    }
    if (phone !== null) firstWithPhone.set(phone, index);
    if (email !== null) firstWithEmail.set(email, index);
    candidates.push({ index, row });
  });
  return { rejected, skippedInImport, candidates };
}

function newContactRow(fields: CreateContactFields, phone: string | null, email: string | null, companyId: string, now: string): ContactRow {
  return {
    id: crypto.randomUUID(),
    companyId,
    firstName: fields.first_name ?? null,
    lastName: fields.last_name ?? null,
    phone,
    email,
    companyName: fields.company ?? null,
    tags: fields.tags ?? [],
    notes: fields.notes ?? null,
    customFields: fields.custom_fields ?? {},
    source: "import",
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
}

/**
 * Inserts of these rows that skip, rather than fail on, a row whose phone or email the company
 * already has, and return the ids they created: what the database did decides created and
 * skipped, so no interleaving with another writer can fail the import. Each statement stays
 * within D1's 100 bound parameters.
 */
export function insertSkippingDuplicates(db: Database, rows: readonly ContactRow[]): BatchItem<"sqlite">[] {
  return chunkedInserts(db, contacts, rows, (insert) => insert.onConflictDoNothing().returning({ id: contacts.id }));
}

/** The ids the insert statements' results name: the contacts this import created. */
export const createdIds = (results: readonly unknown[]) => new Set(results.flatMap((rows) => (Array.isArray(rows) ? (rows as { id: string }[]).map((row) => row.id) : [])));

/**
 * The contacts.imported event. Which candidates were created is only known inside the batch, so
 * `created`, `skipped` and `contact_ids` are filled there from the candidate ids that exist after
 * the inserts (ids are new UUIDs: one that exists was created by this batch). The data given here
 * names every candidate, an upper bound of the final size for the outbox's size check.
 */
export function importedEvent(companyId: string, candidateIds: readonly string[], duplicatesInImport: number, rejected: number) {
  const ids = JSON.stringify(candidateIds);
  const createdIdList = sql`SELECT j.value FROM json_each(${ids}) AS j WHERE EXISTS (SELECT 1 FROM ${contacts} WHERE ${contacts.companyId} = ${companyId} AND ${contacts.id} = j.value) ORDER BY j.key`;
  return contactsImported.of(
    { created: candidateIds.length, skipped: duplicatesInImport, rejected, contact_ids: [...candidateIds] },
    {
      created: sql`(SELECT count(*) FROM (${createdIdList}))`,
      skipped: sql`(${duplicatesInImport + candidateIds.length} - (SELECT count(*) FROM (${createdIdList})))`,
      contact_ids: sql`json((SELECT json_group_array(value) FROM (${createdIdList})))`,
    },
  );
}

/** Rows the database skipped, each with the contact that holds its phone or email. */
export async function skippedAsDuplicates(db: Database, companyId: string, skipped: readonly Candidate[]): Promise<ImportResult["skipped_rows"]> {
  const phones = skipped.flatMap((c) => (c.row.phone ? [c.row.phone] : []));
  const emails = skipped.flatMap((c) => (c.row.email ? [c.row.email] : []));
  const { byPhone, byEmail } = await contactsHolding(db, companyId, phones, emails);
  return skipped.map((candidate) => ({
    index: candidate.index,
    reason: "duplicate_of_existing" as const,
    existing_contact_id: (candidate.row.phone && byPhone.get(candidate.row.phone)) || (candidate.row.email && byEmail.get(candidate.row.email)) || null,
    duplicate_of_index: null,
  }));
}
