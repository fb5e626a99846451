import { z } from "@hono/zod-openapi";
import { nowIso } from "../../data/schema";
import { ApiError } from "../../lib/errors";
import { CompanyParams, defineOperatorOperation } from "../../core/operator";
import { plans, type Plan } from "../../lib/plans";
import {
  bookCountries,
  bookKeys,
  DEFAULT_BOOK_DATE,
  defaultAmount,
  keyOf,
  numberTypes,
  priceKinds,
  type NumberType,
  type PriceKey,
  type PriceKind,
} from "./book";
import { companyExists, deleteCompanyCallRates, planEdits, upsertCompanyPrices, upsertPlanPrice } from "./queries";

/** The price book as the operator (the web panel) reads and edits it: plans' books and companies' own prices. */

const tag = "Price book";
const country = z
  .string()
  .max(2)
  .regex(/^[A-Z]{2}$/)
  .describe("ISO 3166-1 alpha-2");
const numberType = z.enum(numberTypes);
/** Major units with at most 6 decimals (the book keeps millionths). */
const amount = z
  .number()
  .min(0)
  .max(1_000)
  .refine((value) => Math.abs(value * 1_000_000 - Math.round(value * 1_000_000)) < 1e-6, "At most 6 decimals.");

const toMicros = (major: number) => Math.round(major * 1_000_000);
const fromMicros = (micros: number) => micros / 1_000_000;

/** The destination must be one the book prices (the telephony catalogue's callable countries). */
function requirePricedCountry(code: string, path: string): void {
  if (!bookCountries.includes(code))
    throw new ApiError("validation_error", `${code} is not a destination the platform prices.`, {
      errors: [{ path, message: "Not a callable destination (GET /api/v1/rates/countries)." }],
    });
}

/** The keys a request names: a call without number_type is both types; SMS needs a country; email and WhatsApp take none. */
function keysOf(kind: PriceKind, countryCode: string | undefined, type: NumberType | undefined): PriceKey[] {
  const invalid = (path: string, message: string) =>
    new ApiError("validation_error", message, { errors: [{ path, message }] });
  if (kind === "email" || kind === "whatsapp") {
    if (countryCode !== undefined) throw invalid("body.country", `A ${kind} price has no country.`);
    if (type !== undefined) throw invalid("body.number_type", "Only call rates have a number type.");
    return [{ kind, country: "", numberType: "" }];
  }
  if (countryCode === undefined) throw invalid("body.country", `A ${kind} price needs a country.`);
  requirePricedCountry(countryCode, "body.country");
  if (kind === "sms") {
    if (type !== undefined) throw invalid("body.number_type", "Only call rates have a number type.");
    return [{ kind, country: countryCode, numberType: "" }];
  }
  return (type === undefined ? numberTypes : [type]).map((numberType) => ({ kind, country: countryCode, numberType }));
}

const Entry = z.object({
  kind: z.enum(priceKinds),
  country: z.string().nullable(),
  number_type: numberType.nullable(),
  amount: z
    .number()
    .describe(
      "Major units of the company's currency: per minute (call), per segment (SMS), per message (email, WhatsApp)",
    ),
  edited: z.boolean().describe("Whether the operator changed it from the default book"),
  updated_at: z.string(),
});

const entryView = (key: PriceKey, amountMicros: number, edited: boolean, updatedAt: string): z.input<typeof Entry> => ({
  kind: key.kind,
  country: key.country || null,
  number_type: key.numberType || null,
  amount: fromMicros(amountMicros),
  edited,
  updated_at: updatedAt,
});

/** A plan's whole book: the default, with the operator's edits over it. */
async function planBook(db: Parameters<typeof planEdits>[0], plan: Plan) {
  const edits = new Map((await planEdits(db, plan)).map((row) => [keyOf(row as PriceKey), row]));
  return bookKeys.flatMap((key) => {
    const edit = edits.get(keyOf(key));
    if (edit) return [entryView(key, edit.amountMicros, true, edit.updatedAt)];
    const micros = defaultAmount(plan, key);
    return micros === undefined ? [] : [entryView(key, micros, false, DEFAULT_BOOK_DATE)];
  });
}

const readPriceBook = defineOperatorOperation({
  operationId: "readPriceBook",
  method: "get",
  path: "/admin/v1/price-book",
  summary: "A plan's price book",
  description:
    "Every price of the plan: call rates per minute by country and number type, SMS per segment by country, email and WhatsApp per message. " +
    "Amounts are nominal major units, charged in each company's own currency; a company's own prices win over them.",
  tag,
  request: { query: z.object({ plan: z.enum(plans) }) },
  responses: {
    200: { description: "The plan's book", schema: z.object({ plan: z.enum(plans), data: z.array(Entry) }) },
  },
  codes: [],
  handler: async ({ db, query }) => ({ status: 200, body: { plan: query.plan, data: await planBook(db, query.plan) } }),
});

