import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { tenant } from "../../../test/helpers";
import { createBase, search } from "../../../test/fixtures/knowledge-bases";
import type { KnowledgeBaseSeed } from "./articles";

/**
 * Search ranks within the company's own base: BM25 over the base's documents only. A reference
 * BM25, written here from the formula (FTS5's: k1 1.2, b 0.75, IDF floored at 1e-6, the title
 * weighted 3, lengths unweighted over title and body), is compared with the API's scores on a
 * corpus small enough to check by hand; then other companies and another base of the same company
 * add documents holding the same words to the same store, and the scores do not move.
 */

type Doc = { title: string; body: string };

const corpus: Doc[] = [
  { title: "Top up your wallet", body: "Add money to the wallet with a card." },
  { title: "Request a refund", body: "A refund goes back to the wallet in two days." },
  { title: "Invite your team", body: "Send an invitation by email to each person." },
  { title: "Calls and minutes", body: "Every call is charged per minute from the wallet balance." },
  { title: "Refund rules", body: "Refund refund refund: only unused credit." },
];

const baseOf = (name: string, docs: readonly Doc[]): KnowledgeBaseSeed => ({
  name,
  description: null,
  collections: [{ name: "All", description: null, articles: docs.map((doc) => ({ ...doc, source: null })) }],
});

const tokens = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** BM25 of `words` (exact terms, the last also a prefix) over `docs`, by title: the reference. */
function referenceBm25(docs: readonly Doc[], words: readonly string[]): Map<string, number> {
  const k1 = 1.2;
  const b = 0.75;
  const parsed = docs.map((doc) => ({ doc, title: tokens(doc.title), body: tokens(doc.body) }));
  const n = parsed.length;
  const avgdl = parsed.reduce((sum, doc) => sum + doc.title.length + doc.body.length, 0) / n;
  const matches = (word: string, last: boolean) => (token: string) =>
    last && word.length >= 2 ? token.startsWith(word) : token === word;
  const scores = new Map<string, number>();
  words.forEach((word, index) => {
    const hit = matches(word, index === words.length - 1);
    const holding = parsed.filter((doc) => doc.title.some(hit) || doc.body.some(hit)).length;
    if (holding === 0) return;
    const rawIdf = Math.log((n - holding + 0.5) / (holding + 0.5));
    const idf = rawIdf <= 0 ? 1e-6 : rawIdf;
    for (const doc of parsed) {
      const f = 3 * doc.title.filter(hit).length + doc.body.filter(hit).length;
      if (f === 0) continue;
      const length = doc.title.length + doc.body.length;
      const term = (idf * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * length) / avgdl));
      scores.set(doc.doc.title, (scores.get(doc.doc.title) ?? 0) + term);
    }
  });
  return scores;
}

const scoresOf = async (key: string, kb: string, query: string) =>
  new Map((await search(key, kb, { query, limit: 20 })).hits.map((hit) => [hit.title, hit.score]));

const QUERIES = ["refund wallet", "wallet", "refund", "invite the team", "call minutes wal"];

describe("knowledge-base search ranks with the base's own BM25", () => {
  it("scores as the reference BM25 over the base's documents", async () => {
    const t = await tenant({ capabilities: ["kb"] });
    const kb = await createBase(t.companyId, baseOf("Reference", corpus));
    // By hand, "refund" alone: N 5, avgdl 57 / 5 = 11.4, 2 documents hold it, IDF ln(3.5 / 2.5) = 0.33647;
    // "Refund rules" has f = 3·1 + 3 = 6 and |D| = 8: 0.33647 · 6 · 2.2 / (6 + 1.2 · (0.25 + 0.75 · 8 / 11.4)) = 0.640754.
    expect((await scoresOf(t.key, kb, "refund")).get("Refund rules")).toBe(0.640754);
    for (const query of QUERIES) {
      const expected = referenceBm25(corpus, tokens(query));
      const got = await scoresOf(t.key, kb, query);
      expect([...got.keys()].sort(), query).toEqual([...expected.keys()].sort());
      for (const [title, score] of expected) expect(got.get(title), `${query}: ${title}`).toBeCloseTo(score, 4);
    }
  });

  it("gives the same scores whatever other companies, and other bases, hold in the same store", async () => {
    const t = await tenant({ capabilities: ["kb"] });
    const kb = await createBase(t.companyId, baseOf("Mine", corpus));
    const before = await Promise.all(QUERIES.map((query) => scoresOf(t.key, kb, query)));

    // Another company in the same store, and another base of the same company, full of the same words.
    const crowd = Array.from({ length: 60 }, (_, index) => ({
      title: `Wallet refund ${index}`,
      body: `The wallet and the refund, the team and the call minutes, ${"wallet ".repeat(index % 7)}`,
    }));
    const other = await tenant({ capabilities: ["kb"], store: await storeOf(t.companyId) });
    await createBase(other.companyId, baseOf("Theirs", crowd));
    await createBase(t.companyId, baseOf("My other base", crowd.slice(0, 20)));

    const after = await Promise.all(QUERIES.map((query) => scoresOf(t.key, kb, query)));
    expect(after).toEqual(before);
    // And the other company's search sees its own statistics: its scores are not the first company's.
    expect((await scoresOf(other.key, kb, "wallet")).size).toBe(0);
  });
});

/** The store a company is in (the directory). */
async function storeOf(companyId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT store FROM companies WHERE id = ?")
    .bind(companyId)
    .first<{ store: number }>();
  return row!.store;
}
