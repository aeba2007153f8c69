import fp from 'fastify-plugin';
import { createAccountService, type AccountService } from '../../services/accounts';
import { createActivityService, type ActivityService } from '../../services/activity';
import { createChatServices, type ChatCommands, type ChatQueries } from '../../services/chat';
import { createCodeService, type CodeService } from '../../services/one-time-codes';
import { createPresenceService, type PresenceService } from '../../services/presence';
import { createSignalService, type SignalService } from '../../services/signals';
import { createUploadService, type UploadService } from '../../services/uploads';
import { createPushService, type PushService } from '../../services/push';
import { ModerationService } from '../../services/moderation';
import { TOKEN_LIFETIME_SECONDS } from '../external/jwt';


declare module 'fastify' {
  interface FastifyInstance {
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
    /** Web Push: subscriptions, preferences and the notifications of contract §14. */
    push: PushService;
    /** Moderation of the live room (contract §13): reports, timeouts, the room, blocked terms, the log. */
    moderation: ModerationService;
  }
}

/**
 * The app's own services, built once from what exists before them (the core and the realtime
 * plugin: config, store, mailer, publisher, presence), decorated so every route reaches them the
 * same way.
 */
export default fp(
  async (app) => {
    const { store, config, mailer } = app;
    const { publisher } = app.realtime;
    const push = createPushService({ store, vapid: config.vapid, log: app.log });
    app.decorate('push', push);
    // Deliveries in flight finish (retries waiting are dropped) before the store closes.
    app.addHook('onClose', () => push.close());
    const chat = createChatServices(store, { publisher, push });
    app.decorate('chatCommands', chat.commands);
    app.decorate('chatQueries', chat.queries);
    const moderation = new ModerationService(store, { publisher }, chat.commands);
    app.decorate('moderation', moderation);
    // Each process announces the ends of the running timeouts, from the store at start.
    app.addHook('onReady', () => moderation.start());
    app.addHook('onClose', () => moderation.stop());
    app.decorate('signals', createSignalService(store, { publisher, push }));
    const codes = createCodeService({ store, mailer, key: config.jwtSecret });
    app.decorate('codes', codes);
    const uploads = createUploadService({ dataDir: config.dataDir, files: store.files, log: app.log });
    app.decorate('uploads', uploads);
    app.decorate('activity', createActivityService(store.activity, app.log));
    const presence = createPresenceService(app.realtime, app.log);
    app.decorate('presence', presence);
    app.decorate(
      'accounts',
      createAccountService({
        store,
        codes,
        presence,
        uploads,
        publisher,
        push,
        trialDays: config.trialDays,
        tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS,
        // the JWT plugin is registered before this one
        signToken: (claims) => app.jwt.sign(claims),
        log: app.log,
      }),
    );
  },
  { name: 'services', dependencies: ['core', 'realtime'] },
);
