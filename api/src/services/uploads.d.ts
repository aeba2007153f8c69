import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileKind, FileRecord, FileVisibility } from '../store/files-repository';
/** 40 megapixels: every phone photo fits, a decompression bomb does not. */
export declare const IMAGE_MAX_PIXELS = 40000000;
/** Longest side kept after re-encoding, unless a route asks otherwise. */
export declare const DEFAULT_MAX_DIMENSION = 2560;
/** The error statuses an upload route can answer; spread into the route's response schema. */
export declare const UPLOAD_ERRORS: {
    readonly 400: import("typebox").TObject<{
        message: import("typebox").TString;
        code: import("typebox").TOptional<import("typebox").TString>;
    }>;
    readonly 401: import("typebox").TObject<{
        message: import("typebox").TString;
        code: import("typebox").TOptional<import("typebox").TString>;
    }>;
    readonly 403: import("typebox").TObject<{
        message: import("typebox").TString;
        code: import("typebox").TOptional<import("typebox").TString>;
    }>;
    readonly 409: import("typebox").TObject<{
        message: import("typebox").TString;
        code: import("typebox").TOptional<import("typebox").TString>;
    }>;
    readonly 413: import("typebox").TObject<{
        message: import("typebox").TString;
        code: import("typebox").TOptional<import("typebox").TString>;
    }>;
    readonly 415: import("typebox").TObject<{
        message: import("typebox").TString;
        code: import("typebox").TOptional<import("typebox").TString>;
    }>;
    readonly 429: import("typebox").TObject<{
        message: import("typebox").TString;
        code: import("typebox").TOptional<import("typebox").TString>;
    }>;
};
export declare const TOO_LARGE: string;
export declare const WRONG_TYPE = "Only JPEG, PNG or WebP images are accepted.";
export interface ReceiveImageOptions {
    /** The one file field the route takes, e.g. 'photo_profile'. */
    fileField: string;
    /** The text fields the route takes; any other field is refused with 400. */
    fields?: readonly string[];
    ownerId: string;
    visibility: FileVisibility;
    kind: FileKind;
    /** Longest side after re-encoding (default `DEFAULT_MAX_DIMENSION`); never enlarges. */
    maxDimension?: number;
    /**
     * Checks the text fields before the image is decoded or anything is stored; throw an HttpError
     * (e.g. `badRequest(...)`) to refuse the request.
     */
    validateFields?: (fields: Record<string, string>) => void | Promise<void>;
}
export interface ReceivedImage {
    file: FileRecord;
    /** Where clients fetch it: `/api/files/<id>` or `/api/files/private/<id>`. */
    url: string;
    /** The text fields, trimmed of nothing: exactly as sent. */
    fields: Record<string, string>;
}
export declare const uploadsDir: (app: FastifyInstance) => string;
export declare const fileUrl: (file: Pick<FileRecord, "_id" | "visibility">) => string;
/** The file id inside one of our file URLs, or null for anything else (empty, external...). */
export declare const fileIdFromUrl: (url: string | null | undefined) => string | null;
interface Encoded {
    data: Buffer;
    mime: FileRecord['mime'];
    width: number;
    height: number;
}
/** Type from the bytes, pixel limit from the header, then a clean re-encode. */
export declare const reencodeImage: (input: Buffer, maxDimension?: number) => Promise<Encoded>;
/**
 * Receives one image from a multipart request, checks and re-encodes it, stores it and records
 * it. See the top of this file for the guarantees.
 */
export declare const receiveImage: (app: FastifyInstance, request: FastifyRequest, options: ReceiveImageOptions) => Promise<ReceivedImage>;
/**
 * Removes a stored file (record and bytes) by id or by one of our URLs. Anything else (an empty
 * string, a foreign URL) is ignored. Never throws: a clean-up must not fail the request it
 * follows; a leftover is logged.
 */
export declare const removeStoredFile: (app: FastifyInstance, idOrUrl: string | null | undefined) => Promise<void>;
/** Streams a stored file with safe headers; 404 when its bytes are gone. */
export declare const sendStoredFile: (app: FastifyInstance, reply: FastifyReply, record: FileRecord, cacheControl: string) => Promise<FastifyReply>;
export {};
