import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { app, type AppOptions } from './app';

export interface ServerOptions extends AppOptions {
  logger?: boolean;
}

/**
 * Bodies are JSON and must already have the schema's types: no coercion, so `["x"]` or
 * `{"$ne": null}` where a string belongs is a 400. Query strings and params are text by nature,
 * so they are coerced ("20" → 20). Unknown keys are dropped before they reach a handler.
 */
const makeAjv = (coerceTypes: boolean | 'array') => {
  const ajv = new Ajv({ coerceTypes, removeAdditional: true, useDefaults: true, allErrors: false, strict: false });
  addFormats(ajv);
  return ajv;
};
const validators = { body: makeAjv(false), url: makeAjv('array') };

/** Builds the Fastify instance: logger, validation settings, the app, graceful close. */
export const buildServer = async (options: ServerOptions): Promise<FastifyInstance> => {
  const server = Fastify({
    logger: options.logger === false ? false : { level: process.env.LOG_LEVEL ?? 'info' },
    // A hop count, never `true` (which would trust every X-Forwarded-For entry a client wrote):
    // the peer and the next hops - 1 entries from the right are proxies; the one after is the client.
    trustProxy: options.config.trustProxy > 0 ? (_address: string, hop: number) => hop < options.config.trustProxy : false,
    bodyLimit: 64 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    forceCloseConnections: true,
  }).withTypeProvider<TypeBoxTypeProvider>();
  server.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? validators.body : validators.url).compile(schema),
  );
  await server.register(app, options);
  return server;
};
