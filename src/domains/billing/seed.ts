import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { DateTime } from "luxon";
import type { Database } from "../../core/db/client";
import { chunkedInserts, runBatches } from "../../core/db/bulk";
import { companies } from "../../core/db/schema";
import { daysAgo, type Random } from "../../core/random";
import { currencyExponent } from "../../core/money";
import { scheduleDue } from "../../core/due";
import { ADDON_CATALOGUE, PLAN_CATALOGUE } from "./catalogue";
import { renewAddon } from "./jobs";
import {
  billingInvoices,
  companyAddons,
  numberOrders,
  paymentMethods,
  subscriptions,
  usageKinds,
  usageRecords,
  walletLedger,
  wallets,
  type UsageKind,
  type WalletEntryKind,
  type WalletLedgerRow,
  type WalletReferenceType,
} from "./schema";

interface Movement {
  kind: WalletEntryKind;
  /** Signed, in major units (converted with the currency's exponent). */
  amount: number;
  referenceType: WalletReferenceType;
  description: string;
}

const campaignNames = ["Spring offers", "Kitchen renovation week", "Appointment reminders", "Bathroom showroom opening", "Summer closing notice"];

/** Two months of a prepaid account: top-ups by card, campaign dispatches, calls, an add-on, a refund. */
function history(random: Random): Movement[] {
  const smsPrice = 0.045;
  const minutePrice = 0.02;
  const campaign = (): Movement => {
    const messages = random.int(300, 1500);
    return {
      kind: "charge",
      amount: -Math.round(messages * smsPrice * 100) / 100,
      referenceType: "campaign",
      description: `Campaign "${random.pick(campaignNames)}": ${messages} SMS`,
    };
  };
  const calls = (): Movement => {
    const minutes = random.int(20, 400);
    return { kind: "charge", amount: -Math.round(minutes * minutePrice * 100) / 100, referenceType: "call", description: `Outbound calls: ${minutes} min` };
  };
  const undelivered = random.int(10, 60);
  return [
    { kind: "top_up", amount: random.pick([100, 150, 200]), referenceType: "payment", description: "Top-up by card" },
    campaign(),
    calls(),
    { kind: "charge", amount: -9, referenceType: "add_on", description: "Add-on: extra phone number (monthly)" },
    campaign(),
    { kind: "refund", amount: Math.round(undelivered * smsPrice * 100) / 100, referenceType: "campaign", description: `Refund: ${undelivered} undelivered SMS` },
    calls(),
    { kind: "top_up", amount: random.pick([50, 100]), referenceType: "payment", description: "Top-up by card" },
    campaign(),
    calls(),
  ];
}

/**
 * The company's wallet, in its default currency (EUR when it has none), with a ledger of two
 * months whose amounts add up to the balance. A charge the balance would not cover is left out,
 * as the API would have refused it.
 */
export async function seedBillingDomain(db: Database, companyId: string, random: Random, now: number): Promise<Record<string, number>> {
  const company = await db.select({ currency: companies.defaultCurrency }).from(companies).where(eq(companies.id, companyId)).get();
  const currency = company?.currency ?? "EUR";
  const scale = 10 ** (currencyExponent(currency) ?? 2);
  const movements = history(random);
  const rows: WalletLedgerRow[] = [];
  let balance = 0;
  movements.forEach((movement, index) => {
    const amountMinor = Math.round(movement.amount * scale);
    if (amountMinor === 0 || balance + amountMinor < 0) return;
    balance += amountMinor;
    rows.push({
      id: crypto.randomUUID(),
      companyId,
      seq: rows.length + 1,
      kind: movement.kind,
      amountMinor,
      balanceAfterMinor: balance,
      currency,
      referenceType: movement.referenceType,
      referenceId: movement.referenceType === "payment" ? `pay_${random.int(100_000_000, 999_999_999)}` : crypto.randomUUID(),
      description: movement.description,
      // One movement every six days or so, oldest first, so created_at follows seq.
      createdAt: daysAgo(random, now, (movements.length - index) * 6),
    });
  });
  const first = rows[0]?.createdAt ?? new Date(now).toISOString();
  const last = rows.at(-1)?.createdAt ?? first;
  await runBatches(db, [
    db.insert(wallets).values({ companyId, currency, balanceMinor: balance, createdAt: first, updatedAt: last }),
    ...chunkedInserts(db, walletLedger, rows),
  ]);
  return { wallet_ledger: rows.length };
}

const MONTH_MS = 30 * 86_400_000;

/**
 * An account's billing around its wallet: a card on file, the subscription of its plan (when the
 * plan is sold in its currency), an add-on, six months of the platform's invoices (the last one
 * open), two number orders waiting, and messaging usage of the last two months.
 */
export async function seedBillingAccount(db: Database, companyId: string, random: Random, now: number): Promise<Record<string, number>> {
  const company = await db.select({ plan: companies.plan, currency: companies.defaultCurrency, vatRate: companies.defaultVatRate }).from(companies).where(eq(companies.id, companyId)).get();
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
    const renewal = scheduleDue(renewAddon, companyId, periodEnd.toJSDate().toISOString(), { addonType: "call_recording" });
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
    { country: "ES", numberType: "local" as const, e164: null, status: "pending_documents" as const, statusReason: "Proof of address in the number's province" },
    { country: "PT", numberType: "mobile" as const, e164: "+351912345678", status: "processing" as const, statusReason: "With the carrier" },
  ];
  for (const [index, order] of orders.entries()) {
    statements.push(
      db.insert(numberOrders).values({
        id: crypto.randomUUID(),
        companyId,
        ...order,
        setupPriceMinor: 5 * scale,
        monthlyPriceMinor: 3 * scale,
        currency,
        createdAt: daysAgo(random, now, 3 + index * 4),
        updatedAt: daysAgo(random, now, 1),
      }),
    );
  }

  const prices: Record<Exclude<UsageKind, "call">, number> = { sms_segment: 0.045, email: 0.005, whatsapp_message: 0.0047 };
  const usage = Array.from({ length: 40 }, () => {
    const kind = random.pick(usageKinds.filter((kind) => kind !== "call"));
    const quantity = kind === "sms_segment" ? random.int(1, 3) : 1;
    const occurredAt = daysAgo(random, now, random.int(0, 59));
    return { id: crypto.randomUUID(), companyId, kind, quantity, costMinor: Math.max(1, Math.round(quantity * prices[kind] * scale)), currency, localDate: occurredAt.slice(0, 10), occurredAt };
  });
  await runBatches(db, [...statements, ...chunkedInserts(db, usageRecords, usage)]);
  return { billing_invoices: invoices, number_orders: orders.length, usage_records: usage.length };
}
