import { defineOperation } from "../../core/operation";
import { OffsetPageQuery } from "../../lib/pagination";
import { changeCollection, collectionView, searchKnowledgeBase } from "./actions";
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
} from "./model";
import { listKnowledgeBases } from "./queries";

export const knowledgeBaseOperations = [
  defineOperation({
    operationId: "listKnowledgeBases",
    method: "get",
    path: "/api/v1/knowledge-bases",
    summary: "List knowledge bases",
    description:
      "The company's knowledge bases, newest first, each with its document count and its collections (with theirs).",
    scope: "kb:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: OffsetPageQuery },
    responses: {
      200: { description: "A page of knowledge bases", schema: KnowledgeBasePage, example: knowledgeBasePageExample },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listKnowledgeBases(db, caller.company.id, query),
    }),
  }),

  defineOperation({
    operationId: "updateKnowledgeBaseCollection",
    method: "patch",
    path: "/api/v1/kb/collections/{collection_id}",
    summary: "Rename or describe a collection",
    description:
      "Changes the collection's name and/or description (null clears the description); its documents are unchanged. Another company's collection is 404.",
    scope: "kb:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CollectionPath, body: UpdateCollectionInput, example: updateCollectionExample },
    responses: {
      200: {
        description: "The collection after the change",
        schema: KnowledgeBaseCollection,
        example: collectionExampleAfterUpdate,
      },
    },
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: await collectionView({ db, caller }, params.collection_id),
    }),
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await changeCollection({ db, caller, commit }, { collectionId: params.collection_id, body }),
    }),
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
    handler: async ({ db, caller, params, body }) => ({
      status: 200,
      body: await searchKnowledgeBase({ db, caller }, { kbId: params.kb_id, body }),
    }),
  }),
];