const setPlanPrice = defineOperatorOperation({
  operationId: "setPlanPrice",
  method: "put",
  path: "/admin/v1/price-book/{plan}",
  summary: "Set a price of a plan's book",
  description:
    "For every company on the plan without a price of its own, from its next request. A call rate without number_type sets both mobile and landline.",
  tag,
  request: {
    params: z.object({ plan: z.enum(plans) }),
    body: z.object({
      kind: z.enum(priceKinds),
      country: country.optional(),
      number_type: numberType.optional(),
      amount,
    }),
  },
  responses: {
    200: {
      description: "The entry (or both call entries) as set",
      schema: z.object({
        plan: z.enum(plans),
        kind: z.enum(priceKinds),
        country: z.string().nullable(),
        number_types: z.array(numberType).max(numberTypes.length),
        amount: z.number(),
        updated_at: z.string(),
      }),
    },
  },
  codes: [],
  handler: async ({ db, params, body }) => {
    const keys = keysOf(body.kind, body.country, body.number_type);
    const at = nowIso();
    for (const key of keys) await upsertPlanPrice(db, params.plan, key, toMicros(body.amount), at);
    return {
      status: 200,
      body: {
        plan: params.plan,
        kind: body.kind,
        country: body.country ?? null,
        number_types: keys.flatMap((key) => (key.numberType ? [key.numberType] : [])),
        amount: body.amount,
        updated_at: at,
      },
      audit: {
        companyId: null,
        resourceType: "price_book",
        resourceId: `${params.plan}:${body.kind}:${body.country ?? ""}`,
      },
    };
  },
});

/** A company's own prices of these keys, or 404 when it does not exist. */
async function setCompanyPrices(
  db: Parameters<typeof planEdits>[0],
  companyId: string,
  keys: readonly PriceKey[],
  major: number,
) {
  const rows = await upsertCompanyPrices(db, companyId, keys, toMicros(major), nowIso());
  if (rows.length === 0) throw new ApiError("not_found", `No company ${companyId}.`);
  return rows;
}

const setCompanyRate = defineOperatorOperation({
  operationId: "setCompanyRate",
  method: "put",
  path: "/admin/v1/companies/{company_id}/rates",
  summary: "Set a company's own call rate",
  description:
    "The company's rate per minute to a country (mobile, landline, or both when number_type is absent), in its currency, over its plan's book. " +
    "In GET /api/v1/rates and on its next dial.",
  tag,
  request: {
    params: CompanyParams,
    body: z.object({ country, per_minute: amount, number_type: numberType.optional() }),
  },
  responses: {
    200: {
      description: "The company's rate as set",
      schema: z.object({
        company_id: z.string(),
        country: z.string(),
        number_types: z.array(numberType).max(numberTypes.length),
        per_minute: z.number(),
        currency: z.string(),
        updated_at: z.string(),
      }),
    },
  },
  codes: [404],
  handler: async ({ db, params, body }) => {
    requirePricedCountry(body.country, "body.country");
    const keys = (body.number_type === undefined ? numberTypes : [body.number_type]).map(
      (numberType): PriceKey => ({ kind: "call", country: body.country, numberType }),
    );
    const rows = await setCompanyPrices(db, params.company_id, keys, body.per_minute);
    return {
      status: 200,
      body: {
        company_id: params.company_id,
        country: body.country,
        number_types: keys.map((key) => key.numberType as NumberType),
        per_minute: body.per_minute,
        currency: rows[0]!.currency,
        updated_at: rows[0]!.updatedAt,
      },
      audit: { companyId: params.company_id, resourceType: "company_rate", resourceId: body.country },
    };
  },
});

const setCompanyPrice = defineOperatorOperation({
  operationId: "setCompanyPrice",
  method: "put",
  path: "/admin/v1/companies/{company_id}/prices",
  summary: "Set a company's own SMS, email or WhatsApp price",
  description:
    "SMS per segment to a country, or email and WhatsApp per message (no country), in the company's currency, over its plan's book.",
  tag,
  request: {
    params: CompanyParams,
    body: z.object({ kind: z.enum(["sms", "email", "whatsapp"]), country: country.optional(), amount }),
  },
  responses: {
    200: {
      description: "The company's price as set",
      schema: z.object({
        company_id: z.string(),
        kind: z.enum(priceKinds),
        country: z.string().nullable(),
        amount: z.number(),
        currency: z.string(),
        updated_at: z.string(),
      }),
    },
  },
  codes: [404],
  handler: async ({ db, params, body }) => {
    const [row] = await setCompanyPrices(
      db,
      params.company_id,
      keysOf(body.kind, body.country, undefined),
      body.amount,
    );
    return {
      status: 200,
      body: {
        company_id: params.company_id,
        kind: body.kind,
        country: body.country ?? null,
        amount: body.amount,
        currency: row!.currency,
        updated_at: row!.updatedAt,
      },
      audit: {
        companyId: params.company_id,
        resourceType: "company_price",
        resourceId: `${body.kind}:${body.country ?? ""}`,
      },
    };
  },
});

const removeCompanyRates = defineOperatorOperation({
  operationId: "removeCompanyRates",
  method: "delete",
  path: "/admin/v1/companies/{company_id}/rates/{country}",
  summary: "Remove a company's own call rates of a country",
  description:
    "The company's calls to that country are priced by its plan's book again. Removing rates the company does not have is not an error.",
  tag,
  request: { params: CompanyParams.extend({ country }) },
  responses: {
    200: {
      description: "What was removed",
      schema: z.object({
        company_id: z.string(),
        country: z.string(),
        removed: z.array(numberType).max(numberTypes.length),
      }),
    },
  },
  codes: [404],
  handler: async ({ db, params }) => {
    if (!(await companyExists(db, params.company_id)))
      throw new ApiError("not_found", `No company ${params.company_id}.`);
    const removed = await deleteCompanyCallRates(db, params.company_id, params.country);
    return {
      status: 200,
      body: {
        company_id: params.company_id,
        country: params.country,
        removed: removed.map((row) => row.numberType as NumberType),
      },
      audit: { companyId: params.company_id, resourceType: "company_rate", resourceId: params.country },
    };
  },
});

export const priceBookOperatorOperations = [
  readPriceBook,
  setPlanPrice,
  setCompanyRate,
  setCompanyPrice,
  removeCompanyRates,
];
