import { runBatches } from "../../core/db/bulk";
import { call, db, tenant } from "../../../test/helpers";
import type { KnowledgeBaseSeed } from "./articles";
import { knowledgeBaseInserts } from "./seed";

/** Test helpers of the knowledge-base domain (only tests import this file). */

/** A company granted the kb capability (no plan includes it). */
export const kbTenant = () => tenant({ capabilities: ["kb"] });

/** Creates the base for the company; its id, and its collections' ids by name. */
export async function createBase(companyId: string, base: KnowledgeBaseSeed, now = Date.now()) {
  const { id, statements } = knowledgeBaseInserts(db, companyId, base, now, 1);
  await runBatches(db, statements);
  return id;
}

export type Hit = { document_id: string; collection_id: string; title: string; snippet: string; score: number; source: string | null };

/** Many searches with one key (the property test) need a rate limit above the default 120 a minute. */
const UNLIMITED = { RATE_LIMIT_PER_MINUTE: "100000" };

export async function search(key: string, kbId: string, body: unknown) {
  const response = await call(`/api/v1/knowledge-bases/${kbId}/search`, { key, method: "POST", body, vars: UNLIMITED });
  return { ...response, hits: (response.json?.hits ?? []) as Hit[] };
}

export const titles = (hits: readonly Hit[]) => hits.map((hit) => hit.title);
