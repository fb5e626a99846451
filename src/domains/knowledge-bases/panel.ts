import { eq } from "drizzle-orm";
import { seededRandom } from "../../lib/random";
import { chunkedInserts, runBatches } from "../../data/bulk";
import type { Database } from "../../data/client";
import { companies } from "../../data/schema";
import { helpCentre, type Article } from "./articles";
import { kbCollections, knowledgeBases, kbDocuments } from "./schema";
import { documentRow } from "./seed";
import { InputError } from "../../lib/input-error";
import { clock } from "../../lib/clock";

/*
 * What the web panel does with knowledge bases, for the admin CLI that stands in for it
 * (npm run admin -- bulk-kb-documents): a large base for the benchmark.
 */

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
    await runBatches(db, chunkedInserts(db, kbDocuments, rows));
  }
  return { company_id: companyId, knowledge_base_id: kbId, collection_ids: collectionIds, documents: count };
}
