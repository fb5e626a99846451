import { z } from "@hono/zod-openapi";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../core/db/client";
import { nowIso } from "../../core/db/schema";
import type { FieldError } from "../../core/errors";
import { CreateContactInput, oversizeReason, toContact, type CreateContactFields } from "./model";
import { normalisePhone } from "./phone";
import { contactsHolding, inChunks } from "./queries";
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

/** Validation and in-import deduplication: pure, no database. */
export function classifyRows(rawRows: readonly unknown[], defaultRegion: string) {
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
    const row = newContactRow(fields, phone, email);
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

/** Company and timestamps are set when the rows are planned for insertion. */
function newContactRow(fields: CreateContactFields, phone: string | null, email: string | null): ContactRow {
  return {
    id: crypto.randomUUID(),
    companyId: "",
    firstName: fields.first_name ?? null,
    lastName: fields.last_name ?? null,
    phone,
    email,
    companyName: fields.company ?? null,
    tags: fields.tags ?? [],
    notes: fields.notes ?? null,
    customFields: fields.custom_fields ?? {},
    source: "import",
    createdAt: "",
    updatedAt: "",
  };
}

/** Inserts of these rows, each statement within D1's 100 bound parameters. */
export function insertStatements(db: Database, rows: readonly (typeof contacts.$inferInsert)[]): BatchItem<"sqlite">[] {
  if (rows.length === 0) return [];
  const perStatement = Math.max(1, Math.floor(100 / Object.keys(rows[0]!).length));
  return inChunks(rows, perStatement).map((chunk) => db.insert(contacts).values(chunk));
}

/**
 * Splits the valid rows into those to create and those an existing contact already covers.
 * Run again after a unique-constraint failure: another writer created a contact in between.
 */
export async function planInsert(db: Database, companyId: string, candidates: readonly Candidate[]) {
  const phones = candidates.flatMap((c) => (c.row.phone ? [c.row.phone] : []));
  const emails = candidates.flatMap((c) => (c.row.email ? [c.row.email] : []));
  const { byPhone, byEmail } = await contactsHolding(db, companyId, phones, emails);
  const skipped: ImportResult["skipped_rows"] = [];
  const toCreate: Candidate[] = [];
  const createdAt = nowIso();
  for (const candidate of candidates) {
    const holder = (candidate.row.phone && byPhone.get(candidate.row.phone)) || (candidate.row.email && byEmail.get(candidate.row.email));
    if (holder) skipped.push({ index: candidate.index, reason: "duplicate_of_existing", existing_contact_id: holder, duplicate_of_index: null });
    else toCreate.push({ index: candidate.index, row: { ...candidate.row, companyId, createdAt, updatedAt: createdAt } });
  }
  return { skipped, toCreate };
}
