import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Store } from '../../store';
import type { Mailer } from './mailer';
import type { PresenceStore } from '@le/realtime-server';
import { ChatService } from '../../services/chat';
import { createCodeService, type CodeService } from '../../services/one-time-codes';
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
    /** The chat's commands and reads (one per app: its per-stream write queue must be shared). */
    chat: ChatService;
    /** One-time codes: issue, mail, check (verify, reset, email change). */
    codes: CodeService;
  }
}

export default fp<Services>(
  async (app, services) => {
    app.decorate('config', services.config);
    app.decorate('store', services.store);
    app.decorate('mailer', services.mailer);
    app.decorate('realtime', services.realtime);
    // Built here, once, from their dependencies; routes take them from the instance.
    app.decorate('chat', new ChatService(services.store, services.realtime));
    app.decorate('codes', createCodeService({ store: services.store, mailer: services.mailer, key: services.config.jwtSecret }));
  },
  { name: 'services' },
);
