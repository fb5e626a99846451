import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../data/client";
import { precondition, changedMeanwhile } from "../../data/precondition";
import { rowOf } from "../../data/rows";
import type { EmittedEvent } from "../../data/events";
import type { WriteStatement } from "../../data/write-batch";
import { clock } from "../../lib/clock";
import { credit } from "../billing";
import { smsDelivered, smsFailed, smsSent } from "./events";
import { toSmsMessage } from "./model";
import { smsMessages, type SmsMessageRow } from "./schema";
import { currencyExponent, toMajor } from "../../lib/money";

/** What became of a message, as the provider (its answer, callback or status) or our own reconciliation says. */
export type SmsReport =
  | { status: "sent"; sid: string; at: string }
  | { status: "delivered"; sid: string; at: string }
  /** The carrier could not deliver it (Twilio undelivered or failed, after accepting it). */
  | { status: "undelivered" | "failed"; sid: string; reason: string }
  /** It was never sent: the provider refused or failed the send, or the send was interrupted unconfirmed. */
  | { status: "not_sent"; reason: string };

export interface SmsRecord {
  statements: WriteStatement[];
  events: EmittedEvent[];
  /** The message as the batch leaves it (when it commits). */
  row: SmsMessageRow;
}

const smsView = (row: SmsMessageRow) =>
  toSmsMessage(row, (minor) => toMajor(minor, currencyExponent(row.currency) ?? 2));

/**
 * What recording `report` on the message `row` (as read) takes: the statements, the events, and
 * the row after. A message moves forward only: sending, then sent, then one final delivery status;
 * a failure after the charge marks it failed and refunds its cost in the same batch. The batch
 * states that the message is still as read (its status, no delivery status, not refunded), so of
 * two writers that read it alike (a callback and the reconciliation, two deliveries of the same
 * callback) one commits and the other aborts whole: one event, one refund. Undefined: nothing changes.
 */
export async function recordSmsReport(
  db: Database,
  row: SmsMessageRow,
  report: SmsReport,
): Promise<SmsRecord | undefined> {
  if (row.status === "failed" || row.refunded || row.deliveryStatus !== null) return undefined;
  // A report about another message of the provider's (a reused callback URL) is not ours.
  if ("sid" in report && row.providerMessageId !== null && row.providerMessageId !== report.sid) return undefined;
  const now = clock.iso();
  let changes: Partial<SmsMessageRow>;
  const events: EmittedEvent[] = [];
  const confirm = (sid: string, at: string) =>
    row.status === "sending" ? { status: "sent" as const, providerMessageId: sid, sentAt: at } : {};
  let refund: WriteStatement[] = [];
  switch (report.status) {
    case "sent":
      if (row.status !== "sending") return undefined;
      changes = confirm(report.sid, report.at);
      break;
    case "delivered":
      changes = { ...confirm(report.sid, report.at), deliveryStatus: "delivered", deliveryUpdatedAt: now };
      break;
    default: {
      const carrier =
        report.status === "not_sent"
          ? {}
          : { providerMessageId: report.sid, deliveryStatus: report.status, deliveryUpdatedAt: now };
      changes = { status: "failed", failureReason: report.reason, refunded: row.costMinor > 0, ...carrier };
      if (row.costMinor > 0) {
        refund = await credit(db, {
          companyId: row.companyId,
          amountMinor: row.costMinor,
          currency: row.currency,
          kind: "refund",
          reference: { type: "sms", id: row.id },
          description: report.status === "not_sent" ? "SMS not sent" : "SMS not delivered",
          // The refund takes its segments out of usage too (a negative record).
          usage: { kind: "sms_segment", quantity: row.segments },
        });
      }
    }
  }
  const after: SmsMessageRow = { ...row, ...changes };
  // Each event says the status it leaves: a message confirmed and delivered at once leaves `sent` on its delivery.
  if (row.status === "sending" && after.status === "sent")
    events.push(smsSent.of({ ...smsView(after), previous_status: row.status }));
  if (after.deliveryStatus === "delivered")
    events.push(smsDelivered.of({ ...smsView(after), previous_status: after.status }));
  if (after.status === "failed") events.push(smsFailed.of({ ...smsView(after), previous_status: row.status }));
  const asRead = rowOf(
    smsMessages,
    row.companyId,
    row.id,
    eq(smsMessages.status, row.status),
    isNull(smsMessages.deliveryStatus),
    eq(smsMessages.refunded, false),
  );
  return {
    statements: [
      precondition(db, sql`EXISTS (SELECT 1 FROM ${smsMessages} WHERE ${asRead})`, () =>
        changedMeanwhile("SMS message"),
      ),
      db.update(smsMessages).set(changes).where(and(asRead)),
      ...refund,
    ],
    events,
    row: after,
  };
}
