/**
 * Blocked terms (contract §13): a term matches a text without regard to case, accents or
 * full-width forms, as a whole word (or words). Both sides fold text the same way, so what the
 * admin typed and what a member wrote meet in one form.
 */

/** NFKC (full-width and compatibility forms to their plain ones), accents dropped, lower case, spaces collapsed. */
export const foldForMatching = (text: string): string =>
  text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s\p{Z}]+/gu, ' ')
    .trim();

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A term as the list keeps it: trimmed and with single spaces (its case and accents as typed). */
export const tidyTerm = (term: string): string => term.normalize('NFKC').replace(/[\s\p{Z}]+/gu, ' ').trim();

/** The blocked terms `text` contains as whole words, each as the list has it, in the list's order. */
export const blockedTermsIn = (text: string, terms: readonly string[]): string[] => {
  if (terms.length === 0) return [];
  const folded = foldForMatching(text);
  return terms.filter((term) => {
    const needle = foldForMatching(term);
    if (needle === '') return false;
    const pattern = escapeRegExp(needle).replace(/ /g, '[\\s\\p{Z}]+');
    return new RegExp(`(?<![\\p{L}\\p{N}_])${pattern}(?![\\p{L}\\p{N}_])`, 'u').test(folded);
  });
};
