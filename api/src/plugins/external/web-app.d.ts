/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every path that is not the API or the socket falls back to index.html.
 */
declare const _default: import("fastify").FastifyPluginCallback<{
    root: string;
}, import("fastify").RawServerDefault, import("fastify").FastifyTypeProviderDefault, import("fastify").FastifyBaseLogger>;
export default _default;
