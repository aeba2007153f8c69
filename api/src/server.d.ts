import { type FastifyInstance } from 'fastify';
import { type AppOptions } from './app';
export interface ServerOptions extends AppOptions {
    logger?: boolean;
}
/** Builds the Fastify instance: logger, validation settings, the app, graceful close. */
export declare const buildServer: (options: ServerOptions) => Promise<FastifyInstance>;
