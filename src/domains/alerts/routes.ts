import { defineOperation } from "../../core/operation";
import { offsetEnvelope } from "../../lib/pagination";
import { alertPage, alertViewOf, updateAlert } from "./actions";
import {
  Alert,
  alertPageExample,
  ListAlertsQuery,
  UpdateAlertInput,
  updateAlertExample,
  updatedAlertExample,
} from "./model";

export const alertOperations = [
  defineOperation({
    operationId: "listAlerts",
    method: "get",
    path: "/api/v1/alerts",
    summary: "Read configured alerts and the spend that triggers them",
    description:
      "The company's alerts, newest first, each with its configuration, the value it compares with now (`current`: " +
      "the wallet balance for low_balance, the spend of the current calendar period in UTC for spend; spend is charges " +
      "minus refunds), and its state: triggered, silenced until, dismissed. The state is computed at the time of the " +
      "request from the wallet and its ledger. limit and offset are clamped, never refused.",
    scope: "alerts:read",
    gate: "A",
    codes: [200, 401, 403, 429, 500],
    request: { query: ListAlertsQuery },
    responses: {
      200: {
        description: "A page of alerts with their state",
        schema: offsetEnvelope(Alert, "AlertPage", "A page of alerts, newest first"),
        example: alertPageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await alertPage({ db, caller }, query) }),
  }),

  defineOperation({
    operationId: "updateAlert",
    method: "patch",
    path: "/api/v1/alerts",
    summary: "Configure, silence or dismiss an alert",
    description:
      "Changes one alert, named by alert_id (an unknown id, or another company's, is 404): threshold (major units of the " +
      "alert's currency), period (spend alerts only), enabled, silenced_until (a future instant, or null to end a " +
      "silence) and dismissed (true acknowledges the current triggering and holds until the alert clears; only a " +
      "triggered alert can be dismissed; false undoes it). Changing threshold, period or enabled clears a dismissal. " +
      "Answers the alert after the change with its state; a request that changes nothing stored writes nothing. " +
      "Concurrent changes of the same alert never lose each other's fields. Emits alert.updated.",
    scope: "alerts:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { body: UpdateAlertInput, example: updateAlertExample },
    responses: { 200: { description: "The alert after the change", schema: Alert, example: updatedAlertExample } },
    // A batch is written only when the request changed the alert; the answer is the alert with its state.
    replay: async ({ db, caller, body }) => ({ status: 200, body: await alertViewOf({ db, caller }, body.alert_id) }),
    handler: async ({ db, caller, body, commit }) => ({
      status: 200,
      body: await updateAlert({ db, caller, commit }, body),
    }),
  }),
];
