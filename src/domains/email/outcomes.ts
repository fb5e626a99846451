import { and, eq, sql } from "drizzle-orm";
import { clock } from "../../lib/clock";
import type { Database } from "../../data/client";
import { changedMeanwhile, precondition } from "../../data/precondition";
import { ofCompany, rowOf } from "../../data/rows";
import type { EmittedEvent } from "../../data/events";
import type { WriteStatement } from "../../data/write-batch";
import { contacts } from "../contacts";
import { emailBounced, emailComplained, emailDelivered, emailEvent, emailFailed, emailSent } from "./events";
import { emailDeliveryStatuses, emailMessages, type EmailDeliveryStatus, type EmailMessageRow } from "./schema";

/** The tag that keeps a contact out of marketing mail (campaigns and sequences skip it). */
export const SUPPRESSION_TAG = "unsubscribed";

/** What became of an email, as the provider (its answer, its webhooks) or our reconciliation says. */
export type EmailReport =
  | { status: "sent"; providerMessageId: string; at: string }
  /** It was never sent: the provider refused or failed the send, or the send was interrupted unconfirmed. */
  | { status: "not_sent"; reason: string }
  | { status: "delivered"; providerMessageId: string }
  | { status: "bounced"; providerMessageId: string; bounceReason: string | null; hard: boolean }
  | { status: "complained"; providerMessageId: string; bounceReason: string | null };

export interface EmailRecord {
  statements: WriteStatement[];
  events: EmittedEvent[];
  row: EmailMessageRow;
}

const deliveryEvents = { delivered: emailDelivered, bounced: emailBounced, complained: emailComplained } as const;

/** Whether `status` may replace `current`: delivery statuses only move forward (delivered, bounced, complained). */
const movesForward = (current: EmailDeliveryStatus | null, status: EmailDeliveryStatus) =>
  current === null || emailDeliveryStatuses.indexOf(current) < emailDeliveryStatuses.indexOf(status);

/**
 * The statement that suppresses `address` for the company's marketing mail: its contact (one per
 * email) is tagged `unsubscribed`, once, and its version bumped so an edit that read it before conflicts.
 */
function suppress(db: Database, companyId: string, address: string): WriteStatement {
  const tagged = sql`EXISTS (SELECT 1 FROM json_each(${contacts.tags}) WHERE lower(json_each.value) = ${SUPPRESSION_TAG})`;
  return db
    .update(contacts)
    .set({
      tags: sql`json_insert(${contacts.tags}, '$[#]', ${SUPPRESSION_TAG})`,
      version: sql`${contacts.version} + 1`,
      updatedAt: clock.iso(),
    })
    .where(ofCompany(contacts, companyId, eq(contacts.email, address.toLowerCase()), sql`NOT ${tagged}`));
}

