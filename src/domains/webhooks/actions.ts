import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import type { Database } from "../../data/client";
import { nowIso } from "../../data/schema";
import { clock } from "../../lib/clock";
import { ApiError, notFound, orNotFound } from "../../lib/errors";
import { requireResolvedPublicDestination } from "../../lib/destination";
import { gateway } from "../../integrations";
import type { EventDefinition } from "../../data/events";
import type { WriteStatement } from "../../core/operation";
import { WEBHOOK_LOG_RETENTION_DAYS, WEBHOOK_LOG_RETENTION_MS } from "./retention";
import { commitNamed } from "../../core/commit";
import { present, RECOVER_MAX, type RecoverBody, type ReplayBody, type subscriptionBodies } from "./model";
import { enqueueDeliveries } from "./outbox";
import {
  currentSubscription,
  findDelivery,
  recoverStatements,
  removeSubscriptionStatements,
  replaceSubscriptionStatements,
  replayStatements,
  testEventDelivery,
  testEventStatements,
  updateSubscriptionStatements,
} from "./queries";
import { exampleOf } from "./examples";
import type { SubscriptionRow } from "./schema";
import { encryptSecret, newSigningSecret } from "./signing";

/* What the webhook operations do between their declarations (routes.ts) and their SQL (queries.ts). */

type SubscriptionBodies = ReturnType<typeof subscriptionBodies>;

/** The company's one subscription, or the 404. */
const existingSubscription = (db: Database, companyId: string) =>
  orNotFound(currentSubscription(db, companyId), "webhook subscription");

/** Creates the subscription or replaces the current one (new id, new signing secret, shown only in this answer). */
/** The destination check of every URL a subscription gets: its form, then what its host resolves to. */
const requireDestination = ({ config, requestId, caller }: Uses<"config" | "requestId" | "caller">, url: string) =>
  requireResolvedPublicDestination(url, config.webhooksAllowLoopback, (name) =>
    gateway({ config, requestId, caller }).dns.addresses(name),
  );

