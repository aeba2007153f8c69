import type { Redis } from 'ioredis';
import { type PresenceStore } from '@le/realtime-server';
import type { Config } from './config';
import type { Mailer } from './plugins/app/mailer';
import { type EventPublisher } from './plugins/app/publisher';
import type { Store } from './store';
export interface AppOptions {
    config: Config;
    store: Store;
    mailer: Mailer;
    redis?: Redis | null;
    publisher?: EventPublisher;
    presence?: PresenceStore;
}
/**
 * The whole application as one plugin: external plugins, our own decorators, then routes. It is
 * not encapsulated, so the server that registers it sees its decorators (store, realtime...).
 */
export declare const app: import("fastify").FastifyPluginCallback<AppOptions, import("fastify").RawServerDefault, import("fastify").FastifyTypeProviderDefault, import("fastify").FastifyBaseLogger>;
