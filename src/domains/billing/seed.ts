import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { DateTime } from "luxon";
import type { Database } from "../../data/client";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { companies } from "../../data/schema";
import { daysAgo, type Random } from "../../lib/random";
import { currencyExponent } from "../../lib/money";
import { scheduleDue } from "../../work/due";
import { localDateOf } from "../../lib/period";
import { companyTimeZone, type CostedCall } from "../calls";
import { ADDON_CATALOGUE, PLAN_CATALOGUE } from "./catalogue";
import { renewAddon } from "./jobs";
import { closeNumberOrder, NUMBER_ORDER_DEADLINE_MS } from "./deadlines";
import {
  billingInvoices,
  companyAddons,
  numberOrders,
  paymentMethods,
  subscriptions,
  usageRecords,
  walletLedger,
  wallets,
  type UsageKind,
  type WalletEntryKind,
  type WalletLedgerRow,
  type WalletReferenceType,
} from "./schema";

/** A movement of the seeded history, before its place in the ledger is known. */
interface Movement {
  at: number;
  kind: WalletEntryKind;
  /** Positive, in minor units; the kind gives the sign. */
  amountMinor: number;
  referenceType: WalletReferenceType;
  referenceId: string;
  description: string;
  usage?: { kind: UsageKind; quantity: number };
}

const campaignNames = [
  "Spring offers",
  "Kitchen renovation week",
  "Appointment reminders",
  "Bathroom showroom opening",
  "Summer closing notice",
];

/** Metered sends of the last two months and what each cost: SMS (one refunded, as not sent) and campaign emails. */
function messagingHistory(random: Random, now: number, scale: number): Movement[] {
  const movements: Movement[] = [];
  for (let n = 0; n < 40; n++) {
    const at = Date.parse(daysAgo(random, now, random.int(0, 59)));
    if (random.next() < 0.6) {
      const segments = random.int(1, 3);
      movements.push({
        at,
        kind: "charge",
        amountMinor: Math.max(1, Math.round(segments * 0.045 * scale)),
        referenceType: "sms",
        referenceId: crypto.randomUUID(),
        description: `SMS, ${segments} segment(s)`,
        usage: { kind: "sms_segment", quantity: segments },
      });
    } else {
      const emails = random.int(20, 200);
      movements.push({
        at,
        kind: "charge",
        amountMinor: Math.max(1, Math.round(emails * 0.005 * scale)),
        referenceType: "campaign",
        referenceId: crypto.randomUUID(),
        description: `Campaign "${random.pick(campaignNames)}": ${emails} emails`,
        usage: { kind: "email", quantity: emails },
      });
    }
  }
  const sms = movements.find((movement) => movement.referenceType === "sms" && movement.at < now - 3_600_000);
  if (sms) movements.push({ ...sms, at: sms.at + 60_000, kind: "refund", description: "SMS not sent" });
  return movements;
}

/**
 * The demo company's wallet and its ledger, built from what it paid for: each of its calls with a
 * cost (`calls`, seeded by the calls domain) and its metered sends, each charge with its usage
 * record in the company's zone, so the ledger, GET /billing/usage, the calls' totals and the
 * alerts' spend agree for every period; top-ups by card come before each charge the balance
 * would not cover. The calls domain seeds after billing, so the dialer's seed calls this.
 */
