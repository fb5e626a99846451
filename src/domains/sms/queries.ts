import { eq, sql } from "drizzle-orm";
import { preparedVariants, type Database } from "../../data/client";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import type { OffsetPage } from "../../lib/pagination";
import { smsMessages, type SmsMessageRow, type SmsStatus } from "./schema";

/** Newest first; backed by sms_messages_company_created_idx (and ..._status_idx with the filter). */
const messageKeys: ListKeys = { company: smsMessages.companyId, at: smsMessages.createdAt, id: smsMessages.id };

export function listSmsHistory<T>(
  db: Database,
  companyId: string,
  filter: { status?: SmsStatus },
  page: OffsetPage,
  map: (row: SmsMessageRow) => T,
) {
  return preparedOffsetList(db, historyPage(db, { status: filter.status !== undefined }), companyId, page, map, {
    status: filter.status,
  });
}

/** The history's page query with and without the status filter, prepared once per database. */
const historyPage = preparedVariants((db, filters: { status: boolean }) =>
  offsetPageQuery(
    db.select().from(smsMessages).$dynamic(),
    messageKeys,
    filters.status ? eq(smsMessages.status, sql.placeholder("status")) : undefined,
  ).prepare(),
);

export const insertSmsMessage = (db: Database, row: SmsMessageRow) => db.insert(smsMessages).values(row);
