import type { Database } from "../../core/db/client";
import { offsetList, type ListKeys } from "../../core/db/lists";
import type { OffsetPage } from "../../core/pagination";
import { clients } from "./schema";

/** Backed by clients_company_created_idx. */
const clientKeys: ListKeys = { company: clients.companyId, at: clients.createdAt, id: clients.id };

export function listClients(db: Database, companyId: string, page: OffsetPage) {
  const query = db
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
    .$dynamic();
  return offsetList(query, clientKeys, companyId, page);
}
