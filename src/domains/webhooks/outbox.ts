import { and, eq, is, sql, SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { inChunks } from "../../data/bulk";
import { bound, preparedStatement, type Database } from "../../data/client";
import { ApiError, loggableError } from "../../lib/errors";
import type { BatchValue, EmittedEvent, EventSink, Fill } from "../../data/events";
import type { Env } from "../../env";
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from "./schema";
import { clock } from "../../lib/clock";
import { companyMessage, type CompanyRow } from "../../work/queue-message";

/** Messages per Queue sendBatch call (the platform's limit). */
const QUEUE_SEND_BATCH_MAX = 100;

/** Standard Webhooks bodies stay small; ours are at most 64 KB. */
export const MAX_EVENT_BODY_BYTES = 64 * 1024;
/** Room left for `fill` values, which are only known inside the transaction. */
const FILL_MARGIN_BYTES = 1024;
const utf8 = new TextEncoder();

export interface Outbox {
  statements: BatchItem<"sqlite">[];
  /** The ids of the deliveries the batch created, read from the results of `statements`. */
  createdDeliveries(results: readonly unknown[]): string[];
}

const s = webhookSubscriptions;
/**
 * The delivery of an event, one row at most: an INSERT ... SELECT that yields the row only when the
 * emitting company has an enabled subscription whose event set includes the type. Every column, in
 * table order (drizzle's INSERT ... SELECT requires it). Built once per database (the write's hot
 * path), its values bound per event.
 */
const subscribedDelivery = preparedStatement((db) =>
  db
    .insert(webhookDeliveries)
    .select(
      db
        .select({
          id: sql<string>`${sql.placeholder("deliveryId")}`.as("id"),
          companyId: s.companyId,
          eventId: sql<string>`${sql.placeholder("eventId")}`.as("event_id"),
          subscriptionId: sql<string>`${s.id}`.as("subscription_id"),
          trigger: sql<"scheduled">`'scheduled'`.as("trigger"),
          replayOf: sql<string | null>`NULL`.as("replay_of"),
          status: sql<"pending">`'pending'`.as("status"),
          attempts: sql<number>`0`.as("attempts"),
          nextAttemptAt: sql<string>`${sql.placeholder("now")}`.as("next_attempt_at"),
          leaseUntil: sql<string | null>`NULL`.as("lease_until"),
          lastStatusCode: sql<number | null>`NULL`.as("last_status_code"),
          lastError: sql<string | null>`NULL`.as("last_error"),
          createdAt: sql<string>`${sql.placeholder("now")}`.as("created_at"),
          updatedAt: sql<string>`${sql.placeholder("now")}`.as("updated_at"),
          recoveredBy: sql<string | null>`NULL`.as("recovered_by"),
        })
        .from(s)
        .where(
          and(
            eq(s.companyId, sql.placeholder("companyId")),
            eq(s.enabled, true),
            sql`EXISTS (SELECT 1 FROM json_each(${s.events}) WHERE json_each.value IN (${sql.placeholder("type")}, ${"*"}))`,
          ),
        ),
    )
    .returning({ id: webhookDeliveries.id })
    .prepare(),
);

/** The outbox's own placeholders, apart from those of the domains' fill expressions. */
const EVENT_VALUES = {
  id: "outbox.id",
  companyId: "outbox.company_id",
  type: "outbox.type",
  data: "outbox.data",
  createdAt: "outbox.created_at",
  requestId: "outbox.request_id",
} as const;
const eventInserts = preparedStatement(() => new Map<string, ReturnType<typeof buildEventInsert>>());
/** Ids of the BatchValue expressions seen, which name the shapes of prepared event inserts. */
const expressionIds = new WeakMap<SQL, number>();
let expressions = 0;
const expressionId = (expression: SQL) => {
  if (!expressionIds.has(expression)) expressionIds.set(expression, ++expressions);
  return expressionIds.get(expression)!;
};

const withData = (data: SQL, fill: Record<string, SQL>) =>
  Object.entries(fill).reduce(
    (json, [member, expression]) => sql`json_set(${json}, ${`$."${member}"`}, ${expression})`,
    data,
  );

function buildEventInsert(db: Database, fill: Record<string, BatchValue>) {
  const placeholder = (name: keyof typeof EVENT_VALUES) => sql.placeholder(EVENT_VALUES[name]);
  const data = withData(
    sql`${placeholder("data")}`,
    Object.fromEntries(Object.entries(fill).map(([member, value]) => [member, value.expression])),
  );
  return db
    .insert(webhookEvents)
    .values({
      id: placeholder("id"),
      companyId: placeholder("companyId"),
      type: placeholder("type"),
      data,
      createdAt: placeholder("createdAt"),
      requestId: placeholder("requestId"),
    })
    .prepare();
}

/**
 * The event row, its `fill` members set inside the batch. Built once per database and set of fill
 * expressions, unless a fill is plain SQL of this write (then drizzle builds it for this request).
 */
function eventInsert(
  db: Database,
  row: Record<Exclude<keyof typeof EVENT_VALUES, "requestId">, string> & { requestId: string | null },
  fill: Record<string, Fill>,
): BatchItem<"sqlite"> {
  const fills = Object.entries(fill);
  const plainSql = fills.filter(([, value]) => is(value, SQL)).length;
  if (plainSql > 0) {
    if (plainSql < fills.length)
      throw new Error(`The ${row.type} event mixes plain SQL and BatchValue fills; use one kind.`);
    return db.insert(webhookEvents).values({ ...row, data: withData(sql`${row.data}`, fill as Record<string, SQL>) });
  }
  const batchValues = fill as Record<string, BatchValue>;
  const shape = fills.map(([member, value]) => `${member}=${expressionId((value as BatchValue).expression)}`).join(",");
  const inserts = eventInserts(db);
  let prepared = inserts.get(shape);
  if (!prepared) inserts.set(shape, (prepared = buildEventInsert(db, batchValues)));
  const values: Record<string, unknown> = Object.assign({}, ...Object.values(batchValues).map((value) => value.values));
  for (const name of Object.keys(EVENT_VALUES) as (keyof typeof EVENT_VALUES)[]) values[EVENT_VALUES[name]] = row[name];
  return bound(prepared, values);
}

/**
 * The transactional outbox: for each event, an INSERT of the event row and an INSERT ... SELECT
 * of its delivery, which yields a row only when the emitting company has an enabled subscription
 * whose event set includes the type. Both run in the write's own batch, so the write, its events
 * and their deliveries commit together, with no read before the batch.
 */
export function outboxStatements(
  db: Database,
  companyId: string,
  events: readonly EmittedEvent[],
  now = clock.iso(),
): Outbox {
  const statements: BatchItem<"sqlite">[] = [];
  for (const event of events) {
    const eventId = crypto.randomUUID();
    const json = JSON.stringify(event.data);
    const envelope = JSON.stringify({ id: eventId, type: event.type, timestamp: now, data: null }).length;
    // A UTF-16 code unit is at most 3 bytes of UTF-8: only a long text needs its bytes counted.
    const room = MAX_EVENT_BODY_BYTES - FILL_MARGIN_BYTES - envelope;
    if (json.length * 3 > room && utf8.encode(json).byteLength > room) {
      // Only long free text gets here (notes, custom fields, mostly escaped characters); the write
      // is refused before anything is stored, so the client can shorten it and retry.
      throw new ApiError(
        "payload_too_large",
        `This change would make a ${event.type} webhook event of more than ${MAX_EVENT_BODY_BYTES / 1024} KB; send shorter text fields.`,
      );
    }
    statements.push(
      eventInsert(
        db,
        { id: eventId, companyId, type: event.type, data: json, createdAt: now, requestId: event.requestId ?? null },
        event.fill ?? {},
      ),
    );
    statements.push(
      bound(subscribedDelivery(db), { deliveryId: crypto.randomUUID(), companyId, eventId, type: event.type, now }),
    );
  }
  return {
    statements,
    createdDeliveries: (results) =>
      results.filter((_, index) => index % 2 === 1).flatMap((rows) => (rows as { id: string }[]).map((row) => row.id)),
  };
}

/**
 * Hands deliveries to the Queue; the message names the delivery and its company. A failed send
 * loses nothing: the delivery row is pending and due, and the sweep (Cron Trigger) enqueues it again.
 */
export async function enqueueDeliveries(
  env: Pick<Env, "WEBHOOK_QUEUE">,
  deliveries: readonly CompanyRow[],
): Promise<void> {
  for (const slice of inChunks(deliveries, QUEUE_SEND_BATCH_MAX)) {
    try {
      await env.WEBHOOK_QUEUE.sendBatch(
        slice.map((delivery) => ({ body: companyMessage(delivery), contentType: "json" as const })),
      );
    } catch (error) {
      console.error(
        JSON.stringify({
          message: "webhook enqueue failed; the sweep will retry",
          deliveries: slice.map((delivery) => delivery.id),
          ...loggableError(error),
        }),
      );
    }
  }
}

/** The webhooks domain receives every write's events: its outbox statements join the write's batch. */
export const webhookOutbox: EventSink = {
  statements(db, companyId, events) {
    const outbox = outboxStatements(db, companyId, events);
    return {
      statements: outbox.statements,
      afterCommit: (env, results) =>
        enqueueDeliveries(
          env,
          outbox.createdDeliveries(results).map((id) => ({ id, companyId })),
        ),
    };
  },
};
