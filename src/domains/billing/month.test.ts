import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { settleJobs } from "../../../test/jobs";
import { call, db, operator } from "../../../test/helpers";
import { ledgerOf } from "../../../test/wallet-operations";
import { customerOf, read, send } from "../../../test/fixtures/billing";
import { addLists, createCampaign, listOf, people, type Marketer } from "../../../test/fixtures/campaigns";
import { uniqueMobile } from "../../../test/fixtures/dialer";
import { fake } from "../../../test/fixtures/gateway";
import { spendingCompany } from "../../../test/security/spend-fixtures";
import { twilioSignature } from "../../core/callbacks";
import { runWriteBatch } from "../../core/commit";
import { dueWork } from "../../data/schema";
import { configOf } from "../../config";
import { clock } from "../../lib/clock";
import { addDays, localDateOf } from "../../lib/period";
import { createAgent } from "../agents";
import { companyTimeZone } from "../calls";
import { findDialledCall } from "../dialer/queries";
import { insertIdentity } from "../email";
import { setPaymentMethod } from "./panel";
import { usageInvoiceDue } from "./usage-invoices";

/*
 * A month of a fresh company's activity, the clock moved through it: top-ups by card, a plan, an
 * add-on and a SIP trunk hired (and renewed a month later), calls that settle with refunds of their
 * unused reservation, SMS (one refused and refunded), and marketing mail. Everything the wallet was
 * charged, less what it gave back, is what the invoices bill, to the cent; periods of the same
 * thing never overlap; every invoice lists its lines; each top-up has its receipt.
 */

const callbackBase = configOf(env).callbacks.baseUrl;
const minor = (amount: number) => Math.round(amount * 100);
const USAGE_KIND = "billing.invoice_usage";

interface Line {
  description: string;
  quantity: number;
  unit: string | null;
  unit_price: number;
  subtotal: number;
  tax_rate: number;
  tax: number;
  total: number;
}
interface Invoice {
  id: string;
  number: string;
  period_start: string;
  period_end: string;
  subtotal: number;
  tax: number;
  total: number;
  document_type: "invoice" | "receipt";
  bills: { type: string; id: string } | null;
  lines: Line[];
}

/** Sets the clock to `at` (it only moves forward in this test). */
function setClock(at: number) {
  moveClock(at - Date.now());
}

/** A fresh PAYG company with no money, a card on file, a voice agent, a rate and an SMS price for Spain, and what marketing mail needs. */
async function freshCompany() {
  const company = await spendingCompany({ plan: "PAYG", balanceMinor: 0 });
  const { companyId, key } = company;
  await setPaymentMethod(db, {
    companyId,
    paymentMethodId: "pm_card_visa",
    customerId: customerOf(companyId),
    brand: "visa",
    last4: "4242",
  });
  const { agent } = await createAgent(db, { companyId, name: "Outbound agent" });
  const rate = await operator(`/companies/${companyId}/rates`, {
    method: "PUT",
    body: { country: "ES", number_type: "mobile", per_minute: 0.12 },
  });
  expect(rate.status, rate.text).toBe(200);
  const price = await operator(`/companies/${companyId}/prices`, {
    method: "PUT",
    body: { kind: "sms", country: "ES", amount: 0.07 },
  });
  expect(price.status, price.text).toBe(200);
  // Marketing mail: a template, and a verified sending identity (what the operator's `email identity add` leaves).
  const template = await call("/api/v1/email-templates", {
    key,
    body: { name: "Offer", subject: "{{first_name}}, your offer", body: "<p>Hello {{first_name}}</p>" },
  });
  expect(template.status, template.text).toBe(201);
  const address = `news-${crypto.randomUUID().slice(0, 8)}@acme.example`;
  await insertIdentity(db, {
    id: crypto.randomUUID(),
    companyId,
    address,
    displayName: "Acme News",
    verified: true,
    verifiedAt: clock.iso(),
    sealedProviderSettings: null,
    createdAt: clock.iso(),
  });
  const marketer: Marketer = { companyId, key, agentId: agent.id, templateId: template.json.id, from: address };
  return { companyId, key, agentId: agent.id, marketer };
}

