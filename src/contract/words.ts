// The words of a search text, as search, its trade words and its vocabulary compare them.

export const searchWordLimits = {
  /** Words of a text that count; the rest is ignored. */
  maxWords: 8,
  maxWordLength: 40,
} as const;

/** Lower case, without accents (search keeps its copies so), NFKC. */
export const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFKC')
    .toLowerCase();

/**
 * The words of a search text: letters and digits only (nothing of tsquery's syntax gets
 * through), without accents, at most `searchWordLimits.maxWords`.
 */
export function searchWords(text: string): string[] {
  return plain(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, searchWordLimits.maxWords)
    .map((word) => word.slice(0, searchWordLimits.maxWordLength));
}
