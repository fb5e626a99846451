import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { preparedStatement, preparedVariants, selectRow, type Database } from "../../data/client";
import { companyRow, companyRowExists, ofCompany, rowOf } from "../../data/rows";
import { chunkedInserts, qualified } from "../../data/bulk";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { changedMeanwhile, precondition } from "../../data/precondition";
import type { ApiError } from "../../lib/errors";
import type { WriteStatement } from "../../core/operation";
import type { OffsetPage } from "../../lib/pagination";
import { versionedUpdate } from "../../data/versioned";
import { jobs } from "../../data/schema";
import { JOB_SWEEP_GRACE_MS } from "../../work/jobs";
import { agents } from "../agents";
import { contactListMembers, contactLists } from "../contact-lists";
import { contacts } from "../contacts";
import { UNSUBSCRIBED_TAG, type CampaignView } from "./model";
import {
  campaignAttempts,
  campaignBatches,
  campaignEnrollments,
  campaignLists,
  campaigns,
  type AttemptStatus,
  type CampaignAttemptRow,
  type CampaignBatchRow,
  type CampaignRow,
  type CampaignStatus,
  type EnrollmentStatus,
} from "./schema";

/* ---------- campaigns ---------- */

const enrollmentCount = (status: EnrollmentStatus) =>
  sql<number>`(SELECT count(*) FROM ${campaignEnrollments} WHERE ${qualified(campaignEnrollments.campaignId)} = ${qualified(campaigns.id)}
    AND ${qualified(campaignEnrollments.status)} = ${status})`.mapWith(Number);

const listCount =
  sql<number>`(SELECT count(*) FROM ${campaignLists} WHERE ${qualified(campaignLists.companyId)} = ${qualified(campaigns.companyId)}
  AND ${qualified(campaignLists.campaignId)} = ${qualified(campaigns.id)})`.mapWith(Number);

/** The row and its counts, each counted on campaign_enrollments_campaign_status_idx. */
const campaignColumns = {
  row: campaigns,
  listCount,
  pending: enrollmentCount("pending"),
  queued: enrollmentCount("queued"),
  sent: enrollmentCount("sent"),
  failed: enrollmentCount("failed"),
};

type CampaignRead = {
  row: CampaignRow;
  listCount: number;
  pending: number;
  queued: number;
  sent: number;
  failed: number;
};

