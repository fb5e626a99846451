import { z } from "@hono/zod-openapi";
import type { Database } from "../../data/client";
import { defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { nowIso } from "../../data/schema";
import { currencyExponent } from "../../lib/money";
import { walletBalance } from "../billing";
import { companyCurrency, insertAlerts } from "./queries";
import { alertKinds, alertPeriods, type AlertKind, type AlertPeriod } from "./schema";
import { InputError } from "../../lib/input-error";

/**
 * Creates an alert for a company, as the web panel does (npm run admin -- alert create); the API
 * configures, silences and dismisses existing alerts. The threshold is in major units of the
 * company's wallet currency (its default currency, else EUR, when it has no wallet yet).
 */
export async function createAlert(
  db: Database,
  input: { companyId: string; kind: string; threshold: string; period?: string },
) {
  const company = await companyCurrency(db, input.companyId);
  if (!company) throw new InputError("unknown_company", `No company has the id ${input.companyId}.`);
  if (!alertKinds.includes(input.kind as AlertKind))
    throw new InputError("invalid_argument", `kind must be one of ${alertKinds.join(", ")}.`, "body.kind");
  const kind = input.kind as AlertKind;
  if (kind === "spend" && !alertPeriods.includes(input.period as AlertPeriod))
    throw new InputError(
      "invalid_argument",
      `period must be one of ${alertPeriods.join(", ")} for a spend alert.`,
      "body.period",
    );
  if (kind !== "spend" && input.period !== undefined)
    throw new InputError("invalid_argument", "Only spend alerts take a period.", "body.period");
  const currency = (await walletBalance(db, input.companyId))?.currency ?? company.currency ?? "EUR";
  const exponent = currencyExponent(currency) ?? 2;
  const threshold = Number(input.threshold);
  const thresholdMinor = Math.round(threshold * 10 ** exponent);
  if (
    !Number.isFinite(threshold) ||
    thresholdMinor <= 0 ||
    Math.abs(thresholdMinor / 10 ** exponent - threshold) > 1e-9
  ) {
    throw new InputError(
      "invalid_argument",
      `threshold must be a positive amount of ${currency} with at most ${exponent} decimals.`,
      "body.threshold",
    );
  }
  const now = nowIso();
  const id = crypto.randomUUID();
  const period = kind === "spend" ? (input.period as AlertPeriod) : null;
  await insertAlerts(db, [
    {
      id,
      companyId: input.companyId,
      kind,
      period,
      thresholdMinor,
      currency,
      enabled: true,
      silencedUntil: null,
      dismissedAt: null,
      createdAt: now,
      updatedAt: now,
      version: 0,
    },
  ]);
  return { id, company_id: input.companyId, kind, period, threshold, currency, created_at: now };
}

// ---------------------------------------------------------------------------------------------
// Operator operations

const createAlertOperation = defineOperatorOperation({
  operationId: "createAlert",
  method: "post",
  path: "/admin/v1/companies/{company_id}/alerts",
  summary: "Create a low-balance or spend alert for a company",
  description:
    "The threshold is in major units of the company's wallet currency (its default currency, else EUR, without a wallet), with at most its minor digits. " +
    "A spend alert needs a period (day, week or month); a low_balance alert takes none. GET /alerts then shows it with its state.",
  tag: "Alerts",
  request: {
    params: z.object({ company_id: z.string().min(1).max(100) }),
    body: z.object({
      kind: z.enum(alertKinds),
      threshold: z.number().positive().max(1_000_000_000),
      period: z.enum(alertPeriods).optional(),
    }),
  },
  responses: {
    201: {
      description: "The alert",
      schema: z.object({
        id: z.string(),
        company_id: z.string(),
        kind: z.enum(alertKinds),
        period: z.enum(alertPeriods).nullable(),
        threshold: z.number(),
        currency: z.string(),
        created_at: z.string(),
      }),
    },
  },
  codes: [],
  handler: async ({ db, params, body }) => {
    const alert = await createAlert(db, {
      companyId: params.company_id,
      kind: body.kind,
      threshold: String(body.threshold),
      period: body.period,
    });
    return {
      status: 201,
      body: alert,
      audit: { companyId: params.company_id, resourceType: "alert", resourceId: alert.id },
    };
  },
});

export const alertOperatorOperations: readonly OperatorOperation[] = [createAlertOperation];
