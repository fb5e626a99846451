import { eq, sql } from "drizzle-orm";
import type { Database } from "../../data/client";
import { ofCompany } from "../../data/rows";
import { changedMeanwhile, precondition } from "../../data/precondition";
import { addToWhitelist, removeFromWhitelist, whatsappWhitelist } from "../conversations";

const listed = (companyId: string, phone: string) =>
  sql`EXISTS (SELECT 1 FROM ${whatsappWhitelist} WHERE ${ofCompany(whatsappWhitelist, companyId, eq(whatsappWhitelist.phone, phone))})`;

/** Reserves the phone, only if it was not reserved when the batch runs (a concurrent reservation wins and this one re-reads). */
export const reservePhone = (db: Database, companyId: string, phone: string, at: string) =>
  [
    precondition(db, sql`NOT ${listed(companyId, phone)}`, () => changedMeanwhile("whitelist entry")),
    addToWhitelist(db, companyId, phone, at),
  ] as const;

/** Releases the phone, only if it was still reserved when the batch runs. */
export const releasePhone = (db: Database, companyId: string, phone: string) =>
  [
    precondition(db, listed(companyId, phone), () => changedMeanwhile("whitelist entry")),
    removeFromWhitelist(db, companyId, phone),
  ] as const;
