import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { Env } from "../src/env";
import worker from "../src/index";
import { clock } from "../src/lib/clock";
import { webhookDeliveries } from "../src/domains/webhooks/schema";
import { MAX_IN_FLIGHT } from "../src/domains/webhooks/delivery";
import { companyMessage } from "../src/work/queue-message";
import { db } from "./helpers";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Runs these webhook deliveries through the Worker's real queue handler, with `vars` (a loopback
 * receiver allowed), until none is pending; returns their rows as they ended. Each round makes
 * the pending ones no consumer holds due now and hands them over in batches of MAX_IN_FLIGHT (the
 * subscription's cap: more at once would only be deferred). The consumer running in the background
 * (wrangler.toml's variables, which refuse 127.0.0.1 without a request) may attempt them too, at
 * any moment: one it holds is waited for until its attempt ends or its lease runs out (the code's
 * clock), never taken from it, so no attempt's outcome overwrites another's. No bound in wall time;
 * throws if some are still pending after `rounds` rounds that ran some.
 */
export async function settleDeliveries(
  deliveryIds: readonly string[],
  { vars = {} as Partial<Env>, rounds = 30 } = {},
): Promise<DeliveryRow[]> {
  const d = webhookDeliveries;
  const rows = () =>
    db
      .select()
      .from(d)
      .where(inArray(d.id, [...deliveryIds]));
  for (let round = 0; round < rounds; ) {
    const pending = (await rows()).filter((row) => row.status === "pending");
    if (pending.length === 0) return rows();
    const now = new Date(clock.now()).toISOString();
    const free = pending.filter((row) => row.leaseUntil === null || row.leaseUntil <= now);
    if (free.length === 0) {
      // Held by the background consumer: its attempt ends, or its lease runs out.
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    for (let start = 0; start < free.length; start += MAX_IN_FLIGHT) {
      const slice = free.slice(start, start + MAX_IN_FLIGHT);
      await db
        .update(d)
        .set({ nextAttemptAt: new Date(clock.now()).toISOString() })
        .where(
          and(
            inArray(
              d.id,
              slice.map((row) => row.id),
            ),
            eq(d.status, "pending"),
            or(isNull(d.leaseUntil), lte(d.leaseUntil, now)),
          ),
        );
      const batch = createMessageBatch<string>(
        "public-api-webhooks",
        slice.map((row) => ({
          id: crypto.randomUUID(),
          timestamp: new Date(),
          attempts: 1,
          body: companyMessage({ id: row.id, companyId: row.companyId }),
        })),
      );
      const ctx = createExecutionContext();
      await worker.queue(batch, { ...env, ...vars }, ctx);
      await getQueueResult(batch, ctx);
    }
    round++;
  }
  throw new Error(`Webhook deliveries still pending after ${rounds} rounds.`);
}
