/**
 * RFC 8785 (JSON Canonicalization Scheme) for the JSON values the signals' ledger hashes: object
 * keys sorted by their UTF-16 code units, no whitespace, numbers and strings as ECMAScript's
 * JSON.stringify writes them (which is what RFC 8785 prescribes). Pure; used by the API and by
 * the browser's check of the chain. The shipped verifier keeps its own copy on purpose.
 */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('JCS has no form for a number that is not finite');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    // Default sort compares UTF-16 code units, the order RFC 8785 asks for.
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  throw new TypeError(`JCS has no form for a ${typeof value}`);
};
