import { z } from "@hono/zod-openapi";
import { offsetEnvelope } from "../../lib/pagination";
import { int32, requireSome, timestamp, uuid } from "../../lib/schemas";
import { MAX_QUERY_WORDS } from "./search";

/** Search queries are 1 to this many characters. */
export const MAX_QUERY_LENGTH = 500;
/** Hits a search answers by default, and at most. */
const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 20;
/** Collections listed with each knowledge base, at most. */
export const MAX_LISTED_COLLECTIONS = 100;

const name = z.string().trim().min(1).max(200);
const description = z.string().trim().max(2000);

export const KnowledgeBaseCollection = z
  .object({
    id: uuid(),
    kb_id: uuid().openapi({ description: "The knowledge base it belongs to" }),
    name: z.string().openapi({ example: "Billing and wallet" }),
    description: z.string().nullable().openapi({ example: "Top-ups, invoices, refunds and payment methods." }),
    document_count: int32().openapi({ description: "Documents in the collection" }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("KnowledgeBaseCollection", {
    description: "A collection of documents of a knowledge base (a topic, a product).",
  });

export type CollectionView = z.output<typeof KnowledgeBaseCollection>;

export const KnowledgeBase = z
  .object({
    id: uuid(),
    name: z.string().openapi({ example: "Help centre" }),
    description: z.string().nullable(),
    document_count: int32().openapi({ description: "Documents in every collection of the base" }),
    collections: z
      .array(KnowledgeBaseCollection)
      .max(MAX_LISTED_COLLECTIONS)
      .openapi({ description: `Its collections, oldest first (at most ${MAX_LISTED_COLLECTIONS})` }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("KnowledgeBase", {
    description: "A knowledge base the company's voice agents answer from, with its collections.",
  });

export type KnowledgeBaseView = z.output<typeof KnowledgeBase>;

/** A document as the operator API answers it (the public API only searches documents). */
export const KnowledgeBaseDocument = z.object({
  id: z.string(),
  kb_id: z.string(),
  collection_id: z.string(),
  title: z.string(),
  body: z.string(),
  source: z.string().nullable(),
  created_at: z.string(),
});

export const KnowledgeBasePage = offsetEnvelope(
  KnowledgeBase,
  "KnowledgeBasePage",
  "A page of knowledge bases, newest first",
);

export const CollectionPath = z.object({
  collection_id: uuid().openapi({
    description: "Id of a collection of one of the company's knowledge bases (a UUID; anything else is 400)",
    example: "2b7c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
  }),
});

export const KnowledgeBasePath = z.object({
  kb_id: uuid().openapi({
    description: "Id of one of the company's knowledge bases (a UUID; anything else is 400)",
    example: "8f1e2d3c-4b5a-4697-8877-66554433a2b1",
  }),
});

export const UpdateCollectionInput = requireSome(
  z
    .object({
      name: name.optional(),
      description: description.nullable().optional().openapi({ description: "null clears it" }),
    })
    .strict(),
  "Send name or description.",
).openapi("UpdateKnowledgeBaseCollectionInput", {
  description: "A new name, description, or both (null clears the description).",
});

export const SearchInput = z
  .object({
    query: z
      .string()
      .min(1)
      .max(MAX_QUERY_LENGTH)
      .openapi({
        description: `What to look for, 1 to ${MAX_QUERY_LENGTH} characters of plain text: words are matched whatever their case and accents, the last also as the start of a word; no search syntax applies`,
        example: "top up the wallet",
      }),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_LIMIT)
      .default(DEFAULT_SEARCH_LIMIT)
      .openapi({ format: "int32", description: `Hits to answer, 1 to ${MAX_SEARCH_LIMIT}` }),
    collection_id: uuid()
      .optional()
      .openapi({ description: "Only documents of this collection of the knowledge base" }),
  })
  .strict()
  .openapi("KnowledgeBaseSearchInput", { description: "A full-text search in one knowledge base." });

const SearchHit = z
  .object({
    document_id: uuid(),
    collection_id: uuid(),
    title: z.string().openapi({ example: "Top up your wallet" }),
    snippet: z.string().openapi({
      description:
        "The passage that best matches, as HTML: the document's text escaped, the matched words in `<mark>`, cuts marked …",
      example: "…you can <mark>top</mark> <mark>up</mark> the <mark>wallet</mark> by card or bank transfer…",
    }),
    source: z.string().nullable().openapi({ description: "Where the document came from (a URL, a file)" }),
    score: z.number().min(0).openapi({
      description: "BM25 relevance (higher is better), comparable within one search only",
      example: 4.2137,
    }),
  })
  .openapi("KnowledgeBaseSearchHit", { description: "A document that matches, with its best passage highlighted." });

export const SearchResult = z
  .object({
    kb_id: uuid(),
    query: z.string().openapi({ description: "The query as received" }),
    words: z
      .array(z.string())
      .max(MAX_QUERY_WORDS)
      .openapi({ description: "The words searched, in order, each once (the last also as a prefix)" }),
    hits: z.array(SearchHit).max(MAX_SEARCH_LIMIT).openapi({ description: "Best first" }),
  })
  .openapi("KnowledgeBaseSearchResult", { description: "The ranked hits of a search in one knowledge base." });

// ---------------------------------------------------------------------------------------------
// Examples

const collectionExample = {
  id: "2b7c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
  kb_id: "8f1e2d3c-4b5a-4697-8877-66554433a2b1",
  name: "Billing and wallet",
  description: "Top-ups, invoices, refunds and payment methods.",
  document_count: 9,
  created_at: "2026-01-10T09:00:00.000Z",
  updated_at: "2026-01-10T09:00:00.000Z",
};

export const knowledgeBasePageExample: z.input<typeof KnowledgeBasePage> = {
  data: [
    {
      id: "8f1e2d3c-4b5a-4697-8877-66554433a2b1",
      name: "Help centre",
      description: "What customers ask about: billing, calls, WhatsApp, the account.",
      document_count: 36,
      collections: [collectionExample],
      created_at: "2026-01-10T09:00:00.000Z",
      updated_at: "2026-01-10T09:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export const updateCollectionExample: z.input<typeof UpdateCollectionInput> = {
  name: "Billing, wallet and invoices",
  description: "Everything about paying for the service.",
};

export const collectionExampleAfterUpdate: z.input<typeof KnowledgeBaseCollection> = {
  ...collectionExample,
  name: "Billing, wallet and invoices",
  description: "Everything about paying for the service.",
  updated_at: "2026-11-20T10:00:00.000Z",
};

export const searchExample: z.input<typeof SearchInput> = { query: "top up the wallet", limit: 5 };

export const searchResultExample: z.input<typeof SearchResult> = {
  kb_id: "8f1e2d3c-4b5a-4697-8877-66554433a2b1",
  query: "top up the wallet",
  words: ["top", "up", "the", "wallet"],
  hits: [
    {
      document_id: "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
      collection_id: "2b7c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
      title: "Top up your wallet",
      snippet:
        "Calls and messages are paid from the <mark>wallet</mark>. <mark>Top</mark> it <mark>up</mark> by card from Billing…",
      source: "https://help.example.com/billing/top-up",
      score: 4.2137,
    },
  ],
};
