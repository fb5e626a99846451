import { defineOperation } from "../../core/operation";
import { OffsetPageQuery } from "../../lib/pagination";
import { listRates, numberView, rateCountries, renameNumber } from "./actions";
import {
  DestinationPage,
  destinationPageExample,
  ListExtensionsQuery,
  ListNumbersQuery,
  ListRatesQuery,
  NumberPath,
  PhoneNumber,
  phoneNumberExample,
  PhoneNumberPage,
  phoneNumberPageExample,
  renameNumberExample,
  RenameNumberInput,
  SaleRatePage,
  saleRatePageExample,
  SipExtensionPage,
  sipExtensionPageExample,
  TelephonyProfilePage,
  telephonyProfilePageExample,
} from "./model";
import { listExtensions, listNumbers, listProfiles } from "./queries";

/** Rates are their own capability: plans from Starter up include it, and a PAYG account can be granted it. */
const rates = { plans: "SBAPE", capability: "rates" } as const;

export const telephonyOperations = [
  defineOperation({
    operationId: "listNumbers",
    method: "get",
    path: "/api/v1/numbers",
    summary: "List numbers",
    description:
      "The company's phone numbers (E.164, name, country, capabilities, the agent that answers), newest first. Filters: country, capability.",
    scope: "numbers:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListNumbersQuery },
    responses: { 200: { description: "A page of numbers", schema: PhoneNumberPage, example: phoneNumberPageExample } },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listNumbers(db, caller.company.id, { country: query.country, capability: query.capability }, query),
    }),
  }),

  defineOperation({
    operationId: "renameNumber",
    method: "patch",
    path: "/api/v1/numbers/{number_id}",
    summary: "Rename a number",
    description:
      "Gives the number a new name and answers the number as written. Only the name can change: any other field is 400. " +
      "An id that is not a UUID is 400; an unknown id (another company's included) is 404. Emits number.renamed.",
    scope: "numbers:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: NumberPath, body: RenameNumberInput, example: renameNumberExample },
    responses: { 200: { description: "The renamed number", schema: PhoneNumber, example: phoneNumberExample } },
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: await numberView({ db, caller }, params.number_id),
    }),
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await renameNumber({ db, caller, commit }, { numberId: params.number_id, name: body.name }),
    }),
  }),

  defineOperation({
    operationId: "listRates",
    method: "get",
    path: "/api/v1/rates",
    summary: "Outbound sale rates",
    description:
      "What the company pays per minute to call each destination country, one rate for landlines and one for mobiles " +
      "(prefix: the country's dialling code; price per minute in major units, currency, minimum and billing increment), " +
      "by destination name. A number is rated by its country and line type. These are the account's own sale rates " +
      "(its plan's price book, or the rates agreed for it): never a provider cost, margin or multiplier. Filter: country.",
    scope: "rates:read",
    gate: "A",
    ...rates,
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListRatesQuery },
    responses: { 200: { description: "A page of sale rates", schema: SaleRatePage, example: saleRatePageExample } },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listRates({ db, caller }, { country: query.country }, query),
    }),
  }),

  defineOperation({
    operationId: "listRateCountries",
    method: "get",
    path: "/api/v1/rates/countries",
    summary: "Callable destination catalogue",
    description:
      "The countries the caller can call: those it has a rate for (GET /rates), with ISO 3166-1 alpha-2 code, name and dialling code, by name.",
    scope: "rates:read",
    gate: "A",
    ...rates,
    codes: [200, 401, 403, 429, 500],
    request: { query: OffsetPageQuery },
    responses: {
      200: { description: "A page of destinations", schema: DestinationPage, example: destinationPageExample },
    },
    handler: async ({ caller, query }) => ({ status: 200, body: rateCountries({ caller }, query) }),
  }),

  defineOperation({
    operationId: "listSipExtensions",
    method: "get",
    path: "/api/v1/telephony/extensions",
    summary: "SIP extensions",
    description:
      "The company's SIP extensions (number, name, user, status), newest first, without their SIP password. Filter: status.",
    scope: "numbers:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListExtensionsQuery },
    responses: {
      200: { description: "A page of extensions", schema: SipExtensionPage, example: sipExtensionPageExample },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listExtensions(db, caller.company.id, { status: query.status }, query),
    }),
  }),

  defineOperation({
    operationId: "listTelephonyProfiles",
    method: "get",
    path: "/api/v1/telephony/profiles",
    summary: "Telephony profiles",
    description:
      "How the company's lines connect (transport, codecs, DTMF, SRTP, recording, trunk host), newest first, without the trunk's credentials.",
    scope: "numbers:read",
    gate: "A",
    codes: [200, 401, 403, 429, 500],
    request: { query: OffsetPageQuery },
    responses: {
      200: { description: "A page of profiles", schema: TelephonyProfilePage, example: telephonyProfilePageExample },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await listProfiles(db, caller.company.id, query) }),
  }),
];
