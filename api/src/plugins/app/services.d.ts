import type { Config } from '../../config';
import type { Store } from '../../store';
import type { Mailer } from './mailer';
import type { PresenceStore } from '@le/realtime-server';
import type { EventPublisher } from './publisher';
/** The app's own services, decorated once so every route reaches them the same way. */
export interface Services {
    config: Config;
    store: Store;
    mailer: Mailer;
    /** Replaced once the realtime server is attached (see main.ts). */
    realtime: RealtimeServices;
}
/** How the API reaches sockets, and who is online (sockets and heartbeats, see presence.ts). */
export interface RealtimeServices {
    publisher: EventPublisher;
    presence: PresenceStore;
}
declare module 'fastify' {
    interface FastifyInstance {
        config: Config;
        store: Store;
        mailer: Mailer;
        realtime: RealtimeServices;
    }
}
declare const _default: import("fastify").FastifyPluginCallback<Services, import("fastify").RawServerDefault, import("fastify").FastifyTypeProviderDefault, import("fastify").FastifyBaseLogger>;
export default _default;
