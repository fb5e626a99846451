import { asc, eq, sql } from "drizzle-orm";
import { preparedVariants, type Database } from "../../data/client";
import { companyRow, ofCompany } from "../../data/rows";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import type { OffsetPage } from "../../lib/pagination";
import { toEmailConnection, toEmailHistoryEntry } from "./model";
import { emailIdentities, emailMessages, type EmailMessageRow, type EmailStatus } from "./schema";

/** Newest first; backed by email_identities_company_created_idx. */
const identityKeys: ListKeys = {
  company: emailIdentities.companyId,
  at: emailIdentities.createdAt,
  id: emailIdentities.id,
};
/** Newest first; backed by email_messages_company_created_idx (and ..._status_idx with the filter). */
const messageKeys: ListKeys = { company: emailMessages.companyId, at: emailMessages.createdAt, id: emailMessages.id };

/** The identities without their sealed credentials: the list never selects that column. */
const publicIdentityColumns = {
  id: emailIdentities.id,
  companyId: emailIdentities.companyId,
  address: emailIdentities.address,
  displayName: emailIdentities.displayName,
  verified: emailIdentities.verified,
  verifiedAt: emailIdentities.verifiedAt,
  createdAt: emailIdentities.createdAt,
};

export function listIdentities(db: Database, companyId: string, filter: { verified?: boolean }, page: OffsetPage) {
  // A placeholder inside a comparison is bound as given: the boolean column's stored form (0/1).
  const verified = filter.verified === undefined ? undefined : Number(filter.verified);
  return preparedOffsetList(
    db,
    identityPage(db, { verified: verified !== undefined }),
    companyId,
    page,
    toEmailConnection,
    { verified },
  );
}

/** The identity page with and without the verified filter, prepared once per database. */
const identityPage = preparedVariants((db, filters: { verified: boolean }) =>
  offsetPageQuery(
    db.select(publicIdentityColumns).from(emailIdentities).$dynamic(),
    identityKeys,
    filters.verified ? eq(emailIdentities.verified, sql.placeholder("verified")) : undefined,
  ).prepare(),
);

/** One identity of the company, with its sealed settings (for the gateway only). */
export function findIdentity(db: Database, companyId: string, id: string) {
  return companyRow(db, emailIdentities, companyId, id);
}

/** The company's oldest verified identity: where email goes out from by default. */
export function defaultIdentity(db: Database, companyId: string) {
  return db
    .select()
    .from(emailIdentities)
    .where(ofCompany(emailIdentities, companyId, eq(emailIdentities.verified, true)))
    .orderBy(asc(emailIdentities.createdAt), asc(emailIdentities.id))
    .get();
}

export function listEmailHistory(db: Database, companyId: string, filter: { status?: EmailStatus }, page: OffsetPage) {
  return preparedOffsetList(
    db,
    historyPage(db, { status: Boolean(filter.status) }),
    companyId,
    page,
    toEmailHistoryEntry,
    { status: filter.status },
  );
}

/** The history's page with and without the status filter, prepared once per database. */
const historyPage = preparedVariants((db, filters: { status: boolean }) =>
  offsetPageQuery(
    db.select().from(emailMessages).$dynamic(),
    messageKeys,
    filters.status ? eq(emailMessages.status, sql.placeholder("status")) : undefined,
  ).prepare(),
);

export const insertEmailMessage = (db: Database, row: EmailMessageRow) => db.insert(emailMessages).values(row);

export const insertIdentity = (db: Database, row: typeof emailIdentities.$inferInsert) =>
  db.insert(emailIdentities).values(row);
