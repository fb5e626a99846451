import { and, eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { qualified } from "../../data/bulk";
import { preparedStatement, type Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import type { OffsetPage } from "../../lib/pagination";
import { versionedUpdate } from "../../data/versioned";
import { MAX_LISTED_COLLECTIONS, type CollectionView, type KnowledgeBaseView } from "./model";
import { kbCollections, kbDocuments, knowledgeBases } from "./schema";
import { MARK_CLOSE, MARK_OPEN } from "./search";

// ---------------------------------------------------------------------------------------------
// Knowledge bases

/** Counted on kb_documents_company_kb_collection_idx. */
const baseDocumentCount = sql<number>`(SELECT count(*) FROM ${kbDocuments}
  WHERE ${qualified(kbDocuments.companyId)} = ${qualified(knowledgeBases.companyId)} AND ${qualified(kbDocuments.kbId)} = ${qualified(knowledgeBases.id)})`.mapWith(
  Number,
);

/** The base's collections as a JSON array, oldest first, each with its document count. */
const collectionsJson = sql<string>`(SELECT json_group_array(json_object(
    'id', c.id, 'kb_id', c.kb_id, 'name', c.name, 'description', c.description,
    'document_count', (SELECT count(*) FROM ${kbDocuments} d WHERE d.company_id = c.company_id AND d.kb_id = c.kb_id AND d.collection_id = c.id),
    'created_at', c.created_at, 'updated_at', c.updated_at))
  FROM (SELECT * FROM ${kbCollections} c WHERE c.company_id = ${qualified(knowledgeBases.companyId)} AND c.kb_id = ${qualified(knowledgeBases.id)}
        ORDER BY c.created_at, c.id LIMIT ${MAX_LISTED_COLLECTIONS}) c)`;

const baseColumns = {
  id: knowledgeBases.id,
  name: knowledgeBases.name,
  description: knowledgeBases.description,
  documentCount: baseDocumentCount,
  collections: collectionsJson,
  createdAt: knowledgeBases.createdAt,
  updatedAt: knowledgeBases.updatedAt,
};

/** Backed by knowledge_bases_company_created_idx. */
const baseKeys: ListKeys = { company: knowledgeBases.companyId, at: knowledgeBases.createdAt, id: knowledgeBases.id };

interface BaseRow {
  id: string;
  name: string;
  description: string | null;
  documentCount: number;
  collections: string;
  createdAt: string;
  updatedAt: string;
}

const toBaseView = (row: BaseRow): KnowledgeBaseView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  document_count: row.documentCount,
  collections: JSON.parse(row.collections) as CollectionView[],
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

export function listKnowledgeBases(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, basePage(db), companyId, page, toBaseView);
}

/** One base of the company as the list shows it (the panel's answer after creating it). */
export async function findKnowledgeBase(db: Database, companyId: string, kbId: string) {
  const row = await db
    .select(baseColumns)
    .from(knowledgeBases)
    .where(rowOf(knowledgeBases, companyId, kbId))
    .get();
  return row && toBaseView(row);
}

/** The base's oldest collection (where a document goes when none is named); undefined: no such base of the company. */
export async function firstCollectionOf(db: Database, companyId: string, kbId: string) {
  const row = await db
    .select({ id: kbCollections.id })
    .from(kbCollections)
    .where(ofCompany(kbCollections, companyId, eq(kbCollections.kbId, kbId)))
    .orderBy(kbCollections.createdAt, kbCollections.id)
    .limit(1)
    .get();
  return row?.id;
}

/** The knowledge-base page, prepared once per database. */
const basePage = preparedStatement((db) =>
  offsetPageQuery(db.select(baseColumns).from(knowledgeBases).$dynamic(), baseKeys).prepare(),
);

// ---------------------------------------------------------------------------------------------
// Collections

const collectionDocumentCount = sql<number>`(SELECT count(*) FROM ${kbDocuments}
  WHERE ${qualified(kbDocuments.companyId)} = ${qualified(kbCollections.companyId)} AND ${qualified(kbDocuments.kbId)} = ${qualified(kbCollections.kbId)}
    AND ${qualified(kbDocuments.collectionId)} = ${qualified(kbCollections.id)})`.mapWith(Number);

/** The collection as the API shows it, and the version a compare-and-set write compares against. */
export async function findCollectionForWrite(db: Database, companyId: string, collectionId: string) {
  const row = await db
    .select({
      id: kbCollections.id,
      kbId: kbCollections.kbId,
      name: kbCollections.name,
      description: kbCollections.description,
      documentCount: collectionDocumentCount,
      createdAt: kbCollections.createdAt,
      updatedAt: kbCollections.updatedAt,
      version: kbCollections.version,
    })
    .from(kbCollections)
    .where(rowOf(kbCollections, companyId, collectionId))
    .get();
  if (!row) return undefined;
  const collection: CollectionView = {
    id: row.id,
    kb_id: row.kbId,
    name: row.name,
    description: row.description,
    document_count: row.documentCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
  return { collection, version: row.version };
}

/** The collection's name and description as `collection` shows them, compare-and-set on the version read (`version`). */
export const updateCollection = (db: Database, companyId: string, collection: CollectionView, version: number) =>
  versionedUpdate(
    db,
    kbCollections,
    { companyId, id: collection.id, version },
    { name: collection.name, description: collection.description, updatedAt: collection.updated_at },
    "collection",
  );

// ---------------------------------------------------------------------------------------------
// Search

/** Relative weights of the indexed columns in BM25: a word in the title counts three times one in the body. */
const TITLE_WEIGHT = 3;
const BODY_WEIGHT = 1;
/** Tokens around the matched words in a snippet. */
const SNIPPET_TOKENS = 24;

/**
 * The FTS5 index of migration 0018, as drizzle addresses it. Declared here, outside the schema
 * files drizzle-kit reads, so that no generated migration ever creates a table of that name.
 */
const kbDocumentsFts = sqliteTable("kb_documents_fts", {
  rowid: integer("rowid").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
});

/**
 * The ranked documents of one knowledge base of the company that match `match` (an expression of
 * quoted phrases built by search.ts, never user syntax), best first, with the base's existence
 * and the collection's, in one round trip. CROSS JOIN keeps the full-text index as the outer
 * loop (SQLite does not reorder it): the index finds the matching documents, kb_documents
 * (by seq, its rowid) keeps those of this company and base.
 */
export function searchStatements(
  db: Database,
  companyId: string,
  kbId: string,
  options: { match: string; limit: number; collectionId?: string },
) {
  return [
    db
      .select({ id: knowledgeBases.id })
      .from(knowledgeBases)
      .where(rowOf(knowledgeBases, companyId, kbId)),
    db
      .select({ id: kbCollections.id })
      .from(kbCollections)
      .where(
        ofCompany(
          kbCollections,
          companyId,
          eq(kbCollections.kbId, kbId),
          eq(kbCollections.id, options.collectionId ?? ""),
        ),
      ),
    db
      .select({
        documentId: kbDocuments.id,
        collectionId: kbDocuments.collectionId,
        title: kbDocuments.title,
        source: kbDocuments.source,
        snippet: sql<string>`snippet(${kbDocumentsFts}, 1, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${SNIPPET_TOKENS})`,
        rank: sql<number>`bm25(${kbDocumentsFts}, ${TITLE_WEIGHT}, ${BODY_WEIGHT})`.as("rank"),
      })
      .from(kbDocumentsFts)
      .crossJoin(kbDocuments)
      .where(
        and(
          sql`${kbDocumentsFts} MATCH ${options.match}`,
          eq(kbDocuments.seq, kbDocumentsFts.rowid),
          ofCompany(kbDocuments, companyId),
          eq(kbDocuments.kbId, kbId),
          options.collectionId === undefined ? undefined : eq(kbDocuments.collectionId, options.collectionId),
        ),
      )
      .orderBy(sql`rank`, kbDocuments.id)
      .limit(options.limit),
  ] as const;
}

export async function searchDocuments(
  db: Database,
  companyId: string,
  kbId: string,
  options: { match: string; limit: number; collectionId?: string },
) {
  const [bases, collections, hits] = await db.batch(searchStatements(db, companyId, kbId, options));
  return { baseExists: bases.length > 0, collectionExists: collections.length > 0, hits };
}
