/** An error the client should see: status, message and an optional machine-readable code. */
export declare class HttpError extends Error {
    readonly statusCode: number;
    readonly code?: string | undefined;
    readonly headers: Record<string, string>;
    constructor(statusCode: number, message: string, code?: string | undefined, headers?: Record<string, string>, cause?: unknown);
}
export declare const badRequest: (message: string, code?: string) => HttpError;
export declare const unauthorized: (message?: string) => HttpError;
export declare const forbidden: (message?: string) => HttpError;
export declare const notFound: (message?: string) => HttpError;
export declare const conflict: (message: string, code?: string) => HttpError;
export declare const tooManyRequests: (message: string, retryAfterSeconds: number) => HttpError;
