/**
 * What people may call themselves (contract §10): names and usernames with no control characters,
 * no line breaks and no bidirectional overrides or isolates (they let a name rewrite how the text
 * around it reads), and, for anyone but an admin, none of the words that make a member look like
 * the team. The API enforces both; the web app shows the same rule before it sends.
 */

/** C0 and C1 controls (line breaks among them), the Unicode line and paragraph separators, bidi embeddings, overrides and isolates. */
export const FORBIDDEN_NAME_CHARS = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

/** A JSON-schema pattern: at least one visible character and none of the forbidden ones. */
export const NAME_PATTERN = `^[^${FORBIDDEN_NAME_CHARS}]*[^\\s${FORBIDDEN_NAME_CHARS}][^${FORBIDDEN_NAME_CHARS}]*$`;

/** Words that belong to the team; a name or username of a non-admin may not contain them. */
export const STAFF_WORDS = ['admin', 'administrator', 'moderator', 'mod', 'support', 'official', 'staff'] as const;
/** The brand, spaced or not. */
const BRAND = 'lukisemas';

/** Lower case, accents and look-alike forms folded ("Ádmìn", "ＡＤＭＩＮ" → "admin"). */
const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/**
 * Whether `text` claims to be the team: a word (letters and digits, split at anything else, and
 * at a change between letters and digits) that is or begins with a staff word, the staff words
 * spelled out across separators ("a.d.m.i.n"), or the brand anywhere.
 */
export const isReservedName = (text: string): boolean => {
  const folded = fold(text);
  const letters = folded.replace(/[^\p{L}\p{N}]/gu, '');
  if (letters.includes(BRAND)) return true;
  if ((STAFF_WORDS as readonly string[]).includes(letters)) return true;
  const words = folded.split(/[^\p{L}\p{N}]+|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u).filter(Boolean);
  return words.some((word) => STAFF_WORDS.some((staff) => (staff === 'mod' ? word === 'mod' : word.startsWith(staff))));
};

export const RESERVED_NAME_MESSAGE = 'This name belongs to the team. Please choose another.';
