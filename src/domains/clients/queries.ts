import { sql } from "drizzle-orm";
import { preparedStatement, type Database } from "../../data/client";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import type { OffsetPage } from "../../lib/pagination";
import { clients } from "./schema";

/** Backed by clients_company_created_idx. */
const clientKeys: ListKeys = { company: clients.companyId, at: clients.createdAt, id: clients.id };

/** The client page, prepared once per database. */
const clientPage = preparedStatement((db) =>
  offsetPageQuery(
    db
      .select({
        id: clients.id,
        name: clients.name,
        cif: clients.cif,
        email: clients.email,
        phone: clients.phone,
        address: clients.address,
        location: clients.location,
        province: clients.province,
        country: clients.country,
        postal_code: clients.postalCode,
        representative: clients.representative,
        created_at: clients.createdAt,
        updated_at: clients.updatedAt,
      })
      .from(clients)
      .$dynamic(),
    clientKeys,
  ).prepare(),
);

export function listClients(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, clientPage(db), companyId, page, (row) => row);
}

/**
 * Saves the client a budget names, unless the company already has one of that identity
 * (clients_company_identity_idx decides, so two budgets at once save it once). Placeholders:
 * clientId, companyId, clientName, clientEmail, clientIdentity, createdAt.
 */
export const clientSave = preparedStatement((db) => {
  const value = (name: string) => sql.placeholder(name);
  return db
    .insert(clients)
    .values({
      id: value("clientId"),
      companyId: value("companyId"),
      name: value("clientName"),
      email: value("clientEmail"),
      identity: value("clientIdentity"),
      createdAt: value("createdAt"),
      updatedAt: value("createdAt"),
    })
    .onConflictDoNothing({ target: [clients.companyId, clients.identity] })
    .prepare();
});

/** The id of the company's client of an identity, as a subquery of a statement with the same placeholders. */
export const clientOfIdentity = sql`(SELECT ${clients.id} FROM ${clients} WHERE ${clients.companyId} = ${sql.placeholder("companyId")} AND ${clients.identity} = ${sql.placeholder("clientIdentity")})`;
