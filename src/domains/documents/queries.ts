import type { Database } from "../../core/db/client";
import { ofCompany } from "../../core/db/rows";
import { documentArchives, type DocumentArchiveRow } from "./schema";

/** The company's archive connection, or undefined while none is connected. */
export function findArchive(db: Database, companyId: string) {
  return db.select().from(documentArchives).where(ofCompany(documentArchives, companyId)).get();
}

/** Connects (or reconnects) the company's archive (the panel; seeds and tests). */
export async function connectArchive(db: Database, row: DocumentArchiveRow) {
  await db
    .insert(documentArchives)
    .values(row)
    .onConflictDoUpdate({ target: documentArchives.companyId, set: { sealedProviderSettings: row.sealedProviderSettings, connectedAt: row.connectedAt } });
}
