import { isReservedName, NAME_PATTERN, RESERVED_NAME_MESSAGE } from '@le/contracts';

/**
 * The API's rules for what people call themselves (contract §10), checked before a form sends:
 * the same pattern and the same reserved words, so the answer is the same as the server's.
 */
const NAME_REGEX = new RegExp(NAME_PATTERN, 'u');

export const NAME_CHARACTERS_MESSAGE = 'This name has line breaks or hidden characters. Please remove them.';

/** A name with a control character, a line break or a bidi override; null when the name is fine (or empty: the form's own check). */
export const nameCharactersError = (name: string): string | null => (name === '' || NAME_REGEX.test(name) ? null : NAME_CHARACTERS_MESSAGE);

/** A name or username that claims to be the team, for anyone but an admin; null when allowed. */
export const reservedNameError = (text: string, role: string | null | undefined): string | null =>
  role !== 'admin' && isReservedName(text) ? RESERVED_NAME_MESSAGE : null;
