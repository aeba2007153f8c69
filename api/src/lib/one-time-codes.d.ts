/** A uniformly random code of LIMITS.resetCodeLength digits. */
export declare const generateCode: () => string;
/**
 * Codes are kept as keyed hashes: a 6-digit code's plain hash could be reversed by trying all
 * million, the server key makes that impossible without the key.
 */
export declare const hashCode: (key: string, codeId: string, code: string) => string;
export declare const codeMatches: (key: string, codeId: string, code: string, expectedHash: string) => boolean;
