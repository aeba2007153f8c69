/**
 * The routes a caller may use without a token (every other route answers 401 without one). The
 * docs test checks this list against the server's answers, so it cannot drift.
 */
export declare const PUBLIC_ROUTES: Set<string>;
/**
 * Contract §12: OpenAPI 3 generated from the route schemas, browsable at /api/docs (Swagger UI)
 * and as JSON at /api/docs/json. Register before the routes: @fastify/swagger collects them as
 * they are added.
 */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
