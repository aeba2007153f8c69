/**
 * multipart/form-data for the upload routes. Nothing is written to disk here: parts are read into
 * memory within these limits by `services/uploads.ts`, which is the only reader.
 */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
