import { eq } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { ofCompany } from "../../core/db/rows";
import { offsetList, type ListKeys } from "../../core/db/lists";
import type { OffsetPage } from "../../core/pagination";
import { toRecado } from "./model";
import { type RecadoRow, recados, workspaces } from "./schema";

/** Newest first; backed by recados_company_taken_idx (and recados_company_read_idx with the filter). */
const recadoKeys: ListKeys = { company: recados.companyId, at: recados.takenAt, id: recados.id };

/** Whether the company's workspace was set up (the panel does it). */
export async function workspaceSetUp(db: Database, companyId: string): Promise<boolean> {
  const row = await db.select({ companyId: workspaces.companyId }).from(workspaces).where(ofCompany(workspaces, companyId)).get();
  return row !== undefined;
}

export function listRecados(db: Database, companyId: string, filter: { read?: boolean }, page: OffsetPage) {
  const where = filter.read === undefined ? undefined : eq(recados.read, filter.read);
  return offsetList(db.select().from(recados).$dynamic(), recadoKeys, companyId, page, { where, map: toRecado });
}

/** Sets up the company's workspace (the panel; seeds and tests); setting it up again changes nothing. */
export async function setUpWorkspace(db: Database, companyId: string, at: string) {
  await db.insert(workspaces).values({ companyId, setUpAt: at }).onConflictDoNothing();
}

/** The statement that stores a message slip (it joins the write's batch). */
export const recadoInsert = (db: Database, row: RecadoRow) => db.insert(recados).values(row);

/** The slip taken during a call, if any; backed by recados_company_call_idx. */
export async function recadoOfCall(db: Database, companyId: string, callId: string): Promise<RecadoRow | undefined> {
  return db.select().from(recados).where(ofCompany(recados, companyId, eq(recados.callId, callId))).orderBy(recados.takenAt).get();
}
