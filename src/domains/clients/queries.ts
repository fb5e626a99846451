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
