import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Ajv, type ValidateFunction } from 'ajv';
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

/**
 * Compiled when a route is first called, not at start: compiling every route's validators and
 * serializers took most of a start's second of CPU (contract §15: health answers within 1 s of
 * the process's start). Fastify reads `errors` from the validator after a failed call.
 */
const lazyValidator = (compile: () => ValidateFunction): ((data: unknown) => boolean) => {
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown): boolean => {
    compiled ??= compile();
    const valid = compiled(data) as boolean;
    (validate as { errors?: unknown }).errors = compiled.errors;
    return valid;
  };
  return validate;
};

const lazySerializers = (externalSchemas: unknown, options: unknown) => {
  const compile = SerializerSelector()(externalSchemas as never, options as never);
  return (route: Parameters<typeof compile>[0]) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= compile(route) as (data: unknown) => string)(data);
  };
};

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
    // A close (SIGTERM) answers what it has received: requests in flight finish, a keep-alive
    // connection goes once idle (main.ts), a request that comes on it meanwhile is a 503.
    return503OnClosing: true,
    forceCloseConnections: false,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers as never } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  server.setValidatorCompiler(({ schema, httpPart }) => lazyValidator(() => (httpPart === 'body' ? validators.body : validators.url).compile(schema)));
  await server.register(app, options);
  return server;
};
