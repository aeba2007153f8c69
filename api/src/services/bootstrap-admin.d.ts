import type { FastifyBaseLogger } from 'fastify';
import { type Store } from '../store';
/**
 * A store without an admin gets one at start (contract §2): the configured one, or
 * admin@localhost with a random password printed once.
 */
export declare const ensureAdmin: (store: Store, admin: {
    email: string | null;
    password: string | null;
}, log: Pick<FastifyBaseLogger, "info" | "warn">) => Promise<void>;
