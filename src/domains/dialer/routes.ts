import { defineOperation } from "../../core/operation";
import { Concurrency, concurrencyExample } from "../billing";
import { concurrencyOf, dial, quoteDial } from "./actions";
import { DialInput, dialExample, DialledCall, dialledCallExample } from "./model";

export const dialerOperations = [
  defineOperation({
    operationId: "dialCall",
    method: "post",
    path: "/api/v1/calls/dial",
    summary: "Launch an outbound call",
    description:
      "Calls `to` with the voice agent `agent_id`. The destination must be callable (GET /rates/countries) and have a rate for the " +
      "account, else 400. The call reserves, from the wallet at its destination's rate, the talk time asked for in " +
      "max_duration_seconds (default 30 minutes; at most the plan's maximum, else 400; at least the rate's minimum, rounded up to its " +
      "billing increments), and the provider cuts the call there: a balance that does not cover it is 402 insufficient_funds. Calls in progress must be below the " +
      "simultaneous-call quota (GET /billing/concurrency), else 409. The call is created queued, a call of GET /calls and " +
      "GET /calls/{call_id} from this answer on (its result, end and cost null until it ends), and handed to the telephony provider " +
      "through the job queue: 201 with the call. No telephony provider configured: 503, nothing reserved. When the call ends its " +
      "reservation is settled against its real cost (the rest refunded; the call is cut at the reservation). Emits call.dialled, then call.settled.",
    scope: "calls:dial",
    gate: "S",
    codes: [201, 400, 401, 402, 403, 404, 409, 429, 500, 503],
    mcp: { listedByDefault: true },
    request: { body: DialInput, example: dialExample },
    responses: { 201: { description: "The call, queued", schema: DialledCall, example: dialledCallExample } },
    handler: async ({ db, caller, config, requestId, body, commit }) => ({
      status: 201,
      body: await dial({ db, caller, config, requestId, commit }, body),
    }),
    quote: async ({ db, caller, config, body }) => quoteDial({ db, caller, config }, body),
  }),

  defineOperation({
    operationId: "getConcurrency",
    method: "get",
    path: "/api/v1/billing/concurrency",
    summary: "Simultaneous-call quota",
    description:
      "The simultaneous calls the account may have (its plan's, plus those of add-ons such as extra_concurrent_calls) and its calls in progress now (queued, ringing or answered).",
    tag: "Billing",
    capability: "billing",
    scope: "billing:read",
    gate: "A",
    codes: [200, 401, 403, 429, 500],
    responses: {
      200: { description: "The quota and the calls in progress", schema: Concurrency, example: concurrencyExample },
    },
    handler: async ({ db, caller }) => ({ status: 200, body: await concurrencyOf({ db, caller }) }),
  }),
];
