import type { Redis } from 'ioredis';
/**
 * Limits are opt-in per route (see routes/auth). With Redis they are shared by every API
 * process; alone they live in memory.
 */
declare const _default: import("fastify").FastifyPluginCallback<{
    redis: Redis | null;
    scale?: number;
}, import("fastify").RawServerDefault, import("fastify").FastifyTypeProviderDefault, import("fastify").FastifyBaseLogger>;
export default _default;
