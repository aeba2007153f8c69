import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Store } from '../../store';
import type { Mailer } from './mailer';
import type { PresenceStore } from '@le/realtime-server';
import { createAccountService, type AccountService } from '../../services/accounts';
import { createActivityService, type ActivityService } from '../../services/activity';
import { createChatServices, type ChatCommands, type ChatQueries } from '../../services/chat';
import { createCodeService, type CodeService } from '../../services/one-time-codes';
import { createPresenceService, type PresenceService } from '../../services/presence';
import { createSignalService, type SignalService } from '../../services/signals';
import { createUploadService, type UploadService } from '../../services/uploads';
import { TOKEN_LIFETIME_SECONDS } from '../external/jwt';
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
    /** The chat's writes (one per app: its per-stream write queue must be shared). */
    chatCommands: ChatCommands;
    /** The chat's reads, each as its reader may see it. */
    chatQueries: ChatQueries;
    /** The signals' writes and reads (one per app: its write queue must be shared). */
    signals: SignalService;
    /** One-time codes: issue, mail, check (verify, reset, email change). */
    codes: CodeService;
    /** Images in (checked, re-encoded, stored, recorded) and out. */
    uploads: UploadService;
    /** The activity log's writer. */
    activity: ActivityService;
    /** Who is online: heartbeats and sockets, announced to admins. */
    presence: PresenceService;
    /** An account's life: sign-up, proof, sign-in and out, lost password, profile, email change. */
    accounts: AccountService;
  }
}

export default fp<Services>(
  async (app, services) => {
    app.decorate('config', services.config);
    app.decorate('store', services.store);
    app.decorate('mailer', services.mailer);
    app.decorate('realtime', services.realtime);
    // Built here, once, from their dependencies (never from the instance); routes take them from it.
    const { store, config } = services;
    const chat = createChatServices(store, services.realtime);
    app.decorate('chatCommands', chat.commands);
    app.decorate('chatQueries', chat.queries);
    app.decorate('signals', createSignalService(store, services.realtime));
    const codes = createCodeService({ store, mailer: services.mailer, key: config.jwtSecret });
    app.decorate('codes', codes);
    const uploads = createUploadService({ dataDir: config.dataDir, files: store.files, log: app.log });
    app.decorate('uploads', uploads);
    app.decorate('activity', createActivityService(store.activity, app.log));
    const presence = createPresenceService(services, app.log);
    app.decorate('presence', presence);
    app.decorate(
      'accounts',
      createAccountService({
        store,
        codes,
        presence,
        uploads,
        services,
        trialDays: config.trialDays,
        tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS,
        // the JWT plugin is registered beside this one; its signer is read when a session starts
        signToken: (claims) => app.jwt.sign(claims),
        log: app.log,
      }),
    );
  },
  { name: 'services' },
);
