import { z } from "@hono/zod-openapi";
import { and, eq, sql } from "drizzle-orm";
import { seededRandom } from "../../lib/random";
import { chunkedInserts, runBatches } from "../../data/bulk";
import type { Database } from "../../data/client";
import { precondition } from "../../data/precondition";
import { requireCompany, rowOf } from "../../data/rows";
import { companies } from "../../data/schema";
import { notFound } from "../../lib/errors";
import { CompanyParams, defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { helpCentre, type Article } from "./articles";
import { KnowledgeBase, KnowledgeBaseDocument } from "./model";
import { documentInserts, findKnowledgeBase, firstCollectionOf } from "./queries";
import { kbCollections, knowledgeBases } from "./schema";
import { documentRow } from "./seed";
import { InputError } from "../../lib/input-error";
import { clock } from "../../lib/clock";

/*
 * What the web panel does with knowledge bases: the operator creates a company's base (with its
 * collections) and adds documents to it, indexed for search as they are written (kb_documents'
 * triggers). For the admin CLI also a large base for the benchmark (bulk-kb-documents).
 */

const KbParams = CompanyParams.extend({ kb_id: z.string().min(1).max(100) });
const text = (max: number) => z.string().trim().min(1).max(max);

const createKnowledgeBase = defineOperatorOperation({
  operationId: "createKnowledgeBase",
  method: "post",
  path: "/admin/v1/companies/{company_id}/knowledge-bases",
  summary: "Create a company's knowledge base",
  description:
    "A knowledge base with its collections, oldest first as given (default: one collection, General). The company sees it in GET /api/v1/knowledge-bases; documents are added with POST .../documents.",
  tag: "Knowledge bases",
  request: {
    params: CompanyParams,
    body: z.object({
      name: text(200),
      description: z.string().trim().max(2000).optional(),
      collections: z
        .array(z.object({ name: text(200), description: z.string().trim().max(2000).optional() }))
        .min(1)
        .max(20)
        .optional(),
    }),
  },
  responses: { 201: { description: "The knowledge base with its collections", schema: KnowledgeBase } },
  codes: [],
  handler: async ({ db, commit, params, body }) => {
    const companyId = params.company_id;
    await requireCompany(db, companyId);
    const id = crypto.randomUUID();
    const now = clock.now();
    const at = new Date(now).toISOString();
    // Collections a millisecond apart, so that their order (created_at, then id) is the order given.
    const collections = (body.collections ?? [{ name: "General" }]).map((collection, index) => {
      const created = new Date(now + index).toISOString();
      return {
        id: crypto.randomUUID(),
        companyId,
        kbId: id,
        name: collection.name,
        description: collection.description ?? null,
        createdAt: created,
        updatedAt: created,
        version: 0,
      };
    });
    await commit(companyId, [
      db.insert(knowledgeBases).values({
        id,
        companyId,
        name: body.name,
        description: body.description ?? null,
        createdAt: at,
        updatedAt: at,
      }),
      ...chunkedInserts(db, kbCollections, collections),
    ]);
    const created = await findKnowledgeBase(db, companyId, id);
    if (!created) throw notFound("knowledge base");
    return { status: 201, body: created, audit: { companyId, resourceType: "knowledge_base", resourceId: id } };
  },
});

const addKnowledgeBaseDocument = defineOperatorOperation({
  operationId: "addKnowledgeBaseDocument",
  method: "post",
  path: "/admin/v1/companies/{company_id}/knowledge-bases/{kb_id}/documents",
  summary: "Add a document to a company's knowledge base",
  description:
    "A document (title, text, optional source) in a collection of the base (default: its first), searchable at once (POST /api/v1/knowledge-bases/{kb_id}/search). A base or collection not the company's is 404.",
  tag: "Knowledge bases",
  request: {
    params: KbParams,
    body: z.object({
      title: text(300),
      body: text(100_000),
      source: z.string().trim().min(1).max(2000).optional(),
      collection_id: z.string().min(1).max(100).optional(),
    }),
  },
  responses: { 201: { description: "The document as stored", schema: KnowledgeBaseDocument } },
  codes: [],
  handler: async ({ db, commit, params, body }) => {
    const { company_id: companyId, kb_id: kbId } = params;
    const collectionId = body.collection_id ?? (await firstCollectionOf(db, companyId, kbId));
    if (collectionId === undefined) throw notFound("knowledge base");
    const row = documentRow(
      companyId,
      kbId,
      collectionId,
      { title: body.title, body: body.body, source: body.source ?? null },
      clock.iso(),
    );
    const inBase = and(rowOf(kbCollections, companyId, collectionId), eq(kbCollections.kbId, kbId));
    await commit(companyId, [
      // Collections are never removed, but the id may name none of this base: checked in the batch.
      precondition(db, sql`EXISTS (SELECT 1 FROM ${kbCollections} WHERE ${inBase})`, () =>
        notFound("knowledge base collection"),
      ),
      ...documentInserts(db, [row]),
      db
        .update(knowledgeBases)
        .set({ updatedAt: row.updatedAt })
        .where(rowOf(knowledgeBases, companyId, kbId)),
    ]);
    return {
      status: 201,
      body: {
        id: row.id,
        kb_id: kbId,
        collection_id: collectionId,
        title: row.title,
        body: row.body,
        source: row.source,
        created_at: row.createdAt,
      },
      audit: { companyId, resourceType: "kb_document", resourceId: row.id },
    };
  },
});

export const knowledgeBaseOperatorOperations: readonly OperatorOperation[] = [
  createKnowledgeBase,
  addKnowledgeBaseDocument,
];

const MAX_BULK_DOCUMENTS = 1_000_000;

const articles: Article[] = helpCentre.collections.flatMap((collection) => collection.articles);
const sentences = articles.flatMap((article) => article.body.split(/(?<=\.)\s+/));
const topics = [
  "billing",
  "wallet",
  "calls",
  "agents",
  "WhatsApp",
  "SMS",
  "email",
  "team",
  "calendar",
  "security",
  "invoices",
  "numbers",
];

/**
 * A knowledge base of `count` documents for the benchmark, in ten collections: each document a
 * help article's title with a topic and a number, and a body of four to eight sentences drawn
 * from the help articles (the same words, in other combinations, so searches rank as on real
 * text). Deterministic for a given count. Answers the base's id, to search it.
 */
export async function bulkKnowledgeBaseDocuments(
  db: Database,
  companyId: string,
  input: { count: string },
  now = clock.now(),
) {
  const count = Number(input.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_BULK_DOCUMENTS)
    throw new InputError(
      "invalid_argument",
      `--count must be a whole number from 1 to ${MAX_BULK_DOCUMENTS.toLocaleString("en")}.`,
    );
  const company = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) throw new InputError("unknown_company", `No company ${companyId}.`);
  const random = seededRandom(count);
  const at = new Date(now).toISOString();
  const kbId = crypto.randomUUID();
  const collectionIds = Array.from({ length: 10 }, () => crypto.randomUUID());
  await runBatches(db, [
    db.insert(knowledgeBases).values({
      id: kbId,
      companyId,
      name: `Benchmark base (${count} documents)`,
      description: "Generated from the help articles for the benchmark.",
      createdAt: at,
      updatedAt: at,
    }),
    ...chunkedInserts(
      db,
      kbCollections,
      collectionIds.map((id, index) => ({
        id,
        companyId,
        kbId,
        name: `Part ${index + 1}`,
        description: null,
        createdAt: at,
        updatedAt: at,
        version: 0,
      })),
    ),
  ]);
  // Written in slices, so that a large base never holds every row in memory at once.
  const SLICE = 2_000;
  for (let start = 0; start < count; start += SLICE) {
    const rows = Array.from({ length: Math.min(SLICE, count - start) }, (_, offset) => {
      const n = start + offset + 1;
      const article = random.pick(articles);
      const body = Array.from({ length: random.int(4, 8) }, () => random.pick(sentences)).join(" ");
      return documentRow(
        companyId,
        kbId,
        collectionIds[n % collectionIds.length]!,
        { title: `${article.title}: ${random.pick(topics)} note ${n}`, body, source: article.source },
        at,
      );
    });
    await runBatches(db, documentInserts(db, rows));
  }
  return { company_id: companyId, knowledge_base_id: kbId, collection_ids: collectionIds, documents: count };
}
