import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { chunkedInserts, qualified } from "../../data/bulk";
import { preparedStatement, type Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import type { OffsetPage } from "../../lib/pagination";
import { versionedUpdate } from "../../data/versioned";
import { MAX_LISTED_COLLECTIONS, type CollectionView, type KnowledgeBaseView } from "./model";
import { kbCollections, kbDocuments, kbTerms, knowledgeBases } from "./schema";
import { MARK_CLOSE, MARK_OPEN } from "./search";
import { documentTerms } from "./terms";

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
// Documents and their terms

/** A document as written: its lengths and terms are counted when it is inserted (documentInserts). */
export type NewDocument = Omit<typeof kbDocuments.$inferSelect, "seq" | "titleLength" | "bodyLength">;

/**
 * The documents' inserts with their terms (kb_terms), for one batch: each document with its
 * lengths, then one statement per document writing its terms from one JSON parameter (D1 binds at
 * most 100 parameters; a long body has thousands of terms). The FTS5 index follows kb_documents
 * through its triggers.
 */
export function documentInserts(db: Database, documents: readonly NewDocument[]): BatchItem<"sqlite">[] {
  const counted = documents.map((document) => ({ document, ...documentTerms(document.title, document.body) }));
  return [
    ...chunkedInserts(
      db,
      kbDocuments,
      counted.map(({ document, titleLength, bodyLength }) => ({ ...document, titleLength, bodyLength })),
    ),
    ...counted.map(({ document, terms }) =>
      db
        .insert(kbTerms)
        .select(sql`SELECT ${document.companyId}, ${document.kbId}, value ->> 0, ${document.id}, value ->> 1, value ->> 2
          FROM json_each(${JSON.stringify(terms)})`),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Search

/** Relative weights of the indexed columns in BM25: a word in the title counts three times one in the body. */
const TITLE_WEIGHT = 3;
const BODY_WEIGHT = 1;
/** BM25's parameters, as FTS5's bm25() has them. */
const K1 = 1.2;
const B = 0.75;
/** Tokens around the matched words in a snippet. */
const SNIPPET_TOKENS = 24;

/**
 * The ranked documents of one knowledge base of the company that match `phrases` (term ranges
 * built by terms.ts from the query's words, never user syntax), best first, with the base's
 * existence and the collection's, in one round trip.
 *
 * BM25 is computed here rather than by FTS5's bm25(), whose statistics (the number of documents,
 * their average length, how many hold a term) are the whole table's, every company's documents
 * in the store: a company's ranking would move with other companies' corpora. Here they are the
 * base's own, and matching reads only the base's terms (kb_terms' key starts with the company
 * and the base): the formula is FTS5's (k1 1.2, b 0.75, IDF ln((N − n + 0.5) / (n + 0.5)) floored
 * at 1e-6, a phrase's frequency weighted by column, the length unweighted over both columns).
 * The FTS5 index, given the MATCH expression of the same words, only cuts each hit's snippet
 * (looked up by rowid); a hit it would not match keeps the start of its body.
 */
export function searchStatements(
  db: Database,
  companyId: string,
  kbId: string,
  options: { phrases: readonly (readonly [string, string])[]; match: string; limit: number; collectionId?: string },
) {
  const phrases = JSON.stringify(options.phrases);
  const inCollection = options.collectionId === undefined ? sql`1` : sql`l.collection_id = ${options.collectionId}`;
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
        documentId: sql<string>`hit.id`,
        collectionId: sql<string>`hit.collection_id`,
        title: sql<string>`hit.title`,
        source: sql<string | null>`hit.source`,
        score: sql<number>`hit.score`,
        snippet: sql<string>`hit.snippet`,
      })
      .from(sql`(
        WITH base AS (
          SELECT count(*) AS n, total(title_length + body_length) AS tokens
          FROM ${kbDocuments} WHERE company_id = ${companyId} AND kb_id = ${kbId}
        ),
        frequencies AS MATERIALIZED (
          SELECT q.key AS phrase, t.document_id,
            ${TITLE_WEIGHT} * total(t.title_count) + ${BODY_WEIGHT} * total(t.body_count) AS f
          FROM json_each(${phrases}) AS q
          CROSS JOIN ${kbTerms} AS t
          WHERE t.company_id = ${companyId} AND t.kb_id = ${kbId}
            AND t.term BETWEEN q.value ->> 0 AND q.value ->> 1
          GROUP BY q.key, t.document_id
        ),
        idf AS MATERIALIZED (
          SELECT phrase, CASE WHEN raw > 0 THEN raw ELSE 1e-6 END AS idf
          FROM (SELECT phrase, ln((base.n - count(*) + 0.5) / (count(*) + 0.5)) AS raw FROM frequencies CROSS JOIN base GROUP BY phrase)
        ),
        ranked AS (
          SELECT fr.document_id AS id,
            sum(idf.idf * (fr.f * ${K1 + 1}) / (fr.f + ${K1} * (1 - ${B} + ${B} * (l.title_length + l.body_length) / (base.tokens / base.n)))) AS score
          FROM frequencies AS fr
          JOIN idf ON idf.phrase = fr.phrase
          CROSS JOIN base
          JOIN ${kbDocuments} AS l INDEXED BY kb_documents_company_id_lengths_idx ON l.company_id = ${companyId} AND l.id = fr.document_id
          WHERE ${inCollection}
          GROUP BY fr.document_id
          ORDER BY score DESC, fr.document_id
          LIMIT ${options.limit}
        )
        SELECT d.id, d.collection_id, d.title, d.source, ranked.score,
          coalesce(
            (SELECT snippet(kb_documents_fts, 1, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${SNIPPET_TOKENS})
              FROM kb_documents_fts WHERE kb_documents_fts MATCH ${options.match} AND rowid = d.seq),
            substr(d.body, 1, 200)
          ) AS snippet
        FROM ranked CROSS JOIN ${kbDocuments} AS d
        WHERE d.company_id = ${companyId} AND d.id = ranked.id
      ) AS hit`)
      .orderBy(sql`hit.score DESC`, sql`hit.id`),
  ] as const;
}

export async function searchDocuments(
  db: Database,
  companyId: string,
  kbId: string,
  options: { phrases: readonly (readonly [string, string])[]; match: string; limit: number; collectionId?: string },
) {
  const [bases, collections, hits] = await db.batch(searchStatements(db, companyId, kbId, options));
  return { baseExists: bases.length > 0, collectionExists: collections.length > 0, hits };
}
