import { DAY_MS, type RetentionRule } from "../../work/retention";
import { webhookAttempts, webhookDeliveries, webhookEvents } from "./schema";

/**
 * The webhook log is kept 30 days, what Stripe keeps for events: its events, deliveries and
 * attempts, each by when it was written. A delivery is finished long before (its last retry is
 * about 30 h after the event), and a replay of a delivery older than this is refused (replayDelivery).
 */
export const WEBHOOK_LOG_RETENTION_MS = 30 * DAY_MS;
export const WEBHOOK_LOG_RETENTION_DAYS = WEBHOOK_LOG_RETENTION_MS / DAY_MS;

export const webhookRetention: readonly RetentionRule[] = [
  { table: webhookEvents, time: webhookEvents.createdAt, windowMs: WEBHOOK_LOG_RETENTION_MS },
  { table: webhookDeliveries, time: webhookDeliveries.createdAt, windowMs: WEBHOOK_LOG_RETENTION_MS },
  { table: webhookAttempts, time: webhookAttempts.createdAt, windowMs: WEBHOOK_LOG_RETENTION_MS },
];
