import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { nowIso } from "../../data/schema";
import { updateWithVersion } from "../../data/versioned";
import { invalidField, notFound } from "../../lib/errors";
import { collectionUpdated } from "./events";
import type { CollectionView, SearchInput, UpdateCollectionInput } from "./model";
import { findCollectionForWrite, searchDocuments, updateCollection } from "./queries";
import { highlightHtml, MIN_PREFIX_LENGTH, matchExpression, queryWords } from "./search";
import { phraseRanges } from "./terms";

/* What the knowledge-base operations do between their declarations (routes.ts) and their SQL (queries.ts). */

/** The collection as the API shows it (a change's replay); 404 for none of the company's. */
export async function collectionView({ db, caller }: Uses<"db" | "caller">, collectionId: string) {
  const found = await findCollectionForWrite(db, caller.company.id, collectionId);
  if (!found) throw notFound("collection");
  return found.collection;
}

/** The answer and the event show the collection as this write left it: compare-and-set on the version read. */
export async function changeCollection(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { collectionId, body }: { collectionId: string; body: z.output<typeof UpdateCollectionInput> },
): Promise<CollectionView> {
  const companyId = caller.company.id;
  const changedFields = (["name", "description"] as const).filter((field) => body[field] !== undefined);
  return updateWithVersion(
    "collection",
    () => findCollectionForWrite(db, companyId, collectionId),
    async ({ collection: current, version }) => {
      const collection: CollectionView = {
        ...current,
        name: body.name ?? current.name,
        description: body.description === undefined ? current.description : body.description,
        updated_at: nowIso(),
      };
      await commit(
        updateCollection(db, companyId, collection, version),
        { resourceType: "kb_collection", resourceId: current.id },
        [collectionUpdated.of({ collection, changed_fields: changedFields })],
      );
      return collection;
    },
  );
}

/** Full-text search of one knowledge base (404 for any other), best match first, with highlighted snippets. */
export async function searchKnowledgeBase(
  { db, caller }: Uses<"db" | "caller">,
  { kbId, body }: { kbId: string; body: z.output<typeof SearchInput> },
) {
  const words = queryWords(body.query);
  const match = matchExpression(words);
  if (match === undefined) throw invalidField("body.query", "The query has no letter or digit to search for.");
  const found = await searchDocuments(db, caller.company.id, kbId, {
    phrases: phraseRanges(words, MIN_PREFIX_LENGTH),
    match,
    limit: body.limit,
    collectionId: body.collection_id,
  });
  if (!found.baseExists) throw notFound("knowledge base");
  if (body.collection_id !== undefined && !found.collectionExists)
    throw invalidField("body.collection_id", "No collection of this knowledge base has this id.");
  const hits = found.hits.map((hit) => ({
    document_id: hit.documentId,
    collection_id: hit.collectionId,
    title: hit.title,
    snippet: highlightHtml(hit.snippet),
    source: hit.source,
    score: Number(hit.score.toPrecision(6)),
  }));
  return { kb_id: kbId, query: body.query, words, hits };
}
