/*
 * Terms of the base's own index (kb_terms): text cut and folded as the FTS5 index's tokenizer
 * does it (unicode61, remove_diacritics 2): runs of letters and digits, lower case, accents off.
 * A document's terms and a query's words go through the same function, so they meet exactly.
 */

const TOKEN = /[\p{L}\p{N}]+/gu;

/** The terms of `text`, in order, repeats kept: accents removed (NFKD, marks dropped), lower case. */
function termsOf(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .match(TOKEN) ?? []
  );
}

/** A document's terms with their counts in the title and the body, and each field's length in terms. */
export function documentTerms(title: string, body: string) {
  const titleTerms = termsOf(title);
  const bodyTerms = termsOf(body);
  const counts = new Map<string, [number, number]>();
  for (const term of titleTerms) {
    const count = counts.get(term) ?? [0, 0];
    count[0]++;
    counts.set(term, count);
  }
  for (const term of bodyTerms) {
    const count = counts.get(term) ?? [0, 0];
    count[1]++;
    counts.set(term, count);
  }
  return {
    titleLength: titleTerms.length,
    bodyLength: bodyTerms.length,
    terms: [...counts].map(([term, [title, body]]) => [term, title, body] as const),
  };
}

/** The highest code point: `prefix` followed by it bounds every term that starts with `prefix`. */
const LAST = String.fromCodePoint(0x10ffff);

/**
 * The query's phrases as ranges of terms ([low, high], inclusive), one per query word: a word is
 * its term, the last (of two characters or more) also every term it starts, as the MATCH
 * expression reads it (search.ts). A word that folds to several terms (rare: "½") is its first.
 */
export function phraseRanges(words: readonly string[], minPrefixLength: number): [string, string][] {
  const ranges: [string, string][] = [];
  words.forEach((word, index) => {
    const [term] = termsOf(word);
    if (term === undefined) return;
    const prefix = index === words.length - 1 && [...word].length >= minPrefixLength;
    ranges.push([term, prefix ? term + LAST : term]);
  });
  return ranges;
}