type Company = Awaited<ReturnType<typeof freshCompany>>;

async function topUp(company: Company, amount: number) {
  const response = await send("POST", "/api/v1/billing/topups", company.key, { amount });
  expect(response.status, response.text).toBe(201);
  return response.json.top_up.payment_reference as string;
}

async function hire(company: Company, path: string, body: unknown) {
  const response = await send("POST", path, company.key, body);
  expect(response.status, response.text).toBe(201);
  return response.json;
}

/** Posts a Twilio call status callback, signed as Twilio signs it. */
async function callStatus(companyId: string, callId: string, fields: Record<string, string>) {
  const path = `/providers/twilio/call-status?company=${companyId}&call=${callId}`;
  const params = new URLSearchParams({ AccountSid: env.TWILIO_ACCOUNT_SID, ...fields });
  const signature = await twilioSignature(env.TWILIO_AUTH_TOKEN, `${callbackBase}${path}`, params);
  const response = await call(path, {
    method: "POST",
    body: params.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
  });
  expect(response.status, response.text).toBe(200);
}

/** Dials; the fake places the call; Twilio's callbacks end it answered for `seconds` (its unused reservation refunded) or busy (all refunded). */
async function dial(company: Company, seconds: number | "busy") {
  const to = uniqueMobile();
  const dialled = await send("POST", "/api/v1/calls/dial", company.key, { to, agent_id: company.agentId });
  expect(dialled.status, dialled.text).toBe(201);
  const id = dialled.json.id as string;
  await settleJobs(company.companyId);
  const sid = (await findDialledCall(db, id))!.providerCallId!;
  if (seconds === "busy") {
    await callStatus(company.companyId, id, { CallSid: sid, To: to, CallStatus: "busy" });
  } else {
    await callStatus(company.companyId, id, { CallSid: sid, To: to, CallStatus: "in-progress" });
    await callStatus(company.companyId, id, {
      CallSid: sid,
      To: to,
      CallStatus: "completed",
      CallDuration: String(seconds),
    });
  }
  await settleJobs(company.companyId);
}

/** One SMS of `segments` GSM-7 segments; refused by the provider (and refunded) when asked. */
async function sms(company: Company, segments: number, refused = false) {
  const to = uniqueMobile();
  if (refused) await fake.control("twilio", "refuse", { recipient: to });
  const response = await send("POST", "/api/v1/sms/send", company.key, {
    to,
    text: "a".repeat(segments === 1 ? 100 : 153 * (segments - 1) + 10),
  });
  expect(response.status, response.text).toBe(refused ? 502 : 200);
}

/** A campaign to `count` new contacts, dispatched in one batch (one email each). */
async function campaign(company: Company, count: number) {
  const list = await listOf(company.marketer, people(count));
  const created = await createCampaign(company.marketer);
  expect((await addLists(company.marketer, created.id, [list.listId])).status).toBe(200);
  const dispatched = await send("POST", `/api/v1/campaigns/${created.id}/dispatch`, company.key, {});
  expect(dispatched.status, dispatched.text).toBe(200);
  await settleJobs(company.companyId);
}

/** The company's usage invoices still due (not yet handed to the jobs). */
const usageDue = (companyId: string) =>
  db
    .select()
    .from(dueWork)
    .where(and(eq(dueWork.companyId, companyId), eq(dueWork.kind, USAGE_KIND)));

/** Moves the clock past the company's one scheduled usage invoice, fires a tick and runs what it handed over. */
async function closeMonth(company: Company) {
  const due = await usageDue(company.companyId);
  // However many movements asked for it, the month has one item.
  expect(due).toHaveLength(1);
  setClock(Date.parse(due[0]!.dueAt) + 60_000);
  await tick();
  await settleJobs(company.companyId);
  expect(await usageDue(company.companyId)).toEqual([]);
  return due[0]!.payload as { from: string; to: string };
}

async function documentsOf(company: Company): Promise<Invoice[]> {
  const response = await read("/api/v1/billing/invoices?limit=100", company.key);
  expect(response.status, response.text).toBe(200);
  return response.json.data as Invoice[];
}

