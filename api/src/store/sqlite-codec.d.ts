export declare const encodeValue: (value: unknown) => unknown;
export declare const encodeDocument: (doc: unknown) => string;
export declare const decodeDocument: <T>(text: string) => T;
