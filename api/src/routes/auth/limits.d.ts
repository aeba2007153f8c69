import type { FastifyInstance, FastifyRequest } from 'fastify';
/** Per-IP limit of an auth route, counted per route. */
export declare const perIp: (max: number, minutes: number) => {
    rateLimit: {
        max: number;
        timeWindow: number;
    };
};
/**
 * Per-account limit, whatever the address: a preHandler, since the body is parsed by then, and it
 * stacks on the per-IP limit of the route. The email or username is resolved to the account, so
 * switching between them counts against the same limit.
 */
export declare const perAccount: (app: FastifyInstance, group: string, max: number, minutes: number) => (request: FastifyRequest) => Promise<void>;
