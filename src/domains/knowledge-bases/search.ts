import { escapeHtml } from "../../lib/html";

/*
 * User text to an FTS5 MATCH expression. Nothing the user writes reaches MATCH as syntax: the
 * text is cut into words (runs of letters, marks and digits, as the unicode61 tokenizer cuts it),
 * and each word becomes a quoted phrase ("word"), which FTS5 reads as plain text whatever it
 * contains. Quotes, NEAR, AND/OR/NOT, *, ^, :, -, + and parentheses are therefore either
 * separators or ordinary words. The phrases are joined with OR, so that BM25 ranks documents by
 * how many of the words they hold and how rare those are; the last word is also a prefix
 * ("word"*), for search as you type.
 */

/** Words of a query that are searched; the rest are ignored (a query is at most 500 characters). */
export const MAX_QUERY_WORDS = 32;

/** The shortest last word searched as a prefix: the FTS index has prefix indexes of 2, 3 and 4 characters. */
export const MIN_PREFIX_LENGTH = 2;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of the query, in order, each once (case and accents are folded by the index itself). */
export function queryWords(text: string): string[] {
  const words = text.normalize("NFKC").match(WORD) ?? [];
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const word of words) {
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(word);
    if (kept.length === MAX_QUERY_WORDS) break;
  }
  return kept;
}

/** The MATCH expression of the words: quoted phrases joined with OR, the last a prefix; undefined without words. */
export function matchExpression(words: readonly string[]): string | undefined {
  if (words.length === 0) return undefined;
  // A word holds no double quote (WORD admits none), so quoting needs no escaping.
  return words
    .map((word, index) =>
      index === words.length - 1 && [...word].length >= MIN_PREFIX_LENGTH ? `"${word}"*` : `"${word}"`,
    )
    .join(" OR ");
}

/** Marks snippet() puts around matched words: private-use characters no document keeps (see cleanText). */
export const MARK_OPEN = "\uE000";
export const MARK_CLOSE = "\uE001";

/** Document text as stored: without the private-use characters the snippets use as marks. */
export const cleanText = (text: string) => text.replace(/[\uE000\uE001]/g, "");

/** A snippet as safe HTML: the document's text escaped, matched words in <mark>. */
export function highlightHtml(snippet: string): string {
  return escapeHtml(snippet).replaceAll(MARK_OPEN, "<mark>").replaceAll(MARK_CLOSE, "</mark>");
}
