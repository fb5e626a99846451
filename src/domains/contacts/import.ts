import type { FieldError } from "../../lib/errors";
import { CreateContactInput, oversizeReason, toContact, type CreateContactFields, type ImportResult } from "./model";
import { normalisePhone } from "../../lib/phone";
import type { ContactRow } from "./schema";

/** A valid row of an import, with its position in the request. */
export interface Candidate {
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
  // biome-ignore lint/complexity/noExcessiveCognitiveComplexity: every field of an imported row is checked, and every error kept
  rawRows.forEach((raw, index) => {
    const parsed = CreateContactInput.safeParse(raw);
    if (!parsed.success) {
      const errors: FieldError[] = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join(".") || "(row)",
        message: issue.message,
      }));
      rejected.push({ index, reason: errors.map((e) => `${e.path}: ${e.message}`).join("; "), errors });
      return;
    }
    const fields: CreateContactFields = parsed.data;
    let phone: string | null = null;
    if (fields.phone !== undefined) {
      const normalised = normalisePhone(fields.phone, defaultRegion);
      if (!normalised.ok) {
        rejected.push({
          index,
          reason: `phone: ${normalised.message}`,
          errors: [{ path: "phone", message: normalised.message }],
        });
        return;
      }
      phone = normalised.e164;
    }
    const email = fields.email?.toLowerCase() ?? null;
    const earlier =
      (phone !== null ? firstWithPhone.get(phone) : undefined) ??
      (email !== null ? firstWithEmail.get(email) : undefined);
    if (earlier !== undefined) {
      skippedInImport.push({
        index,
        reason: "duplicate_in_import",
        existing_contact_id: null,
        duplicate_of_index: earlier,
      });
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

function newContactRow(
  fields: CreateContactFields,
  phone: string | null,
  email: string | null,
  companyId: string,
  now: string,
): ContactRow {
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