export async function replaceSubscription(
  { db, config, caller, commit, requestId }: Uses<"db" | "config" | "caller" | "commit" | "requestId">,
  body: z.output<SubscriptionBodies["CreateBody"]>,
) {
  const companyId = caller.company.id;
  await requireDestination({ config, requestId, caller }, body.url);
  const secret = newSigningSecret();
  const now = nowIso();
  const row: SubscriptionRow = {
    id: crypto.randomUUID(),
    companyId,
    url: body.url,
    events: body.events,
    secretCiphertext: await encryptSecret(config.webhookSecretKey, secret, companyId),
    enabled: body.enabled,
    disabledReason: null,
    disabledAt: body.enabled ? null : now,
    failingSince: null,
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
  await commit(replaceSubscriptionStatements(db, row, now), {
    resourceType: "webhook_subscription",
    resourceId: row.id,
  });
  return { ...present(row), secret };
}

/** Changes the subscription as read (409 if another write moved it); a rotated secret is in the answer only. */
export async function changeSubscription(
  { db, config, caller, commit, requestId }: Uses<"db" | "config" | "caller" | "commit" | "requestId">,
  body: z.output<SubscriptionBodies["PatchBody"]>,
) {
  const companyId = caller.company.id;
  const existing = await existingSubscription(db, companyId);
  if (body.url !== undefined) await requireDestination({ config, requestId, caller }, body.url);
  const secret = body.rotate_secret ? newSigningSecret() : undefined;
  const now = nowIso();
  const enabled = body.enabled ?? existing.enabled;
  // Enabling a disabled subscription starts afresh: no reason, and five new days before failures disable it.
  const reEnabled = enabled && !existing.enabled;
  const updated: SubscriptionRow = {
    ...existing,
    url: body.url ?? existing.url,
    events: body.events ?? existing.events,
    enabled,
    disabledReason: enabled ? null : existing.disabledReason,
    disabledAt: enabled ? null : (existing.disabledAt ?? now),
    failingSince: reEnabled ? null : existing.failingSince,
    secretCiphertext: secret
      ? await encryptSecret(config.webhookSecretKey, secret, companyId)
      : existing.secretCiphertext,
    updatedAt: now,
    version: existing.version + 1,
  };
  await commit(updateSubscriptionStatements(db, existing, updated), {
    resourceType: "webhook_subscription",
    resourceId: existing.id,
  });
  return { ...present(updated), ...(secret ? { secret } : {}) };
}

/** Removes the subscription and cancels its pending deliveries; the delivery log stays. */
export async function removeSubscription({ db, caller, commit }: Uses<"db" | "caller" | "commit">) {
  const existing = await existingSubscription(db, caller.company.id);
  await commit(removeSubscriptionStatements(db, existing, nowIso()), {
    resourceType: "webhook_subscription",
    resourceId: existing.id,
  });
  return { id: existing.id, deleted: true as const };
}

/** Queues the event of a logged delivery again, as a new delivery to the current, enabled subscription. */
export async function replayDelivery(
  { db, env, caller, commit }: Uses<"db" | "env" | "caller" | "commit">,
  body: z.output<typeof ReplayBody>,
) {
  const companyId = caller.company.id;
  const original = await findDelivery(db, companyId, body.delivery_id);
  if (!original) {
    throw new ApiError(
      "not_found",
      `No such webhook delivery. Deliveries and their events are kept ${WEBHOOK_LOG_RETENTION_DAYS} days, then deleted: one older than that can no longer be replayed.`,
    );
  }
  // Past the window but not yet deleted (retention works in batches): refused all the same, so the answer does not depend on when retention ran.
  const retainedSince = new Date(clock.now() - WEBHOOK_LOG_RETENTION_MS).toISOString();
  if (original.createdAt < retainedSince) {
    throw new ApiError(
      "conflict",
      `The delivery is older than the webhook log's ${WEBHOOK_LOG_RETENTION_DAYS}-day retention; its event is no longer kept to be sent again.`,
      {
        created_at: original.createdAt,
      },
    );
  }
  const subscription = await currentSubscription(db, companyId);
  if (!subscription)
    throw new ApiError(
      "conflict",
      "The company has no webhook subscription to send to; create one with POST /api/v1/webhooks.",
    );
  if (!subscription.enabled) {
    throw new ApiError(
      "conflict",
      "The webhook subscription is disabled; enable it with PATCH /api/v1/webhooks first.",
    );
  }
  const id = crypto.randomUUID();
  await commit(
    replayStatements(db, { id, companyId, subscriptionId: subscription.id, original, now: nowIso(), retainedSince }),
    {
      resourceType: "webhook_delivery",
      resourceId: id,
    },
  );
  await enqueueDeliveries(env, [{ id, companyId }]);
  return { delivery_id: id, replay_of: original.id, event_id: original.eventId, status: "pending" as const };
}

/**
 * A replay's answer read back (its replay): the delivery its batch queued, as queued. Its message
 * to the deliveries Queue may have been lost with the Worker; the sweep sends a pending delivery
 * whose message never came.
 */
export async function queuedReplay({ db, caller }: Uses<"db" | "caller">, deliveryId: string) {
  const delivery = await findDelivery(db, caller.company.id, deliveryId);
  if (!delivery?.replayOf) return undefined;
  return {
    delivery_id: delivery.id,
    replay_of: delivery.replayOf,
    event_id: delivery.eventId,
    status: "pending" as const,
  };
}

/** A test event's answer read back (its replay): the event its batch stored, and its delivery, as queued (the sweep sends one whose message was lost). */
export async function queuedTestEvent({ db, caller }: Uses<"db" | "caller">, eventId: string, type: string) {
  const delivery = await testEventDelivery(db, caller.company.id, eventId);
  if (!delivery) return undefined;
  return { event_id: eventId, delivery_id: delivery.id, type, test: true as const, status: "pending" as const };
}

/** Commits a test event's statements; `eventId` names it in the audit log. */
type CommitTestEvent = (statements: WriteStatement[], eventId: string) => Promise<unknown>;

/**
 * One event of `definition`'s type, its data an example built from the type's schema and marked
 * test, queued to the company's enabled subscription (whatever types it subscribes to: it was
 * asked for by name) as a delivery like any other: signed, retried, logged and replayable.
 */
export async function sendTestEvent(
  { db, env, requestId }: Uses<"db" | "env"> & { requestId?: string },
  commit: CommitTestEvent,
  companyId: string,
  definition: EventDefinition,
) {
  const subscription = await currentSubscription(db, companyId);
  if (!subscription)
    throw new ApiError(
      "conflict",
      "The company has no webhook subscription to send a test event to; create one with POST /api/v1/webhooks.",
    );
  if (!subscription.enabled)
    throw new ApiError(
      "conflict",
      "The webhook subscription is disabled; enable it with PATCH /api/v1/webhooks before sending a test event.",
    );
  const eventId = crypto.randomUUID();
  const deliveryId = crypto.randomUUID();
  const data = exampleOf(definition.schema, definition.type);
  await commit(
    testEventStatements(db, {
      eventId,
      deliveryId,
      companyId,
      subscriptionId: subscription.id,
      type: definition.type,
      data,
      now: nowIso(),
      requestId: requestId ?? null,
    }),
    eventId,
  );
  await enqueueDeliveries(env, [{ id: deliveryId, companyId }]);
  return {
    event_id: eventId,
    delivery_id: deliveryId,
    type: definition.type,
    test: true as const,
    status: "pending" as const,
  };
}

/**
 * Re-sends every delivery of the subscription that failed since `since`, once each: a failure a
 * recover already re-sent is skipped (its copy is pending, or answered for itself), so two recovers
 * never send one failure twice. The copies carry the events' ids, so webhook-id is the one the
 * receiver may have seen.
 */
export async function recoverDeliveries(
  { db, env, caller, commit }: Uses<"db" | "env" | "caller" | "commit">,
  subscriptionId: string,
  body: z.output<typeof RecoverBody>,
) {
  const companyId = caller.company.id;
  const subscription = await currentSubscription(db, companyId);
  // Another company's subscription, or one replaced since (a new id): as an id that does not exist.
  if (subscription?.id !== subscriptionId) throw notFound("webhook subscription");
  if (!subscription.enabled) {
    throw new ApiError(
      "conflict",
      "The webhook subscription is disabled; enable it with PATCH /api/v1/webhooks first, then recover.",
      { disabled_reason: subscription.disabledReason },
    );
  }
  const recoveryId = crypto.randomUUID();
  const { copies } = await commitNamed(
    commit,
    recoverStatements(db, {
      recoveryId,
      companyId,
      subscriptionId,
      since: body.since,
      retainedSince: new Date(clock.now() - WEBHOOK_LOG_RETENTION_MS).toISOString(),
      now: nowIso(),
      limit: RECOVER_MAX,
    }),
    { resourceType: "webhook_subscription", resourceId: subscriptionId },
  );
  await enqueueDeliveries(
    env,
    copies.map((row) => ({ id: row.id, companyId })),
  );
  return { id: subscriptionId, since: body.since, queued: copies.length, has_more: copies.length >= RECOVER_MAX };
}
