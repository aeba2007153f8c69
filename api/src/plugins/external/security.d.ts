/**
 * Safe headers and a CSP. The chart widget (TradingView) and the public IP lookup are the only
 * third parties; styles may be inline because Chakra UI injects them at run time.
 */
declare const _default: import("fastify").FastifyPluginCallback<{
    production: boolean;
}, import("fastify").RawServerDefault, import("fastify").FastifyTypeProviderDefault, import("fastify").FastifyBaseLogger>;
export default _default;
