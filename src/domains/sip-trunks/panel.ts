import type { Database } from "../../core/db/client";
import { routeNumber } from "./queries";

/** The panel's side of trunks (npm run admin -- sip-trunk route): which trunk a phone number goes through. */
export async function routeNumberThroughTrunk(db: Database, input: { companyId: string; trunkId: string; numberId: string }) {
  await routeNumber(db, input.companyId, input.trunkId, input.numberId);
  return { company_id: input.companyId, trunk_id: input.trunkId, number_id: input.numberId };
}
