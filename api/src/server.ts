import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { app, type AppOptions } from './app';

export interface ServerOptions extends AppOptions {
  logger?: boolean;
}

/** Builds the Fastify instance: logger, validation settings, the app, graceful close. */
export const buildServer = async (options: ServerOptions): Promise<FastifyInstance> => {
  const server = Fastify({
    logger: options.logger === false ? false : { level: process.env.LOG_LEVEL ?? 'info' },
    trustProxy: options.config.trustProxy,
    bodyLimit: 64 * 1024,
    // Unknown keys are dropped before they reach a handler; an object where a string belongs
    // (`{"$ne": null}`) fails validation.
    ajv: { customOptions: { removeAdditional: true, allErrors: false } },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    forceCloseConnections: true,
  }).withTypeProvider<TypeBoxTypeProvider>();
  await server.register(app, options);
  return server;
};
