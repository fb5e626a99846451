import { nowIso } from "../../core/db/schema";
import { invalidField, notFound } from "../../core/errors";
import { defineOperation } from "../../core/operation";
import { OffsetPageQuery } from "../../core/pagination";
import { updateWithVersion } from "../../core/db/versioned";
import { collectionUpdated } from "./events";
import {
  CollectionPath,
  collectionExampleAfterUpdate,
  KnowledgeBaseCollection,
  KnowledgeBasePage,
  knowledgeBasePageExample,
  KnowledgeBasePath,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_LIMIT,
  searchExample,
  SearchInput,
  SearchResult,
  searchResultExample,
  UpdateCollectionInput,
  updateCollectionExample,
  type CollectionView,
} from "./model";
import { findCollectionForWrite, listKnowledgeBases, searchDocuments, updateCollection } from "./queries";
import { highlightHtml, matchExpression, queryWords } from "./search";

export const knowledgeBaseOperations = [
  defineOperation({
    operationId: "listKnowledgeBases",
    method: "get",
    path: "/api/v1/knowledge-bases",
    summary: "List knowledge bases",
    description: "The company's knowledge bases, newest first, each with its document count and its collections (with theirs).",
    scope: "kb:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: OffsetPageQuery },
    responses: { 200: { description: "A page of knowledge bases", schema: KnowledgeBasePage, example: knowledgeBasePageExample } },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await listKnowledgeBases(db, caller.company.id, query) }),
  }),

  defineOperation({
    operationId: "updateKnowledgeBaseCollection",
    method: "patch",
    path: "/api/v1/kb/collections/{collection_id}",
    summary: "Rename or describe a collection",
    description: "Changes the collection's name and/or description (null clears the description); its documents are unchanged. Another company's collection is 404.",
    scope: "kb:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CollectionPath, body: UpdateCollectionInput, example: updateCollectionExample },
    responses: { 200: { description: "The collection after the change", schema: KnowledgeBaseCollection, example: collectionExampleAfterUpdate } },
    handler: async ({ db, caller, params, body, commit }) => {
      const companyId = caller.company.id;
      const changedFields = (["name", "description"] as const).filter((field) => body[field] !== undefined);
      // The answer and the event show the collection as this write left it: compare-and-set on the version read.
      const collection = await updateWithVersion("collection", () => findCollectionForWrite(db, companyId, params.collection_id), async ({ collection: current, version }) => {
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
      });
      return { status: 200, body: collection };
    },
  }),

  defineOperation({
    operationId: "searchKnowledgeBase",
    method: "post",
    path: "/api/v1/knowledge-bases/{kb_id}/search",
    summary: "Search inside a knowledge base",
    description:
      `Full-text search of the base's documents (SQLite FTS5): \`query\` is plain text of 1 to ${MAX_QUERY_LENGTH} characters, cut ` +
      "into words that are matched whatever their case and accents, the last one also as the start of a word; documents holding " +
      "more of the words, rarer ones, and in the title rank higher (BM25). No search syntax applies: quotes, operators and " +
      "symbols are plain text. A query with no letter or digit is 400. `limit` (1 to " +
      `${MAX_SEARCH_LIMIT}, default 5) caps the hits; \`collection_id\` keeps one collection of the base (another is 400). Each hit ` +
      "has the document's id, title, its best passage as HTML with the matched words in `<mark>`, and a score.",
    scope: "kb:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: KnowledgeBasePath, body: SearchInput, example: searchExample },
    responses: { 200: { description: "The ranked hits", schema: SearchResult, example: searchResultExample } },
    handler: async ({ db, caller, params, body }) => {
      const words = queryWords(body.query);
      const match = matchExpression(words);
      if (match === undefined) throw invalidField("body.query", "The query has no letter or digit to search for.");
      const found = await searchDocuments(db, caller.company.id, params.kb_id, { match, limit: body.limit, collectionId: body.collection_id });
      if (!found.baseExists) throw notFound("knowledge base");
      if (body.collection_id !== undefined && !found.collectionExists) throw invalidField("body.collection_id", "No collection of this knowledge base has this id.");
      const hits = found.hits.map((hit) => ({
        document_id: hit.documentId,
        collection_id: hit.collectionId,
        title: hit.title,
        snippet: highlightHtml(hit.snippet),
        source: hit.source,
        // bm25() is negative, lower is better; the score reads the other way.
        score: Number((-hit.rank).toPrecision(6)),
      }));
      return { status: 200, body: { kb_id: params.kb_id, query: body.query, words, hits } };
    },
  }),
];
