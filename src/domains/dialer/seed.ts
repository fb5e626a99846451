import { DateTime } from "luxon";
import { runWriteBatch } from "../../core/commit";
import type { SeedContext } from "../../core/domain";
import { companyAgentIds } from "../agents";
import { debit, seedWalletHistory, walletBalance } from "../billing";
import { localDateOf } from "../../lib/period";
import { callSettingsOf, costedCalls } from "../calls";
import { parsePhone } from "../../lib/phone";
import { pricedCompanyOf } from "../price-book";
import { dialledCallInsertion, type DialledCallRecord } from "./queries";
import { DEFAULT_CALL_SECONDS, ratedCallColumns, rateOfNumber, reservation } from "./rating";
import { settlement, type CallEnd } from "./settle";

/** What the demo's dialled calls were: answered for a while, and one nobody picked up. */
const demoCalls: { to: string; end: CallEnd }[] = [
  { to: "+34612000101", end: { result: "answered", durationSeconds: 143 } },
  { to: "+34699000202", end: { result: "no_answer", durationSeconds: 0 } },
];

/**
 * The demo company's calls launched through the API, dialled and settled the way the API and its
 * provider do it (the calls row and the reservation, then real cost and refund through the wallet), so
 * the ledger stays a chain adding up to the balance. Only when the company has an agent, a rate for
 * Spanish mobiles (its price book) in its wallet's currency, and the money.
 */
export async function seedDialledCalls({
  db,
  company,
  scale,
  random,
  now,
}: SeedContext): Promise<Record<string, number>> {
  if (scale !== "full") return {};
  // The wallet's history pays for the calls the calls domain seeded (billing seeds before them).
  const history = await seedWalletHistory(db, company.id, await costedCalls(db, company.id), random, now);
  const [agentId] = await companyAgentIds(db, company.id);
  const [wallet, priced] = await Promise.all([walletBalance(db, company.id), pricedCompanyOf(db, company.id)]);
  if (!agentId || !wallet || !priced) return history;
  const { timeZone } = await callSettingsOf(db, company.id, company.region);
  const startOfToday = DateTime.fromMillis(now, { zone: timeZone }).startOf("day").toMillis();
  let seeded = 0;
  for (const [index, demo] of demoCalls.entries()) {
    const phone = parsePhone(demo.to);
    const rate = phone && (await rateOfNumber(db, priced, phone));
    if (!rate || rate.currency !== wallet.currency) continue;
    const held = reservation(rate, DEFAULT_CALL_SECONDS);
    const current = await walletBalance(db, company.id);
    if (!current || current.balanceMinor < held.amountMinor) continue;
    // Today in the company's zone, like the ledger entries dated now, so they count on the same day.
    const at = new Date(Math.max(startOfToday, now - (index + 1) * 3_600_000)).toISOString();
    const call: DialledCallRecord = {
      id: crypto.randomUUID(),
      companyId: company.id,
      agentId,
      toNumber: demo.to,
      fromNumber: "+34910000000",
      status: "ringing",
      startedAt: at,
      country: rate.country,
      ...ratedCallColumns(rate, held),
      providerCallId: `CA${crypto.randomUUID().replaceAll("-", "")}`,
      sipTrunkId: null,
      failureReason: null,
      answeredAt: at,
      createdAt: at,
      updatedAt: at,
    };
    const reserve = await debit(db, {
      companyId: company.id,
      amountMinor: held.amountMinor,
      currency: rate.currency,
      kind: "charge",
      reference: { type: "call", id: call.id },
      description: `Call to ${demo.to}: reservation of ${held.seconds / 60} min`,
      usage: { kind: "call", quantity: held.seconds },
    });
    await runWriteBatch(db, [...reserve, ...dialledCallInsertion(db, call, localDateOf(at, timeZone))]);
    const settled = await settlement(
      db,
      call,
      demo.end,
      new Date(Date.parse(at) + demo.end.durationSeconds * 1000 + 20_000),
    );
    await runWriteBatch(db, settled.statements);
    seeded++;
  }
  return { ...history, dialled_calls: seeded };
}
