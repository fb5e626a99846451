import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { helpCentre } from "./articles";
import { createBase, kbTenant, search } from "../../../test/fixtures/knowledge-bases";
import { matchExpression, queryWords } from "./search";

/** FTS5 query syntax and SQL in user text: each is searched as words, or refused as empty; never a 500. */
const hostile = [
  '"',
  '""',
  '"wallet',
  'wallet"',
  "wallet*",
  "*",
  "**",
  "^wallet",
  "wallet:top",
  "title:wallet",
  "body : wallet",
  "{title body}: wallet",
  "NEAR(wallet top)",
  "NEAR(wallet top, 2)",
  "wallet NEAR top",
  "wallet AND top",
  "wallet OR",
  "OR",
  "AND",
  "NOT",
  "NOT wallet",
  "wallet NOT top",
  "(wallet",
  "wallet)",
  "((()))",
  "-wallet",
  "wallet -top",
  "+wallet",
  "wallet + top",
  "'",
  "';--",
  "'; DROP TABLE kb_documents; --",
  "\\",
  "wallet\u0000top",
  "\u0301",
  "🫠 wallet",
  "wal\u00ADlet",
  "x".repeat(500),
  "a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ii",
  "rank",
  "bm25(kb_documents_fts)",
  "kb_documents_fts MATCH 'x'",
  "rowid = 1",
  "%",
  "_",
  "top*up",
  "top^2",
  "t",
  "é",
];

describe("search text is never FTS5 syntax", () => {
  it("the hostile strings answer 200 with hits or 400 for no words, never 500", async () => {
    const t = await kbTenant();
    const kb = await createBase(t.companyId, helpCentre);
    for (const query of hostile) {
      const response = await search(t.key, kb, { query });
      const words = queryWords(query);
      expect(response.status, `${JSON.stringify(query)}: ${response.text.slice(0, 200)}`).toBe(
        words.length === 0 ? 400 : 200,
      );
    }
    // Operators are words: "NEAR" and "OR" are looked up as text, the wallet still ranks first.
    expect((await search(t.key, kb, { query: "NEAR(wallet top)" })).hits[0]!.title).toBe("Top up your wallet");
    expect((await search(t.key, kb, { query: 'title:"wallet' })).hits[0]!.title).toMatch(/wallet/i);
  });

  it("every word becomes a quoted phrase, the last a prefix, joined with OR", () => {
    expect(matchExpression(queryWords('NEAR(wallet, "top") AND -refund*'))).toBe(
      '"NEAR" OR "wallet" OR "top" OR "AND" OR "refund"*',
    );
    expect(matchExpression(queryWords("t"))).toBe('"t"');
    expect(matchExpression(queryWords("Top top TOP"))).toBe('"Top"*');
    expect(matchExpression(queryWords("*^:()"))).toBeUndefined();
  });

  it("property: any text up to 500 characters answers 200 or 400, never 500", async () => {
    const t = await kbTenant();
    const kb = await createBase(t.companyId, helpCentre);
    const syntax = fc.constantFrom(
      '"',
      "*",
      "^",
      ":",
      "(",
      ")",
      "-",
      "+",
      " NEAR ",
      " AND ",
      " OR ",
      " NOT ",
      "{",
      "}",
      "'",
      ";",
      "\\",
      " ",
    );
    const word = fc.constantFrom("wallet", "top", "up", "facturación", "WhatsApp", "ñ", "é", "日本", "🫠");
    const text = fc.oneof(
      fc.string({ maxLength: 60, unit: "grapheme" }),
      fc.array(fc.oneof(syntax, word), { maxLength: 30 }).map((parts) => parts.join("")),
    );
    await fc.assert(
      fc.asyncProperty(
        text.filter((query) => query.length >= 1 && query.length <= 500),
        async (query) => {
          const response = await search(t.key, kb, { query, limit: 3 });
          expect([200, 400], `${JSON.stringify(query)}: ${response.text.slice(0, 200)}`).toContain(response.status);
          expect(response.status === 400).toBe(queryWords(query).length === 0);
        },
      ),
      { numRuns: 150, seed: 20261121 },
    );
  });
});
