import { eq } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { offsetList, type ListKeys } from "../../core/db/lists";
import type { OffsetPage } from "../../core/pagination";
import { smsMessages, type SmsMessageRow, type SmsStatus } from "./schema";

/** Newest first; backed by sms_messages_company_created_idx (and ..._status_idx with the filter). */
const messageKeys: ListKeys = { company: smsMessages.companyId, at: smsMessages.createdAt, id: smsMessages.id };

export function listSmsHistory<T>(db: Database, companyId: string, filter: { status?: SmsStatus }, page: OffsetPage, map: (row: SmsMessageRow) => T) {
  const where = filter.status ? eq(smsMessages.status, filter.status) : undefined;
  return offsetList(db.select().from(smsMessages).$dynamic(), messageKeys, companyId, page, { where, map });
}

export const insertSmsMessage = (db: Database, row: SmsMessageRow) => db.insert(smsMessages).values(row);
