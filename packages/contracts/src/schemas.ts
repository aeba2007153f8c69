/**
 * The API's shapes as TypeBox schemas (JSON Schema underneath), one file per area under
 * schemas/: the one source of every request body, query, params, response and socket payload.
 * The API validates and serializes with them (a response schema decides what leaves the server);
 * models.ts derives the TypeScript types from them, type-only, so TypeBox stays out of the web
 * bundle. This file is the `@le/contracts/schemas` entry, which the web app may not import.
 */
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/activity';
export * from './schemas/history';
export * from './schemas/payments';
export * from './schemas/admin';
export * from './schemas/chat';
export * from './schemas/signals';
export * from './schemas/push';
export * from './schemas/moderation';
