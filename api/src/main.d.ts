import type { FastifyInstance } from 'fastify';
import { type RealtimeServer } from '@le/realtime-server';
import { type Config } from './config';
export type StartMode = 'all' | 'api';
export interface RunningServer {
    app: FastifyInstance;
    realtime: RealtimeServer | null;
    url: string;
    close(): Promise<void>;
}
/**
 * Starts the product. `all`: web, API and Socket.IO in one process (Redis optional).
 * `api`: web and API; events go out through Redis to separate realtime processes.
 */
export declare const startServer: (config: Config, mode?: StartMode, options?: {
    logger?: boolean;
}) => Promise<RunningServer>;
/** Entry point of `pnpm start` / `pnpm start:api`. */
export declare const main: (mode: StartMode) => Promise<void>;
