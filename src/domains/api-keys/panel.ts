import { z } from "@hono/zod-openapi";
import { and, count, eq, isNull } from "drizzle-orm";
import { apiKeys } from "../../data/schema";
import { everyDatabase } from "../../data/tenancy";
import { defineOperatorOperation, type OperatorOperation } from "../../core/operator";

/**
 * How far the move to checked keys has come (src/keys/auth.ts): the active keys still on the
 * legacy form, per company, so that the operator knows when LEGACY_UNCHECKED_KEYS can be "refuse".
 * A legacy key leaves the count when it is rotated (its successor is checked) or revoked.
 */
const legacyKeys = defineOperatorOperation({
  operationId: "countLegacyKeys",
  method: "get",
  path: "/admin/v1/keys/legacy",
  summary: "Count the active API keys still on the legacy form (no check), per company",
  description:
    "Keys minted before keys carried their check still authenticate while LEGACY_UNCHECKED_KEYS is `accept` (`policy`). " +
    "Each is migrated by rotating it (POST /api/v1/api-keys/{key_id}/rotate, or a new key from the panel and a revocation); " +
    "when `total` is 0, set LEGACY_UNCHECKED_KEYS to `refuse`.",
  tag: "Keys",
  responses: {
    200: {
      description: "The count, and the companies that still have any, most first",
      schema: z.object({
        policy: z.enum(["accept", "refuse"]),
        total: z.number().int(),
        companies: z.array(z.object({ company_id: z.string(), active_legacy_keys: z.number().int() })),
      }),
    },
  },
  codes: [],
  handler: async ({ env, config }) => {
    const perCompany: { company_id: string; active_legacy_keys: number }[] = [];
    for (const db of everyDatabase(env)) {
      // On api_keys_legacy_active_idx (partial: active legacy rows only), so its cost falls to nothing as keys move.
      const rows = await db
        .select({ company_id: apiKeys.companyId, active_legacy_keys: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.keyForm, "legacy"), isNull(apiKeys.revokedAt)))
        .groupBy(apiKeys.companyId);
      perCompany.push(...rows);
    }
    perCompany.sort((a, b) => b.active_legacy_keys - a.active_legacy_keys || a.company_id.localeCompare(b.company_id));
    const total = perCompany.reduce((sum, row) => sum + row.active_legacy_keys, 0);
    return { status: 200, body: { policy: config.apiKeys.legacyKeys, total, companies: perCompany } };
  },
});

export const apiKeyOperatorOperations: readonly OperatorOperation[] = [legacyKeys];
