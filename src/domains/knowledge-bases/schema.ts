import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** A company's knowledge bases: what its voice agents answer from. */
export const knowledgeBases = sqliteTable(
  "knowledge_bases",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("knowledge_bases_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);

/** Collections group the documents of a knowledge base (a topic, a product). */
export const kbCollections = sqliteTable(
  "kb_collections",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    kbId: text("kb_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Bumped by every change: PATCH compares it with the one it read (compare-and-set). */
    version: integer("version").notNull().default(0),
  },
  (t) => [index("kb_collections_company_kb_created_idx").on(t.companyId, t.kbId, t.createdAt, t.id)],
);

/**
 * Documents of a collection. `seq` is the row's integer key (SQLite's rowid), stable for the
 * row's life: the full-text index kb_documents_fts (migration 0018, custom: FTS5 and triggers
 * drizzle cannot express) names documents by it, and triggers on this table keep that index
 * equal to it in the same statement as any insert, change or removal.
 */
export const kbDocuments = sqliteTable(
  "kb_documents",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull(),
    companyId: text("company_id").notNull(),
    kbId: text("kb_id").notNull(),
    collectionId: text("collection_id").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Where the text came from: a URL, a file name; null when written by hand. */
    source: text("source"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Tokens of the title and of the body (terms.ts): the base's BM25 lengths, summed per base at search time. */
    titleLength: integer("title_length").notNull().default(0),
    bodyLength: integer("body_length").notNull().default(0),
  },
  (t) => [
    uniqueIndex("kb_documents_id_idx").on(t.id),
    index("kb_documents_company_kb_collection_idx").on(t.companyId, t.kbId, t.collectionId),
    // Covers the base's document count and total length (search's statistics) without reading the rows.
    index("kb_documents_company_kb_lengths_idx").on(t.companyId, t.kbId, t.titleLength, t.bodyLength),
    // Each matching document's collection and length by id, from the index alone, for every candidate of a search.
    index("kb_documents_company_id_lengths_idx").on(t.companyId, t.id, t.collectionId, t.titleLength, t.bodyLength),
  ],
);

/**
 * The base's own inverted index: each term of a document with how often it occurs in the title
 * and in the body. Search matches and ranks here, within one company's base (its key's prefix),
 * so that BM25's statistics are the base's own and no other company's document is read; the
 * FTS5 index only cuts the snippets of the hits. By the document's id (not its store-local seq),
 * so a company's move copies it as it is.
 */
export const kbTerms = sqliteTable(
  "kb_terms",
  {
    companyId: text("company_id").notNull(),
    kbId: text("kb_id").notNull(),
    term: text("term").notNull(),
    documentId: text("document_id").notNull(),
    titleCount: integer("title_count").notNull(),
    bodyCount: integer("body_count").notNull(),
  },
  // The key, and the search's whole read: a range of terms of one base gives each document's counts
  // from the index alone. Unique over the whole row (no primary key), which a move's copy upserts by.
  (t) => [uniqueIndex("kb_terms_key_idx").on(t.companyId, t.kbId, t.term, t.documentId, t.titleCount, t.bodyCount)],
);

export type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;
export type KbCollectionRow = typeof kbCollections.$inferSelect;
export type KbDocumentRow = typeof kbDocuments.$inferSelect;