/**
 * What recording `report` on the email `row` (as read) takes: statements, events and the row
 * after; undefined when it changes nothing. The status moves sending -> sent or failed once, the
 * delivery status only forward; a webhook about a message still `sending` (its request's answer
 * not recorded yet) also confirms it sent. The batch states the row is still as read, so two
 * writers that read it alike cannot both commit: one event per change. A hard bounce or a
 * complaint suppresses the address in the same batch.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: each report moves the message forward only, and each move is stated in the batch's condition
export async function recordEmailReport(
  db: Database,
  row: EmailMessageRow,
  report: EmailReport,
): Promise<EmailRecord | undefined> {
  if (row.status === "failed") return undefined;
  if (
    report.status !== "not_sent" &&
    row.providerMessageId !== null &&
    row.providerMessageId !== report.providerMessageId
  )
    return undefined;
  const now = clock.iso();
  let changes: Partial<EmailMessageRow>;
  let suppressed = false;
  let bounceReason: string | null = null;
  if (report.status === "sent" || report.status === "not_sent") {
    if (row.status !== "sending") return undefined;
    changes =
      report.status === "sent"
        ? { status: "sent", providerMessageId: report.providerMessageId, sentAt: report.at }
        : { status: "failed", failureReason: report.reason };
  } else {
    if (!movesForward(row.deliveryStatus, report.status)) return undefined;
    const confirm =
      row.status === "sending"
        ? { status: "sent" as const, providerMessageId: report.providerMessageId, sentAt: now }
        : {};
    changes = { ...confirm, deliveryStatus: report.status, deliveryUpdatedAt: now };
    suppressed = report.status === "complained" || (report.status === "bounced" && report.hard);
    bounceReason = report.status === "delivered" ? null : report.bounceReason;
  }
  const after: EmailMessageRow = { ...row, ...changes };
  const contact = suppressed
    ? await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(ofCompany(contacts, row.companyId, eq(contacts.email, row.toAddress.toLowerCase())))
        .get()
    : undefined;
  const send = {
    id: after.id,
    table: emailMessages,
    source: after.source,
    to: after.toAddress,
    status: after.status,
    identityId: after.identityId,
    contactId: contact?.id ?? null,
    subject: after.subject,
    deliveryStatus: after.deliveryStatus,
    providerMessageId: after.providerMessageId,
    failureReason: after.failureReason,
    bounceReason,
    suppressed,
    occurredAt: now,
  };
  const events: EmittedEvent[] = [];
  // Each event says the state it leaves: an email confirmed and delivered at once leaves `sent` on its delivery.
  const leaving = { previousStatus: row.status, previousDeliveryStatus: row.deliveryStatus };
  if (row.status === "sending" && after.status === "sent") events.push(emailEvent(emailSent, { ...send, ...leaving }));
  if (after.status === "failed") events.push(emailEvent(emailFailed, { ...send, ...leaving }));
  if (after.deliveryStatus !== row.deliveryStatus && after.deliveryStatus !== null)
    events.push(
      emailEvent(deliveryEvents[after.deliveryStatus], { ...send, ...leaving, previousStatus: after.status }),
    );
  const asRead = rowOf(
    emailMessages,
    row.companyId,
    row.id,
    eq(emailMessages.status, row.status),
    row.deliveryStatus === null
      ? sql`${emailMessages.deliveryStatus} IS NULL`
      : eq(emailMessages.deliveryStatus, row.deliveryStatus),
  );
  return {
    statements: [
      precondition(db, sql`EXISTS (SELECT 1 FROM ${emailMessages} WHERE ${asRead})`, () => changedMeanwhile("email")),
      db.update(emailMessages).set(changes).where(and(asRead)),
      ...(suppressed ? [suppress(db, row.companyId, row.toAddress)] : []),
    ],
    events,
    row: after,
  };
}

/** What a provider reported about an email it accepted. */
export type DeliveryReport = Extract<EmailReport, { status: EmailDeliveryStatus }>;

export interface DeliveryChange {
  deliveryStatus: EmailDeliveryStatus;
  bounceReason: string | null;
  /** Whether this report suppresses the address (a hard bounce or a complaint). */
  suppressed: boolean;
  /** The contact of the address, when it is suppressed (what the event names). */
  suppressedContactId: string | null;
  /** The suppression, to commit in the batch that records the change. */
  statements: WriteStatement[];
}

/**
 * What a delivery report does to a marketing email (a campaign's attempt, a sequence step's send)
 * already accepted, whose delivery status is `current`: the same rules as for an API email (the
 * status only moves forward; a hard bounce or a complaint suppresses the address). Undefined when
 * it changes nothing. The caller records the change with a compare-and-set on `current`.
 */
export async function deliveryChange(
  db: Database,
  companyId: string,
  address: string,
  current: EmailDeliveryStatus | null,
  report: DeliveryReport,
): Promise<DeliveryChange | undefined> {
  if (!movesForward(current, report.status)) return undefined;
  const suppressed = report.status === "complained" || (report.status === "bounced" && report.hard);
  const contact = suppressed
    ? await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(ofCompany(contacts, companyId, eq(contacts.email, address.toLowerCase())))
        .get()
    : undefined;
  return {
    deliveryStatus: report.status,
    bounceReason: report.status === "delivered" ? null : report.bounceReason,
    suppressed,
    suppressedContactId: contact?.id ?? null,
    statements: suppressed ? [suppress(db, companyId, address)] : [],
  };
}

/** The email.* event of a delivery status. */
export const deliveryEventOf = (status: EmailDeliveryStatus) => deliveryEvents[status];
