/**
 * Text the server refuses whatever the form allowed (contract §10): email addresses that only look
 * like another member's, and chat messages that can rewrite how the room reads.
 */

/** Zero-width spaces, soft hyphens, direction marks...: Unicode's format characters. */
const FORMAT_CHAR = /\p{Cf}/u;
const NON_ASCII = /[^\x20-\x7e]/;
const LATIN = /\p{Script=Latin}/u;
const LOOK_ALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

export type EmailCheck = { email: string; problem?: undefined } | { email?: undefined; problem: string };

/**
 * An address as it is compared and stored: trimmed, in NFKC (full-width "ｂｏｓｓ" is "boss"), with
 * no format characters, a domain in ASCII (IDNA's `xn--` form for others) and a local part that
 * does not mix Latin letters with Cyrillic or Greek ones (the look-alikes of "а" and "о").
 */
export const normalizeEmail = (raw: string): EmailCheck => {
  const email = raw.trim().normalize('NFKC');
  if (FORMAT_CHAR.test(email)) return { problem: 'An email address cannot contain invisible characters.' };
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at + 1);
  if (NON_ASCII.test(domain)) return { problem: 'Write the email domain in plain ASCII letters (or its xn-- form).' };
  if (LATIN.test(local) && LOOK_ALIKE_SCRIPTS.test(local)) {
    return { problem: 'An email address cannot mix Latin letters with look-alike letters of other alphabets.' };
  }
  return { email };
};

/**
 * Controls other than line breaks and tabs (C0, DEL, C1), bidirectional embeddings, overrides and
 * isolates (a price shown reversed), and UTF-16 halves without their other half.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_IN_MESSAGES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const MESSAGE_CHARACTERS_REFUSED = 'A message cannot contain control characters or text-direction overrides.';

/** Whether a chat message's text carries what no message may (contract §10). */
export const hasForbiddenMessageCharacters = (text: string): boolean => FORBIDDEN_IN_MESSAGES.test(text);
