export declare const TOKEN_LIFETIME_SECONDS: number;
/** HS256 only, always with an expiry. */
declare const _default: import("fastify").FastifyPluginCallback<{
    secret: string;
}, import("fastify").RawServerDefault, import("fastify").FastifyTypeProviderDefault, import("fastify").FastifyBaseLogger>;
export default _default;
