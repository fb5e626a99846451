import type { BatchItem } from "drizzle-orm/batch";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { documentInserts, type NewDocument } from "./queries";
import type { Database } from "../../data/client";
import type { SeedContext } from "../../core/domain";
import { helpCentre, salesPlaybook, type Article, type KnowledgeBaseSeed } from "./articles";
import { kbCollections, knowledgeBases } from "./schema";
import { cleanText } from "./search";

const DAY_MS = 86_400_000;

/**
 * Statements that create a knowledge base with its collections and documents (the full-text
 * index follows through kb_documents' triggers, the base's terms with them), dated `days` back from `now`; the base's id.
 */
export function knowledgeBaseInserts(
  db: Database,
  companyId: string,
  base: KnowledgeBaseSeed,
  now: number,
  days: number,
): { id: string; statements: BatchItem<"sqlite">[] } {
  const id = crypto.randomUUID();
  const createdAt = new Date(now - days * DAY_MS).toISOString();
  const collections: (typeof kbCollections.$inferInsert)[] = [];
  const documents: NewDocument[] = [];
  base.collections.forEach((collection, index) => {
    const at = new Date(Date.parse(createdAt) + index * 60_000).toISOString();
    const collectionId = crypto.randomUUID();
    collections.push({
      id: collectionId,
      companyId,
      kbId: id,
      name: collection.name,
      description: collection.description,
      createdAt: at,
      updatedAt: at,
      version: 0,
    });
    for (const article of collection.articles) documents.push(documentRow(companyId, id, collectionId, article, at));
  });
  return {
    id,
    statements: [
      db
        .insert(knowledgeBases)
        .values({ id, companyId, name: base.name, description: base.description, createdAt, updatedAt: createdAt }),
      ...chunkedInserts(db, kbCollections, collections),
      ...documentInserts(db, documents),
    ],
  };
}

export function documentRow(
  companyId: string,
  kbId: string,
  collectionId: string,
  article: Article,
  at: string,
): NewDocument {
  return {
    id: crypto.randomUUID(),
    companyId,
    kbId,
    collectionId,
    title: cleanText(article.title),
    body: cleanText(article.body),
    source: article.source,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The demo: a help centre of a few dozen articles in six collections (one in Spanish, for accent
 * folding) and a small sales playbook. Other companies get a small help centre of their own.
 */
export async function seedKnowledgeBaseDomain({
  db,
  company,
  now,
  scale,
}: SeedContext): Promise<Record<string, number>> {
  const bases: KnowledgeBaseSeed[] =
    scale === "full"
      ? [helpCentre, salesPlaybook]
      : [
          {
            ...helpCentre,
            collections: helpCentre.collections
              .slice(0, 1)
              .map((collection) => ({ ...collection, articles: collection.articles.slice(0, 4) })),
          },
        ];
  const created = bases.map((base, index) => knowledgeBaseInserts(db, company.id, base, now, 120 - index * 30));
  await runBatches(
    db,
    created.flatMap((base) => base.statements),
  );
  const collections = bases.reduce((sum, base) => sum + base.collections.length, 0);
  const documents = bases.reduce(
    (sum, base) => sum + base.collections.reduce((count, collection) => count + collection.articles.length, 0),
    0,
  );
  return { knowledge_bases: bases.length, kb_collections: collections, kb_documents: documents };
}