afterEach(resetClock);

describe("a month of activity is invoiced to the cent", () => {
  it("invoices = charges - refunds; no period of the same thing overlaps; every invoice has lines; each top-up its receipt", async () => {
    // Day 10 of the month after next, noon UTC: wherever today falls, the month's end and the
    // anniversaries come in the same order.
    const start = DateTime.fromMillis(Date.now(), { zone: "UTC" })
      .plus({ months: 2 })
      .set({ day: 10, hour: 12, minute: 0, second: 0, millisecond: 0 });
    setClock(start.toMillis());
    const company = await freshCompany();
    const zone = await companyTimeZone(db, company.companyId);
    const payments: string[] = [];

    // Month A: money in, a plan, an add-on, a trunk; calls, SMS and mail.
    payments.push(await topUp(company, 200));
    await hire(company, "/api/v1/billing/subscription", { plan: "Business" });
    await hire(company, "/api/v1/billing/addons", { addon_type: "call_recording" });
    await hire(company, "/api/v1/sip-trunks", {
      name: "Main carrier",
      host: "sip.carrier.example",
      username: "acme",
      password: "s3cret-Passw0rd",
      channels: 10,
    });
    await dial(company, 95);
    await dial(company, "busy");
    await sms(company, 2);
    await sms(company, 3, true);
    await campaign(company, 3);
    setClock(start.plus({ days: 10 }).toMillis());
    payments.push(await topUp(company, 50));
    await dial(company, 200);
    await sms(company, 1);
    const monthA = await closeMonth(company);
    expect(monthA.from).toBe(`${start.toISODate()!.slice(0, 7)}-01`);

    // Month B: more usage, then the anniversary (the plan, the add-on and the trunk renew), then its end.
    setClock(start.plus({ months: 1 }).set({ day: 5 }).toMillis());
    await sms(company, 2);
    await dial(company, 30);
    await campaign(company, 2);
    payments.push(await topUp(company, 100));
    // Ten minutes after the anniversary of what was hired in the first seconds of the test.
    setClock(start.plus({ months: 1, minutes: 10 }).toMillis());
    await tick();
    await settleJobs(company.companyId);
    const monthB = await closeMonth(company);
    expect(monthB.from).toBe(addDays(monthA.to, 1));

    // Issuing a month again (a duplicate item, a retried job) issues nothing more.
    await runWriteBatch(db, [usageInvoiceDue(company.companyId, monthA.from, zone)]);
    const again = (await usageDue(company.companyId))[0]!;
    setClock(Math.max(clock.now(), Date.parse(again.dueAt)) + 60_000);
    await tick();
    await settleJobs(company.companyId);

    const ledger = await ledgerOf(company.companyId);
    const documents = await documentsOf(company);
    const invoices = documents.filter((document) => document.document_type === "invoice");
    const receipts = documents.filter((document) => document.document_type === "receipt");

    // Charges less refunds, to the cent, is what the invoices bill.
    const charged = ledger
      .filter((entry) => entry.kind === "charge" || entry.kind === "refund")
      .reduce((sum, entry) => sum - entry.amountMinor, 0);
    expect(ledger.some((entry) => entry.kind === "refund")).toBe(true);
    expect(invoices.reduce((sum, invoice) => sum + minor(invoice.total), 0)).toBe(charged);

    // Every invoice has lines that add up to it, each with its quantity, unit price and VAT.
    for (const invoice of documents) {
      expect(invoice.lines.length, invoice.number).toBeGreaterThan(0);
      const sum = (field: "subtotal" | "tax" | "total") =>
        invoice.lines.reduce((total, line) => total + minor(line[field]), 0);
      expect([sum("subtotal"), sum("tax"), sum("total")]).toEqual([
        minor(invoice.subtotal),
        minor(invoice.tax),
        minor(invoice.total),
      ]);
      for (const line of invoice.lines) {
        expect(minor(line.subtotal) + minor(line.tax)).toBe(minor(line.total));
        expect(Math.abs(line.unit_price * line.quantity - line.subtotal)).toBeLessThan(0.01);
      }
    }

    // What each invoice bills: two months of the plan, the add-on and the trunk, two of usage.
    const billed = invoices.map((invoice) => invoice.bills?.type).sort();
    expect(billed).toEqual(
      ["add_on", "add_on", "sip_trunk", "sip_trunk", "subscription", "subscription", "usage", "usage"].sort(),
    );

    // Inclusive periods of the same thing never overlap, and follow one another without a gap.
    const groups = new Map<string, Invoice[]>();
    for (const invoice of invoices) {
      // By type: one plan, one add-on, one trunk, and usage (whose id is its month).
      const group = invoice.bills!.type;
      groups.set(group, [...(groups.get(group) ?? []), invoice]);
    }
    for (const [group, members] of groups) {
      const sorted = [...members].sort((a, b) => a.period_start.localeCompare(b.period_start));
      for (const [index, invoice] of sorted.entries()) {
        expect(invoice.period_start <= invoice.period_end, group).toBe(true);
        const next = sorted[index + 1];
        if (next) expect(next.period_start, group).toBe(addDays(invoice.period_end, 1));
      }
    }

    // Usage: one invoice per month, its dates the calendar month, one line per kind.
    const usage = invoices
      .filter((invoice) => invoice.bills?.type === "usage")
      .sort((a, b) => a.period_start.localeCompare(b.period_start));
    expect(usage.map((invoice) => [invoice.period_start, invoice.period_end])).toEqual([
      [monthA.from, monthA.to],
      [monthB.from, monthB.to],
    ]);
    const linesOf = (invoice: Invoice) =>
      Object.fromEntries(invoice.lines.map((line) => [line.unit, line.quantity] as const));
    // Month A: 2 + 1 segments sent (the refused 3 charged and given back), 3 emails, and the calls'
    // billed minutes (their reservations less what was refunded); month B: 2 segments, 2 emails.
    expect(linesOf(usage[0]!)).toMatchObject({ sms_segment: 3, email: 3 });
    expect(linesOf(usage[1]!)).toMatchObject({ sms_segment: 2, email: 2 });
    for (const invoice of usage) {
      expect(invoice.lines.map((line) => line.unit).sort()).toEqual(["email", "minute", "sms_segment"]);
      for (const line of invoice.lines) expect(line.tax_rate).toBeGreaterThanOrEqual(0);
    }
    const smsLine = usage[0]!.lines.find((line) => line.unit === "sms_segment")!;
    expect(smsLine.total).toBe(0.21);
    // The calls of each month bill what the ledger kept of their reservations in that month.
    const callsKept = (from: string, to: string) =>
      ledger
        .filter((entry) => entry.referenceType === "call")
        .filter((entry) => {
          const date = localDateOf(entry.createdAt, zone);
          return date >= from && date <= to;
        })
        .reduce((sum, entry) => sum - entry.amountMinor, 0);
    expect(minor(usage[0]!.lines.find((line) => line.unit === "minute")!.total)).toBe(
      callsKept(monthA.from, monthA.to),
    );
    expect(minor(usage[1]!.lines.find((line) => line.unit === "minute")!.total)).toBe(
      callsKept(monthB.from, monthB.to),
    );

    // Invoice numbers stay gapless; receipts are a series of their own, one per top-up, at 0 % VAT.
    const numbers = invoices.map((invoice) => Number(invoice.number.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    expect(invoices.every((invoice) => invoice.number.startsWith("INV-"))).toBe(true);
    expect(receipts.map((receipt) => receipt.bills).sort((a, b) => a!.id.localeCompare(b!.id))).toEqual(
      [...payments].sort().map((id) => ({ type: "top_up", id })),
    );
    const topUps = ledger.filter((entry) => entry.kind === "top_up");
    expect(receipts.reduce((sum, receipt) => sum + minor(receipt.total), 0)).toBe(
      topUps.reduce((sum, entry) => sum + entry.amountMinor, 0),
    );
    for (const receipt of receipts) {
      expect(receipt.number).toMatch(/^RCT-\d{4}-\d{6}$/);
      expect(receipt.tax).toBe(0);
    }
  }, 240_000);
});
