import type { Database } from "../../core/db/client";
import type { Random } from "../../admin/random";

/** Demo data of this domain for a seeded company. */
export async function seedContactDomain(_db: Database, _companyId: string, _random: Random, _now: number): Promise<Record<string, number>> {
  return {};
}
