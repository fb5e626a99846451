import { sql } from "drizzle-orm";
import { preparedStatement, selectRow, type Database } from "../../data/client";
import { ofCompany } from "../../data/rows";
import { documentArchives } from "./schema";

/** The company's archive connection, or undefined while none is connected. */
export function findArchive(db: Database, companyId: string) {
  return selectRow(db, archiveOf(db), { companyId });
}
const archiveOf = preparedStatement((db) =>
  db
    .select()
    .from(documentArchives)
    .where(ofCompany(documentArchives, sql.placeholder("companyId")))
    .prepare(),
);

/** Connects (or reconnects) the company's archive (the panel; seeds and tests). */
export async function connectArchive(db: Database, row: typeof documentArchives.$inferInsert) {
  await db
    .insert(documentArchives)
    .values(row)
    .onConflictDoUpdate({
      target: documentArchives.companyId,
      set: {
        sealedProviderSettings: row.sealedProviderSettings ?? null,
        baseUrl: row.baseUrl ?? null,
        connectedAt: row.connectedAt,
      },
    });
}

/** Disconnects the company's archive; whether it had one. */
export async function disconnectArchive(db: Database, companyId: string): Promise<boolean> {
  const removed = await db
    .delete(documentArchives)
    .where(ofCompany(documentArchives, companyId))
    .returning({ companyId: documentArchives.companyId });
  return removed.length > 0;
}