export async function seedWalletHistory(
  db: Database,
  companyId: string,
  calls: readonly CostedCall[],
  random: Random,
  now: number,
): Promise<Record<string, number>> {
  const company = await db
    .select({ currency: companies.defaultCurrency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  const currency = company?.currency ?? "EUR";
  const scale = 10 ** (currencyExponent(currency) ?? 2);
  const zone = await companyTimeZone(db, companyId);
  const callCharges = calls.map((call): Movement => {
    // Charged when it ended, unless that is another day than the one it is counted on (its start's).
    const ended = call.endedAt === null ? Date.parse(call.startedAt) : Date.parse(call.endedAt);
    const at = localDateOf(ended, zone) === call.localDate ? ended : Date.parse(call.startedAt);
    const seconds = Math.ceil(call.durationSeconds / 60) * 60;
    return {
      at,
      kind: "charge",
      amountMinor: call.costMinor,
      referenceType: "call",
      referenceId: call.id,
      description: `Call to ${call.toNumber}: ${seconds / 60} min`,
      usage: { kind: "call", quantity: seconds },
    };
  });
  const movements = [...callCharges, ...messagingHistory(random, now, scale)]
    .filter((movement) => movement.at <= now)
    .sort((a, b) => a.at - b.at);

  const ledger: WalletLedgerRow[] = [];
  const usage: (typeof usageRecords.$inferInsert)[] = [];
  let balance = 0;
  const append = (movement: Movement) => {
    const signed = movement.kind === "charge" ? -movement.amountMinor : movement.amountMinor;
    balance += signed;
    const createdAt = new Date(movement.at).toISOString();
    ledger.push({
      id: crypto.randomUUID(),
      companyId,
      seq: ledger.length + 1,
      kind: movement.kind,
      amountMinor: signed,
      balanceAfterMinor: balance,
      currency,
      referenceType: movement.referenceType,
      referenceId: movement.referenceId,
      description: movement.description,
      createdAt,
    });
    if (movement.usage) {
      const sign = movement.kind === "charge" ? 1 : -1;
      usage.push({
        id: crypto.randomUUID(),
        companyId,
        kind: movement.usage.kind,
        quantity: sign * movement.usage.quantity,
        costMinor: -signed,
        currency,
        localDate: localDateOf(movement.at, zone),
        occurredAt: createdAt,
      });
    }
  };
  for (const movement of movements) {
    while (movement.kind === "charge" && balance < movement.amountMinor) {
      // A top-up by card a little before the charge it makes possible (never before the previous movement).
      const at = Math.max(
        ledger.length === 0 ? 0 : Date.parse(ledger.at(-1)!.createdAt),
        movement.at - random.int(10, 120) * 60_000,
      );
      append({
        at,
        kind: "top_up",
        amountMinor: random.pick([100, 150, 200]) * scale,
        referenceType: "payment",
        referenceId: `pay_${random.int(100_000_000, 999_999_999)}`,
        description: "Top-up by card",
      });
    }
    append(movement);
  }
  if (ledger.length === 0) return { wallet_ledger: 0, usage_records: 0 };
  await runBatches(db, [
    db.insert(wallets).values({
      companyId,
      currency,
      balanceMinor: balance,
      createdAt: ledger[0]!.createdAt,
      updatedAt: ledger.at(-1)!.createdAt,
    }),
    ...chunkedInserts(db, walletLedger, ledger),
    ...chunkedInserts(db, usageRecords, usage),
  ]);
  return { wallet_ledger: ledger.length, usage_records: usage.length };
}

const MONTH_MS = 30 * 86_400_000;

/**
 * An account's billing around its wallet: a card on file, the subscription of its plan (when the
 * plan is sold in its currency), an add-on, six months of the platform's invoices (the last one
 * open), two number orders waiting, and messaging usage of the last two months.
 */
export async function seedBillingAccount(
  db: Database,
  companyId: string,
  random: Random,
  now: number,
): Promise<Record<string, number>> {
  const company = await db
    .select({ plan: companies.plan, currency: companies.defaultCurrency, vatRate: companies.defaultVatRate })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  if (!company) return {};
  const currency = company.currency ?? "EUR";
  const scale = 10 ** (currencyExponent(currency) ?? 2);
  const at = (ms: number) => new Date(ms).toISOString();
  const statements: BatchItem<"sqlite">[] = [
    db.insert(paymentMethods).values({
      companyId,
      provider: "stripe",
      customerId: `cus_${random.int(10_000_000, 99_999_999)}`,
      paymentMethodId: "pm_card_visa",
      brand: "visa",
      last4: "4242",
      createdAt: at(now - 6 * MONTH_MS),
      updatedAt: at(now - 6 * MONTH_MS),
    }),
  ];

  const monthly = PLAN_CATALOGUE[company.plan].monthly[currency];
  let invoices = 0;
  if (monthly !== undefined) {
    const periodStart = DateTime.fromMillis(now, { zone: "UTC" }).startOf("month");
    statements.push(
      db.insert(subscriptions).values({
        companyId,
        plan: company.plan,
        cycle: "monthly",
        priceMinor: Math.round(monthly * scale),
        currency,
        currentPeriodStart: periodStart.toJSDate().toISOString(),
        currentPeriodEnd: periodStart.plus({ months: 1 }).toJSDate().toISOString(),
        scheduledPlan: null,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        version: 1,
        createdAt: at(now - 6 * MONTH_MS),
        updatedAt: at(now - 6 * MONTH_MS),
      }),
    );
    for (let month = 6; month >= 1; month--) {
      const start = periodStart.minus({ months: month });
      const end = start.plus({ months: 1 }).minus({ days: 1 });
      const issued = start.plus({ months: 1, hours: 6 });
      const subtotalMinor = Math.round(monthly * scale) + random.int(0, 40) * scale;
      const taxMinor = Math.round((subtotalMinor * company.vatRate) / 100);
      const open = month === 1;
      invoices++;
      statements.push(
        db.insert(billingInvoices).values({
          id: crypto.randomUUID(),
          companyId,
          seq: 7 - month,
          number: `INV-${start.year}-${String(7 - month).padStart(6, "0")}`,
          status: open ? "open" : "paid",
          periodStart: start.toISODate()!,
          periodEnd: end.toISODate()!,
          subtotalMinor,
          taxMinor,
          totalMinor: subtotalMinor + taxMinor,
          currency,
          issuedAt: issued.toJSDate().toISOString(),
          dueAt: issued.plus({ days: 14 }).toJSDate().toISOString(),
          paidAt: open ? null : issued.plus({ minutes: 1 }).toJSDate().toISOString(),
        }),
      );
    }
  }
  const recording = ADDON_CATALOGUE.call_recording.monthly[currency];
  if (recording !== undefined) {
    // Hired two months ago: its renewal is due at its next anniversary.
    const hiredAt = DateTime.fromMillis(now - 2 * MONTH_MS, { zone: "UTC" });
    let periodEnd = hiredAt.plus({ months: 1 });
    while (periodEnd.toMillis() <= now) periodEnd = periodEnd.plus({ months: 1 });
    const renewal = scheduleDue(renewAddon, companyId, periodEnd.toJSDate().toISOString(), {
      addonType: "call_recording",
    });
    statements.push(
      db.insert(companyAddons).values({
        companyId,
        addonType: "call_recording",
        priceMinor: Math.round(recording * scale),
        currency,
        hiredAt: hiredAt.toJSDate().toISOString(),
        currentPeriodEnd: periodEnd.toJSDate().toISOString(),
        renewalId: renewal.id,
      }),
      renewal.insert(db, at(now)),
    );
  }

  const orders = [
    {
      country: "ES",
      numberType: "local" as const,
      e164: null,
      status: "pending_documents" as const,
      statusReason: "Proof of address in the number's province",
    },
    {
      country: "PT",
      numberType: "mobile" as const,
      e164: "+351912345678",
      status: "processing" as const,
      statusReason: "With the carrier",
    },
  ];
  for (const [index, order] of orders.entries()) {
    const id = crypto.randomUUID();
    const createdAt = daysAgo(random, now, 3 + index * 4);
    // Closed at its deadline if still pending then, as an order the panel records is (docs/deadlines.md).
    const deadline = new Date(Date.parse(createdAt) + NUMBER_ORDER_DEADLINE_MS).toISOString();
    statements.push(
      db.insert(numberOrders).values({
        id,
        companyId,
        ...order,
        setupPriceMinor: 5 * scale,
        monthlyPriceMinor: 3 * scale,
        currency,
        createdAt,
        updatedAt: daysAgo(random, now, 1),
      }),
      scheduleDue(closeNumberOrder, companyId, deadline, { orderId: id }).insert(db, at(now)),
    );
  }

  await runBatches(db, statements);
  return { billing_invoices: invoices, number_orders: orders.length };
}
