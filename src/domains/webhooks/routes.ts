import type { EventDefinition } from "../../data/events";
import { defineOperation, SerializedBody, type OperationDeclaration } from "../../core/operation";
import { offsetEnvelope } from "../../lib/pagination";
import {
  changeSubscription,
  queuedReplay,
  queuedTestEvent,
  recoverDeliveries,
  removeSubscription,
  replaceSubscription,
  replayDelivery,
  sendTestEvent,
} from "./actions";
import {
  catalogEntries,
  catalogExample,
  catalogSchemas,
  createSubscriptionExample,
  DeletedSubscription,
  DeliveriesQuery,
  deliveryPageExample,
  IssuedSubscription,
  issuedSubscriptionExample,
  PatchedSubscription,
  present,
  RECOVER_MAX,
  RecoverBody,
  recoverExample,
  RecoverPath,
  RecoverResult,
  recoverResultExample,
  ReplayBody,
  replayExample,
  ReplayResult,
  replayResultExample,
  subscriptionBodies,
  subscriptionExample,
  testEventExample,
  testEventResultExample,
  testEventSchemas,
  updateSubscriptionExample,
  WebhookSubscription,
} from "./model";
import { currentSubscription, listDeliveryAttempts } from "./queries";

/** The operations of the webhooks domain; `catalog` is every event type the app's domains emit. */
export function webhookOperations(catalog: readonly EventDefinition[]): OperationDeclaration[] {
  const types = [...new Set(catalog.map((definition) => definition.type))].sort();
  const { CreateBody, PatchBody } = subscriptionBodies(new Set(types));
  const { DeliveryAttempt, EventCatalog } = catalogSchemas(types);
  const { TestEventBody, TestEventResult } = testEventSchemas(types);
  const definitions = new Map(catalog.map((definition) => [definition.type, definition]));
  // Every event's JSON Schema, built on the catalogue's first request rather than at start-up.
  let catalogBody: SerializedBody<{ data: ReturnType<typeof catalogEntries> }> | undefined;
  let example: ReturnType<typeof catalogExample> | undefined;
  return [
    defineOperation({
      operationId: "getWebhookSubscription",
      method: "get",
      path: "/api/v1/webhooks",
      summary: "Read the webhook subscription",
      description:
        "The company's subscription. The signing secret is never returned; has_secret says whether one exists. " +
        "A company without a subscription gets an empty one (id null, enabled false).",
      scope: "webhooks:read",
      gate: "A",
      codes: [200, 401, 403, 429, 500],
      responses: {
        200: { description: "The subscription", schema: WebhookSubscription, example: subscriptionExample },
      },
      handler: async ({ db, caller }) => ({
        status: 200,
        body: present(await currentSubscription(db, caller.company.id)),
      }),
    }),

    defineOperation({
      operationId: "putWebhookSubscription",
      method: "post",
      path: "/api/v1/webhooks",
      summary: "Create or replace the webhook subscription",
      description:
        "One subscription per company: this creates it, or replaces the existing one (new id and new signing secret; " +
        "deliveries still pending for the old one are cancelled). The response carries the signing secret, shown only here.",
      scope: "webhooks:write",
      gate: "W",
      codes: [200, 400, 401, 403, 404, 429, 500],
      // It replaces the subscription, secret included.
      mcp: { destructive: true },
      request: { body: CreateBody, example: createSubscriptionExample },
      responses: {
        200: {
          description: "The subscription, with its new signing secret",
          schema: IssuedSubscription,
          example: issuedSubscriptionExample,
        },
      },
      // The response carries the secret, which must not rest in the idempotency store.
      storeIdempotentResponse: false,
      handler: async ({ db, config, caller, body, commit, requestId }) => ({
        status: 200,
        body: await replaceSubscription({ db, config, caller, commit, requestId }, body),
      }),
    }),

    defineOperation({
      operationId: "updateWebhookSubscription",
      method: "patch",
      path: "/api/v1/webhooks",
      summary: "Change the destination, events or state, or rotate the secret",
      description:
        "Changes the subscription. rotate_secret: true issues a new signing secret, returned once in this response; " +
        "every delivery from then on (retries of earlier events included) is signed with it only. " +
        "enabled: true also re-enables a subscription the API disabled (a 410 answer, or 5 days failing), clearing disabled_reason, " +
        "disabled_at and failing_since. The change applies only to the subscription " +
        "as this request read it: if another write changed or replaced it meanwhile, nothing changes and the answer is 409 " +
        "conflict (read it again and retry), so a rotated secret in a 200 answer is always the one that signs.",
      scope: "webhooks:write",
      gate: "W",
      codes: [200, 400, 401, 403, 404, 429, 500],
      request: { body: PatchBody, example: updateSubscriptionExample },
      responses: {
        200: {
          description: "The subscription (with the new secret when rotated)",
          schema: PatchedSubscription,
          example: { ...issuedSubscriptionExample, events: ["*"] },
        },
      },
      storeIdempotentResponse: false,
      handler: async ({ db, config, caller, body, commit, requestId }) => ({
        status: 200,
        body: await changeSubscription({ db, config, caller, commit, requestId }, body),
      }),
    }),

    defineOperation({
      operationId: "deleteWebhookSubscription",
      method: "delete",
      path: "/api/v1/webhooks",
      summary: "Remove the webhook subscription",
      description:
        "Removes the subscription and its secret; deliveries still pending are cancelled. The delivery log is kept.",
      scope: "webhooks:write",
      gate: "W",
      codes: [200, 401, 403, 404, 429, 500],
      responses: {
        200: {
          description: "The subscription was removed",
          schema: DeletedSubscription,
          example: { id: subscriptionExample.id!, deleted: true },
        },
      },
      // The answer names only the subscription the batch removed, which its audit entry names too.
      replay: async (_context, { resourceId }) =>
        resourceId ? { status: 200, body: { id: resourceId, deleted: true as const } } : undefined,
      handler: async ({ db, caller, commit }) => ({
        status: 200,
        body: await removeSubscription({ db, caller, commit }),
      }),
    }),

    defineOperation({
      operationId: "listWebhookDeliveries",
      method: "get",
      path: "/api/v1/webhooks/deliveries",
      summary: "Delivery attempt log",
      description:
        "Every delivery attempt of the company's events, newest first (created_at, then id, descending): status code, " +
        "duration, error, attempt number, trigger and when the next retry is due. Filter with success=true|false.",
      scope: "webhooks:read",
      gate: "A",
      codes: [200, 400, 401, 403, 429, 500],
      request: { query: DeliveriesQuery },
      responses: {
        200: {
          description: "A page of attempts",
          schema: offsetEnvelope(
            DeliveryAttempt,
            "WebhookDeliveryAttemptPage",
            "A page of delivery attempts, newest first",
          ),
          example: deliveryPageExample,
        },
      },
      handler: async ({ db, caller, query }) => ({
        status: 200,
        body: await listDeliveryAttempts(db, caller.company.id, query.success, query),
      }),
    }),

    defineOperation({
      operationId: "getEventCatalog",
      method: "get",
      path: "/api/v1/events/catalog",
      summary: "Event catalogue",
      description:
        "Every event type the API emits, with the JSON Schema of its data. Deliveries follow Standard Webhooks: " +
        "body { id, type, timestamp, data }; headers webhook-id (the event id), webhook-timestamp, webhook-signature.",
      scope: "webhooks:read",
      gate: "C",
      codes: [200, 400, 401, 403, 404, 429, 500],
      responses: {
        // Built when the document first reads it, not at start-up: it converts an event's schema to JSON Schema.
        200: {
          description: "The event types",
          schema: EventCatalog,
          get example() {
            return (example ??= catalogExample(catalog));
          },
        },
      },
      // Serialized once per isolate: the document is the same for every caller and every request.
      handler: async () => ({
        status: 200,
        body: (catalogBody ??= SerializedBody.of({ data: catalogEntries(catalog) })),
      }),
    }),

    defineOperation({
      operationId: "replayWebhookDelivery",
      method: "post",
      path: "/api/v1/events/replay",
      summary: "Re-send a webhook delivery",
      description:
        "Sends the event of a logged delivery again to the current subscription, with the same webhook-id (the event id) " +
        "and the current signing secret. The replay is a new delivery (trigger manual), retried like any other. " +
        "409 when the company has no enabled subscription.",
      scope: "webhooks:write",
      gate: "C",
      codes: [200, 400, 401, 403, 404, 409, 429, 500],
      request: { body: ReplayBody, example: replayExample },
      responses: { 200: { description: "The replay was queued", schema: ReplayResult, example: replayResultExample } },
      replay: async ({ db, caller }, { resourceId }) => {
        const queued = resourceId ? await queuedReplay({ db, caller }, resourceId) : undefined;
        return queued && { status: 200, body: queued };
      },
      handler: async ({ db, env, caller, body, commit }) => ({
        status: 200,
        body: await replayDelivery({ db, env, caller, commit }, body),
      }),
    }),

    defineOperation({
      operationId: "recoverWebhookDeliveries",
      method: "post",
      path: "/api/v1/webhooks/{id}/recover",
      summary: "Re-send the deliveries that failed since a time",
      description:
        "Every delivery of the subscription that failed at or after `since` (its retries exhausted, or abandoned while the " +
        "subscription was disabled) is sent again, once: each as a new delivery (trigger manual, replay_of the failed one) " +
        "with the same webhook-id, signed with the current secret, retried and logged like any other. A failure already " +
        "re-sent by an earlier recover is skipped, so recovering twice never sends one failure twice; a re-sent copy that " +
        `fails in its turn is a failure of its own, which a later recover sends. At most ${RECOVER_MAX} a call (has_more: ` +
        "call again). 202: the deliveries are queued, not yet made. 404 when id is not the company's current subscription; " +
        "409 when it is disabled (enable it first with PATCH /api/v1/webhooks).",
      scope: "webhooks:write",
      gate: "W",
      codes: [202, 400, 401, 403, 404, 409, 429, 500],
      request: { params: RecoverPath, body: RecoverBody, example: recoverExample },
      responses: {
        202: {
          description: "The failed deliveries, queued again",
          schema: RecoverResult,
          example: recoverResultExample,
        },
      },
      handler: async ({ db, env, caller, params, body, commit }) => ({
        status: 202,
        body: await recoverDeliveries({ db, env, caller, commit }, params.id, body),
      }),
    }),

    defineOperation({
      operationId: "sendTestWebhookEvent",
      method: "post",
      path: "/api/v1/webhooks/test",
      summary: "Send a test event",
      description:
        "Sends one event of the given type to the company's subscription, whatever types it subscribes to, so a receiver can be " +
        "built without causing the real event. Its `data` is an example valid against the type's schema (the catalogue's), and " +
        'its body says `"test": true` (a real event\'s body has no `test` member). It is signed and delivered like any event: ' +
        "retried, logged in GET /api/v1/webhooks/deliveries (trigger manual) and replayable. 202: the delivery is queued, not yet " +
        "made. An unknown type is 400 naming the catalogue's types; 409 when the company has no enabled subscription.",
      scope: "webhooks:write",
      gate: "W",
      codes: [202, 400, 401, 403, 404, 409, 429, 500],
      request: { body: TestEventBody, example: testEventExample },
      responses: {
        202: {
          description: "The test event, queued for delivery",
          schema: TestEventResult,
          example: testEventResultExample,
        },
      },
      replay: async ({ db, caller, body }, { resourceId }) => {
        const queued = resourceId ? await queuedTestEvent({ db, caller }, resourceId, body.type) : undefined;
        return queued && { status: 202, body: queued };
      },
      handler: async ({ db, env, caller, body, commit, requestId }) => ({
        status: 202,
        body: await sendTestEvent(
          { db, env, requestId },
          (statements, eventId) => commit(statements, { resourceType: "webhook_event", resourceId: eventId }),
          caller.company.id,
          definitions.get(body.type)!,
        ),
      }),
    }),
  ];
}