function toCampaign({ row, listCount, pending, queued, sent, failed }: CampaignRead): CampaignView {
  return {
    id: row.id,
    name: row.name,
    agent_id: row.agentId,
    template_id: row.templateId,
    status: row.status,
    scheduled_at: row.scheduledAt,
    failure_reason: row.failureReason,
    list_count: listCount,
    counts: {
      enrolled: pending + queued + sent + failed,
      pending,
      queued,
      sent,
      failed,
      skipped_no_email: row.skippedNoEmail,
      skipped_unsubscribed: row.skippedUnsubscribed,
    },
    enrolled_at: row.enrolledAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** Backed by campaigns_company_created_idx (campaigns_company_status_created_idx with a status). */
const campaignKeys: ListKeys = { company: campaigns.companyId, at: campaigns.createdAt, id: campaigns.id };

export function listCampaigns(db: Database, companyId: string, page: OffsetPage, status: CampaignStatus | undefined) {
  return preparedOffsetList(db, campaignPage(db, { status: Boolean(status) }), companyId, page, toCampaign, { status });
}

/** The campaign page with and without the status filter, prepared once per database. */
const campaignPage = preparedVariants((db, filters: { status: boolean }) =>
  offsetPageQuery(
    db.select(campaignColumns).from(campaigns).$dynamic(),
    campaignKeys,
    filters.status ? eq(campaigns.status, sql.placeholder("status")) : undefined,
  ).prepare(),
);

const campaignById = preparedStatement((db) =>
  db
    .select(campaignColumns)
    .from(campaigns)
    .where(rowOf(campaigns, sql.placeholder("companyId"), sql.placeholder("campaignId")))
    .prepare(),
);

/** The campaign, its stored row, and the version a compare-and-set write compares against. */
export async function findCampaign(db: Database, companyId: string, campaignId: string) {
  const found = await selectRow(db, campaignById(db), { companyId, campaignId });
  return found && { campaign: toCampaign(found), row: found.row, version: found.row.version };
}

export const insertCampaign = (db: Database, companyId: string, campaign: CampaignView) =>
  db.insert(campaigns).values({
    id: campaign.id,
    companyId,
    name: campaign.name,
    agentId: campaign.agent_id,
    templateId: campaign.template_id,
    status: campaign.status,
    scheduledAt: campaign.scheduled_at,
    createdAt: campaign.created_at,
    updatedAt: campaign.updated_at,
  });

/** The campaign's editable fields as `campaign` shows them, compare-and-set on the version read (`version`). */
export const updateCampaign = (
  db: Database,
  companyId: string,
  campaign: CampaignView,
  version: number,
  schedule: { statements: WriteStatement[]; scheduledDueId: string | null },
): WriteStatement[] => [
  ...versionedUpdate(
    db,
    campaigns,
    { companyId, id: campaign.id, version },
    {
      name: campaign.name,
      agentId: campaign.agent_id,
      templateId: campaign.template_id,
      status: campaign.status,
      scheduledAt: campaign.scheduled_at,
      scheduledDueId: schedule.scheduledDueId,
      failureReason: campaign.failure_reason,
      updatedAt: campaign.updated_at,
    },
    "campaign",
  ),
  ...schedule.statements,
];

/**
 * A write that changes the campaign's audience moves its version too (a dispatch reads the audience
 * at one version): compare-and-set on the version read.
 */
export const touchCampaign = (db: Database, companyId: string, campaignId: string, version: number, now: string) =>
  versionedUpdate(db, campaigns, { companyId, id: campaignId, version }, { updatedAt: now }, "campaign");

export async function isCompanyAgent(db: Database, companyId: string, agentId: string): Promise<boolean> {
  return companyRowExists(db, agents, companyId, agentId);
}

/* ---------- audience ---------- */

/** Which of these ids are contact lists of the company. */
export async function companyListIds(db: Database, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(ofCompany(contactLists, companyId, inArray(contactLists.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Which of these lists are in the campaign's audience. */
export async function audienceListIds(
  db: Database,
  companyId: string,
  campaignId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: campaignLists.listId })
    .from(campaignLists)
    .where(
      ofCompany(
        campaignLists,
        companyId,
        eq(campaignLists.campaignId, campaignId),
        inArray(campaignLists.listId, [...ids]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export const addAudienceStatements = (
  db: Database,
  companyId: string,
  campaignId: string,
  listIds: readonly string[],
  addedAt: string,
) =>
  chunkedInserts(
    db,
    campaignLists,
    listIds.map((listId) => ({ campaignId, listId, companyId, addedAt })),
    (insert) => insert.onConflictDoNothing(),
  );

export const removeAudienceStatements = (
  db: Database,
  companyId: string,
  campaignId: string,
  listIds: readonly string[],
): BatchItem<"sqlite">[] =>
  listIds.length === 0
    ? []
    : [
        db
          .delete(campaignLists)
          .where(
            ofCompany(
              campaignLists,
              companyId,
              eq(campaignLists.campaignId, campaignId),
              inArray(campaignLists.listId, [...listIds]),
            ),
          ),
      ];

const memberCount =
  sql<number>`(SELECT count(*) FROM ${contactListMembers} WHERE ${qualified(contactListMembers.companyId)} = ${qualified(campaignLists.companyId)}
  AND ${qualified(contactListMembers.listId)} = ${qualified(campaignLists.listId)})`.mapWith(Number);

/** Backed by campaign_lists_company_campaign_added_idx. */
const audienceKeys: ListKeys = {
  company: campaignLists.companyId,
  at: campaignLists.addedAt,
  id: campaignLists.listId,
};

export function listAudience(db: Database, companyId: string, campaignId: string, page: OffsetPage) {
  return preparedOffsetList(db, audiencePage(db), companyId, page, (row) => row, { campaignId });
}

/** A campaign's audience page, prepared once per database. */
const audiencePage = preparedStatement((db) => {
  const query = db
    .select({
      list_id: campaignLists.listId,
      name: contactLists.name,
      member_count: memberCount,
      added_at: campaignLists.addedAt,
    })
    .from(campaignLists)
    .innerJoin(
      contactLists,
      and(eq(contactLists.id, campaignLists.listId), eq(contactLists.companyId, campaignLists.companyId)),
    )
    .$dynamic();
  return offsetPageQuery(query, audienceKeys, eq(campaignLists.campaignId, sql.placeholder("campaignId"))).prepare();
});

/* ---------- enrollments and attempts ---------- */

/** Backed by campaign_enrollments_company_campaign_enrolled_idx. */
const enrollmentKeys: ListKeys = {
  company: campaignEnrollments.companyId,
  at: campaignEnrollments.enrolledAt,
  id: campaignEnrollments.contactId,
};

export function listEnrollments(
  db: Database,
  companyId: string,
  campaignId: string,
  page: OffsetPage,
  status: EnrollmentStatus | undefined,
) {
  return preparedOffsetList(db, enrollmentPage(db, { status: Boolean(status) }), companyId, page, (row) => row, {
    campaignId,
    status,
  });
}

/** A campaign's enrollment page with and without the status filter, prepared once per database. */
const enrollmentPage = preparedVariants((db, filters: { status: boolean }) => {
  const query = db
    .select({
      contact_id: campaignEnrollments.contactId,
      email: campaignEnrollments.email,
      status: campaignEnrollments.status,
      enrolled_at: campaignEnrollments.enrolledAt,
      updated_at: campaignEnrollments.updatedAt,
    })
    .from(campaignEnrollments)
    .$dynamic();
  return offsetPageQuery(
    query,
    enrollmentKeys,
    and(
      eq(campaignEnrollments.campaignId, sql.placeholder("campaignId")),
      filters.status ? eq(campaignEnrollments.status, sql.placeholder("status")) : undefined,
    ),
  ).prepare();
});

/** Backed by campaign_attempts_company_campaign_created_idx. */
const attemptKeys: ListKeys = {
  company: campaignAttempts.companyId,
  at: campaignAttempts.createdAt,
  id: campaignAttempts.id,
};

export function listAttempts(
  db: Database,
  companyId: string,
  campaignId: string,
  page: OffsetPage,
  filter: { status?: AttemptStatus; contactId?: string },
) {
  const statement = attemptPage(db, { status: Boolean(filter.status), contactId: Boolean(filter.contactId) });
  return preparedOffsetList(db, statement, companyId, page, (row) => row, {
    campaignId,
    status: filter.status,
    contactId: filter.contactId,
  });
}

/** A campaign's attempt page of each set of filters, prepared once per database. */
const attemptPage = preparedVariants((db, filters: { status: boolean; contactId: boolean }) => {
  const query = db
    .select({
      id: campaignAttempts.id,
      batch_id: campaignAttempts.batchId,
      contact_id: campaignAttempts.contactId,
      email: campaignAttempts.email,
      subject: campaignAttempts.subject,
      status: campaignAttempts.status,
      failure_reason: campaignAttempts.failureReason,
      provider_message_id: campaignAttempts.providerMessageId,
      delivery_status: campaignAttempts.deliveryStatus,
      created_at: campaignAttempts.createdAt,
      updated_at: campaignAttempts.updatedAt,
      sent_at: campaignAttempts.sentAt,
    })
    .from(campaignAttempts)
    .$dynamic();
  return offsetPageQuery(
    query,
    attemptKeys,
    and(
      eq(campaignAttempts.campaignId, sql.placeholder("campaignId")),
      filters.status ? eq(campaignAttempts.status, sql.placeholder("status")) : undefined,
      filters.contactId ? eq(campaignAttempts.contactId, sql.placeholder("contactId")) : undefined,
    ),
  ).prepare();
});

/* ---------- dispatch ---------- */

const unsubscribed = sql<number>`EXISTS (SELECT 1 FROM json_each(${contacts.tags}) WHERE lower(json_each.value) = ${UNSUBSCRIBED_TAG})`;

/** The campaign's audience is its lists' members: these join campaign_lists to members to contacts. */
const memberOfAudience = and(
  eq(contactListMembers.companyId, campaignLists.companyId),
  eq(contactListMembers.listId, campaignLists.listId),
);
const contactOfMember = and(
  eq(contacts.companyId, contactListMembers.companyId),
  eq(contacts.id, contactListMembers.contactId),
);
const ofCampaign = (companyId: string, campaignId: string) =>
  ofCompany(campaignLists, companyId, eq(campaignLists.campaignId, campaignId));

/** Who enrolling the audience would enroll and skip, each contact counted once however many lists hold it. */
export async function audienceCounts(db: Database, companyId: string, campaignId: string) {
  const people = db
    .selectDistinct({
      id: contacts.id,
      email: contacts.email,
      unsubscribed: sql<number>`${unsubscribed}`.as("unsubscribed"),
    })
    .from(campaignLists)
    .innerJoin(contactListMembers, memberOfAudience)
    .innerJoin(contacts, contactOfMember)
    .where(ofCampaign(companyId, campaignId))
    .as("people");
  const row = await db
    .select({
      eligible: sql<number>`coalesce(sum(${people.email} IS NOT NULL AND NOT ${people.unsubscribed}), 0)`.mapWith(
        Number,
      ),
      noEmail: sql<number>`coalesce(sum(${people.email} IS NULL), 0)`.mapWith(Number),
      unsubscribed: sql<number>`coalesce(sum(${people.email} IS NOT NULL AND ${people.unsubscribed}), 0)`.mapWith(
        Number,
      ),
    })
    .from(people)
    .get();
  return row ?? { eligible: 0, noEmail: 0, unsubscribed: 0 };
}

const eligible = and(isNotNull(contacts.email), sql`NOT ${unsubscribed}`);

/** The audience's eligible contacts as enrollments (one INSERT ... SELECT; the audience may be large). */
export function enrollAudienceStatement(db: Database, companyId: string, campaignId: string, now: string) {
  const select = db
    .selectDistinct({
      // Every column, in table order (drizzle's INSERT ... SELECT requires it).
      campaignId: sql<string>`${campaignId}`.as("campaign_id"),
      contactId: contacts.id,
      companyId: contacts.companyId,
      email: sql<string>`${contacts.email}`.as("email"),
      status: sql<"pending">`'pending'`.as("status"),
      enrolledAt: sql<string>`${now}`.as("enrolled_at"),
      updatedAt: sql<string>`${now}`.as("updated_at"),
    })
    .from(campaignLists)
    .innerJoin(contactListMembers, memberOfAudience)
    .innerJoin(contacts, contactOfMember)
    .where(and(ofCampaign(companyId, campaignId), eligible));
  return db.insert(campaignEnrollments).select(select).onConflictDoNothing();
}

/** After enrolling, the campaign holds exactly the recipients read (else the audience changed meanwhile). */
export const enrolledExactly = (db: Database, companyId: string, campaignId: string, expected: number) =>
  precondition(
    db,
    sql`(SELECT count(*) FROM ${campaignEnrollments} WHERE ${ofCompany(campaignEnrollments, companyId, eq(campaignEnrollments.campaignId, campaignId))}) = ${expected}`,
    () => changedMeanwhile("campaign's audience"),
  );

/** What a recipient's message is rendered from. */
export interface Recipient {
  contact: typeof contacts.$inferSelect;
  email: string;
}

/** The next `limit` recipients in enrollment order (contact id): from the audience before it is enrolled, else the pending enrollments. */
export async function nextRecipients(
  db: Database,
  companyId: string,
  campaignId: string,
  enrolled: boolean,
  limit: number,
): Promise<Recipient[]> {
  if (!enrolled) {
    const rows = await db
      .selectDistinct({ contact: contacts })
      .from(campaignLists)
      .innerJoin(contactListMembers, memberOfAudience)
      .innerJoin(contacts, contactOfMember)
      .where(and(ofCampaign(companyId, campaignId), eligible))
      .orderBy(asc(contacts.id))
      .limit(limit);
    return rows.map((row) => ({ contact: row.contact, email: row.contact.email! }));
  }
  const rows = await db
    .select({ contact: contacts, email: campaignEnrollments.email })
    .from(campaignEnrollments)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, campaignEnrollments.companyId), eq(contacts.id, campaignEnrollments.contactId)),
    )
    .where(
      ofCompany(
        campaignEnrollments,
        companyId,
        eq(campaignEnrollments.campaignId, campaignId),
        eq(campaignEnrollments.status, "pending"),
      ),
    )
    .orderBy(asc(campaignEnrollments.contactId))
    .limit(limit);
  return rows;
}

export async function pendingCount(db: Database, companyId: string, campaignId: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(campaignEnrollments)
    .where(
      ofCompany(
        campaignEnrollments,
        companyId,
        eq(campaignEnrollments.campaignId, campaignId),
        eq(campaignEnrollments.status, "pending"),
      ),
    )
    .get();
  return row?.n ?? 0;
}

const inFlight = (campaignId: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${campaignAttempts} WHERE ${and(eq(campaignAttempts.campaignId, campaignId), eq(campaignAttempts.status, "queued"))})`;

export async function batchInFlight(db: Database, campaignId: string): Promise<boolean> {
  const row = await db.get<{ busy: number }>(sql`SELECT ${inFlight(campaignId)} AS busy`);
  return Boolean(row?.busy);
}

/** A dispatch commits only while the campaign is at the version read and no batch of it is in flight. */
export const readyToDispatch = (
  db: Database,
  companyId: string,
  campaignId: string,
  version: number,
  failure: () => ApiError,
) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${campaigns} WHERE ${rowOf(campaigns, companyId, campaignId, eq(campaigns.version, version))}) AND NOT ${inFlight(campaignId)}`,
    failure,
  );

export const insertAttempts = (db: Database, rows: (typeof campaignAttempts.$inferInsert)[]) =>
  chunkedInserts(db, campaignAttempts, rows);

export const insertBatch = (db: Database, row: typeof campaignBatches.$inferInsert) =>
  db.insert(campaignBatches).values(row);

/** The template a batch was dispatched with (never changed once written). */
export async function findBatch(
  db: Database,
  companyId: string,
  batchId: string,
): Promise<CampaignBatchRow | undefined> {
  return companyRow(db, campaignBatches, companyId, batchId);
}

/** The batch's recipients leave `pending` (one JSON parameter for the ids). */
export const queueEnrollments = (
  db: Database,
  companyId: string,
  campaignId: string,
  contactIds: readonly string[],
  now: string,
) =>
  db
    .update(campaignEnrollments)
    .set({ status: "queued", updatedAt: now })
    .where(
      ofCompany(
        campaignEnrollments,
        companyId,
        eq(campaignEnrollments.campaignId, campaignId),
        sql`${campaignEnrollments.contactId} IN (SELECT value FROM json_each(${JSON.stringify(contactIds)}))`,
      ),
    );

/** The campaign after a dispatch: sending, enrolled (the first time), at the next version. */
export const markDispatched = (
  db: Database,
  companyId: string,
  campaignId: string,
  version: number,
  now: string,
  enrollment?: { noEmail: number; unsubscribed: number },
) =>
  db
    .update(campaigns)
    .set({
      status: "sending",
      updatedAt: now,
      version: version + 1,
      ...(enrollment
        ? { enrolledAt: now, skippedNoEmail: enrollment.noEmail, skippedUnsubscribed: enrollment.unsubscribed }
        : {}),
    })
    .where(rowOf(campaigns, companyId, campaignId));

/* ---------- the send job ---------- */

export async function findAttempt(
  db: Database,
  companyId: string,
  attemptId: string,
): Promise<CampaignAttemptRow | undefined> {
  return companyRow(db, campaignAttempts, companyId, attemptId);
}

/**
 * The outcome of an attempt still queued, with its enrollment and, when it was the campaign's last
 * recipient, the campaign's completion. Each statement is conditioned on the attempt's state, so a
 * job that records twice changes nothing the second time.
 */
export function resolveAttempt(
  db: Database,
  attempt: CampaignAttemptRow,
  outcome: { status: "sent"; providerMessageId: string } | { status: "failed"; reason: string },
  now: string,
): BatchItem<"sqlite">[] {
  const stillQueued = and(eq(campaignAttempts.id, attempt.id), eq(campaignAttempts.status, "queued"));
  return [
    db
      .update(campaignEnrollments)
      .set({ status: outcome.status, updatedAt: now })
      .where(
        and(
          eq(campaignEnrollments.campaignId, attempt.campaignId),
          eq(campaignEnrollments.contactId, attempt.contactId),
          sql`EXISTS (SELECT 1 FROM ${campaignAttempts} WHERE ${stillQueued})`,
        ),
      ),
    db
      .update(campaignAttempts)
      .set(
        outcome.status === "sent"
          ? { status: "sent", providerMessageId: outcome.providerMessageId, sentAt: now, updatedAt: now }
          : { status: "failed", failureReason: outcome.reason, updatedAt: now },
      )
      .where(stillQueued),
    completionCheck(db, attempt.companyId, attempt.campaignId, now),
  ];
}

/** The job that completes a campaign whose every recipient was attempted (jobs.ts, completeCampaign). */
export const COMPLETE_CAMPAIGN_KIND = "campaigns.complete";

/** Whether the campaign is `sending` and has no recipient left waiting or in flight: what completing it states. */
export const nothingLeftToSend = (companyId: string, campaignId: string) =>
  sql`EXISTS (SELECT 1 FROM ${campaigns} WHERE ${rowOf(campaigns, companyId, campaignId, eq(campaigns.status, "sending"))})
    AND NOT EXISTS (SELECT 1 FROM ${campaignEnrollments} WHERE ${eq(campaignEnrollments.campaignId, campaignId)} AND ${campaignEnrollments.status} IN ('pending', 'queued'))`;

/**
 * A pending completeCampaign job, inserted only when, at this batch's commit, the campaign is
 * `sending` with nothing left to send: of concurrent last attempts only the batch that commits last
 * sees that. A row of `jobs` with no Queue message (a conditional insert cannot know whether it
 * wrote one), due as long ago as the sweep's grace, so the next tick's jobs sweep hands it to the
 * Queue (within a minute; 5 s under npm run dev) as it would a job whose message was lost. The job completes the
 * campaign by a compare-and-set on its status, with campaign.completed in the same batch, so a
 * second check (a later sweep, a repeated run) changes nothing.
 */
export function completionCheck(db: Database, companyId: string, campaignId: string, now: string) {
  const due = new Date(Date.parse(now) - JOB_SWEEP_GRACE_MS).toISOString();
  const value = <T>(v: unknown, name: string) => sql<T>`${v}`.as(name);
  return db.insert(jobs).select(
    db
      .select({
        id: value<string>(crypto.randomUUID(), "id"),
        companyId: campaigns.companyId,
        kind: value<string>(COMPLETE_CAMPAIGN_KIND, "kind"),
        payload: value<unknown>(JSON.stringify({ campaignId }), "payload"),
        status: sql<"pending">`'pending'`.as("status"),
        attempts: sql<number>`0`.as("attempts"),
        nextAttemptAt: value<string>(due, "next_attempt_at"),
        leaseUntil: sql<string | null>`NULL`.as("lease_until"),
        lastError: sql<string | null>`NULL`.as("last_error"),
        createdAt: value<string>(now, "created_at"),
        updatedAt: value<string>(now, "updated_at"),
      })
      .from(campaigns)
      .where(and(rowOf(campaigns, companyId, campaignId), nothingLeftToSend(companyId, campaignId))),
  );
}

/** What a completed campaign's recipients came to, from its attempts (campaign_attempts_company_campaign_created_idx). */
export async function completionCounts(db: Database, companyId: string, campaignId: string) {
  const a = campaignAttempts;
  const counted = (condition: SQL) =>
    sql<number>`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`.mapWith(Number);
  return db
    .select({
      sent: counted(eq(a.status, "sent")),
      failed: counted(eq(a.status, "failed")),
      delivered: counted(eq(a.deliveryStatus, "delivered")),
      bounced: counted(eq(a.deliveryStatus, "bounced")),
      complained: counted(eq(a.deliveryStatus, "complained")),
    })
    .from(a)
    .where(ofCompany(a, companyId, eq(a.campaignId, campaignId)))
    .get();
}
