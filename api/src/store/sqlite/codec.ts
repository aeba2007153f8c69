/**
 * How a document becomes the JSON text of its row, and back. JSON has no dates, so a Date is
 * written as a string with a marker: "\u0001D" and its ISO form, which sorts and compares in time
 * order (every date we store has the same 24-character ISO form). A string of ours that itself
 * starts with the marker character is escaped ("\u0001S" before it), so no text a user types can
 * come back as a date.
 */
const MARK = '\u0001';
const DATE = `${MARK}D`;
const ESCAPED = `${MARK}S`;

export const encodeValue = (value: unknown): unknown => {
  if (value instanceof Date) return DATE + value.toISOString();
  if (typeof value === 'string' && value.startsWith(MARK)) return ESCAPED + value;
  return value;
};

export const encodeDocument = (doc: unknown): string =>
  JSON.stringify(doc, function (this: Record<string, unknown>, key, value: unknown) {
    // `value` is after Date#toJSON; the holder still has the Date itself.
    const raw = key === '' ? value : this[key];
    return raw instanceof Date || typeof raw === 'string' ? encodeValue(raw) : value;
  });

export const decodeDocument = <T>(text: string): T =>
  JSON.parse(text, (_key, value: unknown) => {
    if (typeof value !== 'string' || !value.startsWith(MARK)) return value;
    if (value.startsWith(DATE)) return new Date(value.slice(DATE.length));
    if (value.startsWith(ESCAPED)) return value.slice(ESCAPED.length);
    return value;
  }) as T;
