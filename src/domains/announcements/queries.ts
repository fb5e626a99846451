import { and, eq, gte, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { preparedStatement, preparedVariants, selectRow, type Database } from "../../data/client";
import { rowOf } from "../../data/rows";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { companies } from "../../data/schema";
import type { Plan } from "../../core/operation";
import type { OffsetPage } from "../../lib/pagination";
import { toAnnouncement } from "./model";
import { announcements, type AnnouncementCategory } from "./schema";

/** Newest published first; backed by announcements_company_published_idx. */
const announcementKeys: ListKeys = {
  company: announcements.companyId,
  at: announcements.publishedAt,
  id: announcements.id,
};

export interface AnnouncementFilter {
  category?: AnnouncementCategory;
  /** ISO 8601 instant: published at or after it. */
  since?: string;
}

/** The company's announcements that are not withdrawn, newest first. */
export function listAnnouncements(db: Database, companyId: string, filter: AnnouncementFilter, page: OffsetPage) {
  const statement = announcementPage(db, { category: Boolean(filter.category), since: Boolean(filter.since) });
  // Stored instants are UTC with milliseconds; the filter is normalised the same way so they compare as text.
  const values = { category: filter.category, since: filter.since ? new Date(filter.since).toISOString() : undefined };
  return preparedOffsetList(db, statement, companyId, page, toAnnouncement, values);
}

/** The announcement page of each set of filters, prepared once per database. */
const announcementPage = preparedVariants((db, filters: { category: boolean; since: boolean }) =>
  offsetPageQuery(
    db.select().from(announcements).$dynamic(),
    announcementKeys,
    and(
      isNull(announcements.withdrawnAt),
      filters.category ? eq(announcements.category, sql.placeholder("category")) : undefined,
      filters.since ? gte(announcements.publishedAt, sql.placeholder("since")) : undefined,
    ),
  ).prepare(),
);

/** One announcement of the company, unless withdrawn. */
export function findAnnouncement(db: Database, companyId: string, id: string) {
  return selectRow(db, announcementOf(db), { companyId, id });
}
const announcementOf = preparedStatement((db) =>
  db
    .select()
    .from(announcements)
    .where(rowOf(announcements, sql.placeholder("companyId"), sql.placeholder("id"), isNull(announcements.withdrawnAt)))
    .prepare(),
);

/** Who a publication reaches: every company, the companies on some plans, or named companies. */
export type Audience = { kind: "all" } | { kind: "plans"; plans: Plan[] } | { kind: "companies"; ids: string[] };

function audienceCondition(audience: Audience): SQL | undefined {
  switch (audience.kind) {
    case "all":
      return undefined;
    case "plans":
      return inArray(companies.plan, audience.plans);
    case "companies":
      return inArray(companies.id, audience.ids);
  }
}

export interface Publication {
  publicationId: string;
  category: AnnouncementCategory;
  title: string;
  body: string;
  publishedAt: string;
}

/** Copies per INSERT: 8 values each, under D1's 100 bound parameters a statement. */
const COPIES_PER_STATEMENT = 12;

/**
 * Copies a publication to every company of the audience and answers how many companies received
 * it. Each copy gets its own id. The audience is read from the companies (control plane), the
 * copies written in the companies' stores: the database given routes each row to its company's.
 */
export async function insertPublication(db: Database, publication: Publication, audience: Audience): Promise<number> {
  const where = audienceCondition(audience);
  const audienceIds = (await db.select({ id: companies.id }).from(companies).where(where)).map((row) => row.id);
  const copies = audienceIds.map((companyId) => ({
    id: crypto.randomUUID(),
    companyId,
    publicationId: publication.publicationId,
    category: publication.category,
    title: publication.title,
    body: publication.body,
    publishedAt: publication.publishedAt,
    withdrawnAt: null,
  }));
  for (let start = 0; start < copies.length; start += COPIES_PER_STATEMENT) {
    await db.insert(announcements).values(copies.slice(start, start + COPIES_PER_STATEMENT));
  }
  return copies.length;
}

/** Withdraws a whole publication (by its publication id) or one company's copy (by the announcement's id); answers how many copies. */
export async function withdrawAnnouncements(
  db: Database,
  id: string,
  at: string,
): Promise<{ withdrawn: number; found: number }> {
  const matches = or(eq(announcements.publicationId, id), eq(announcements.id, id));
  // A publication's copies may be in several stores: one count per store read.
  const counts = await db.select({ n: sql<number>`count(*)` }).from(announcements).where(matches);
  const result = await db
    .update(announcements)
    .set({ withdrawnAt: at })
    .where(and(matches, isNull(announcements.withdrawnAt)))
    .run();
  return { withdrawn: result.meta.changes ?? 0, found: counts.reduce((sum, row) => sum + Number(row.n), 0) };
}
