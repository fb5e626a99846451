import { eq, sql } from "drizzle-orm";
import { preparedStatement, preparedVariants, selectRow, type Database } from "../../data/client";
import { ofCompany } from "../../data/rows";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import type { OffsetPage } from "../../lib/pagination";
import { toRecado } from "./model";
import { type RecadoRow, recados, workspaces } from "./schema";

/** Newest first; backed by recados_company_taken_idx (and recados_company_read_idx with the filter). */
const recadoKeys: ListKeys = { company: recados.companyId, at: recados.takenAt, id: recados.id };

/** Whether the company's workspace was set up (the panel does it). */
export async function workspaceSetUp(db: Database, companyId: string): Promise<boolean> {
  return (await selectRow(db, workspaceOf(db), { companyId })) !== undefined;
}
const workspaceOf = preparedStatement((db) =>
  db
    .select({ companyId: workspaces.companyId })
    .from(workspaces)
    .where(ofCompany(workspaces, sql.placeholder("companyId")))
    .prepare(),
);

export function listRecados(db: Database, companyId: string, filter: { read?: boolean }, page: OffsetPage) {
  // A placeholder inside a comparison is bound as given: the boolean column's stored form (0/1).
  const read = filter.read === undefined ? undefined : Number(filter.read);
  return preparedOffsetList(db, recadoPage(db, { read: read !== undefined }), companyId, page, toRecado, { read });
}

/** The slip page with and without the read filter, prepared once per database. */
const recadoPage = preparedVariants((db, filters: { read: boolean }) =>
  offsetPageQuery(
    db.select().from(recados).$dynamic(),
    recadoKeys,
    filters.read ? eq(recados.read, sql.placeholder("read")) : undefined,
  ).prepare(),
);

/** Sets up the company's workspace (the panel; seeds and tests); setting it up again changes nothing. */
export async function setUpWorkspace(db: Database, companyId: string, at: string) {
  await db.insert(workspaces).values({ companyId, setUpAt: at }).onConflictDoNothing();
}

/** The statement that stores a message slip (it joins the write's batch). */
export const recadoInsert = (db: Database, row: RecadoRow) => db.insert(recados).values(row);

/** The slip taken during a call, if any; backed by recados_company_call_idx. */
export async function recadoOfCall(db: Database, companyId: string, callId: string): Promise<RecadoRow | undefined> {
  return db
    .select()
    .from(recados)
    .where(ofCompany(recados, companyId, eq(recados.callId, callId)))
    .orderBy(recados.takenAt)
    .get();
}
