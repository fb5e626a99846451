import { z } from "@hono/zod-openapi";
import { defineEvent, defineResourceEvent, type EventDefinition } from "../../data/events";
import { eventSequenceField } from "../../lib/schemas";
import { numberOrders, numberTypes, pendingNumberOrderStatuses, topUps } from "./schema";
import { addonTypes } from "./catalogue";

const amount = z.number().openapi({ description: "In major units of currency" });
const instant = z.string().openapi({ format: "date-time" });

export const walletToppedUp = defineResourceEvent(
  "wallet.topped_up",
  "The wallet was topped up by card (POST /billing/topups, or Stripe's payment event for it): the top-up is `succeeded`. Numbered by `sequence` among the top-up's events.",
  z.object({
    top_up_id: z.string().uuid(),
    amount,
    currency: z.string(),
    payment_reference: z.string().openapi({ description: "The payment provider's id of the charge" }),
    created_at: instant,
    status: z.literal("succeeded"),
    previous_status: z
      .enum(["pending", "failed"])
      .nullable()
      .describe(
        "The top-up's status before this event: pending, failed (a payment completed after its deadline), or null when Stripe's event recorded a top-up this API had not",
      ),
    sequence: eventSequenceField(),
  }),
  ({ top_up_id }) => ({ table: topUps, id: top_up_id }),
);

export const subscriptionChanged = defineEvent(
  "subscription.changed",
  "The plan was hired, upgraded (in force now), a downgrade was scheduled for the end of the period, or the subscription was cancelled at the end of the period.",
  z.object({
    change: z.enum(["hired", "upgraded", "downgrade_scheduled", "cancelled"]),
    plan: z.string().openapi({ description: "The plan in force" }),
    scheduled_plan: z.string().nullable(),
    cancel_at: instant.nullable(),
    charged: amount,
    currency: z.string(),
    changed_at: instant,
  }),
);

export const addonHired = defineEvent(
  "addon.hired",
  "An add-on was hired and its first month charged; `resumed` when it was suspended and hiring it again resumed it.",
  z.object({
    addon_type: z.enum(addonTypes),
    charged: amount,
    currency: z.string(),
    hired_at: instant,
    resumed: z.boolean(),
  }),
);
export const addonRenewed = defineEvent(
  "addon.renewed",
  "A hired add-on's month ended and the next one was charged to the wallet (and invoiced).",
  z.object({
    addon_type: z.enum(addonTypes),
    charged: amount,
    currency: z.string(),
    current_period_end: instant,
    renewed_at: instant,
  }),
);
export const addonSuspended = defineEvent(
  "addon.suspended",
  "A hired add-on's month ended and the wallet could not pay the next one: it is suspended (grants nothing) until it is hired again.",
  z.object({
    addon_type: z.enum(addonTypes),
    price: amount,
    currency: z.string(),
    balance: amount,
    suspended_at: instant,
  }),
);
export const addonCancelled = defineEvent(
  "addon.cancelled",
  "A hired add-on was cancelled.",
  z.object({ addon_type: z.enum(addonTypes), cancelled_at: instant }),
);

export const walletTopUpFailed = defineResourceEvent(
  "wallet.top_up_failed",
  "A top-up ended without a payment: its deadline passed and Stripe showed no completed payment for it (`failure_reason` says why; no_provider_outcome when Stripe could not be asked). Nothing was credited. A payment Stripe completes later is still credited (wallet.topped_up).",
  z
    .object({
      top_up_id: z.string().uuid(),
      amount,
      currency: z.string(),
      status: z.literal("failed"),
      previous_status: z.literal("pending").describe("The top-up's status before this event"),
      failure_reason: z.string(),
      created_at: instant,
      failed_at: instant,
      sequence: eventSequenceField(),
    })
    .strict(),
  ({ top_up_id }) => ({ table: topUps, id: top_up_id }),
);

export const numberOrderCancelled = defineResourceEvent(
  "number_order.cancelled",
  "A number order waited past its deadline (documents, payment or the carrier never came) and was cancelled (`status_reason` says why). Nothing was charged.",
  z
    .object({
      id: z.string().uuid(),
      country: z.string(),
      number_type: z.enum(numberTypes),
      status: z.literal("cancelled"),
      previous_status: z.enum(pendingNumberOrderStatuses).describe("The order's status before this event"),
      status_reason: z.string(),
      cancelled_at: instant,
      sequence: eventSequenceField(),
    })
    .strict(),
  ({ id }) => ({ table: numberOrders, id }),
);

export const billingEvents: EventDefinition[] = [
  walletToppedUp,
  walletTopUpFailed,
  numberOrderCancelled,
  subscriptionChanged,
  addonHired,
  addonRenewed,
  addonSuspended,
  addonCancelled,
];
