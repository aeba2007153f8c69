import { NOTIFICATION_KINDS, PUSH_RULES, type NotificationPreferences, type PushDevice, type PushSubscriptionBody } from '@le/contracts';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { VapidKeys } from '../../lib/vapid-keys';
import type { PushSubscriptionRecord, Store, UserRecord } from '../../store';
import { deliveryFor, type Notice } from './notices';
import { createPushSender, type SenderLog, type SenderOptions } from './sender';

export type { Notice } from './notices';

/** Every subscription is read in pages of this many for a notice to everyone (a signal). */
const FAN_OUT_PAGE = 500;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An `https:` endpoint, or `http:` on the loopback (a local push service); anything else is 400. */
const checkEndpoint = (endpoint: string): void => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest('The endpoint must be a URL.', 'BAD_ENDPOINT');
  }
  const ok = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!ok || url.username || url.password) throw badRequest('The endpoint must be an https: URL (or http: on this machine).', 'BAD_ENDPOINT');
};

/** The browser's key for the payload's encryption: a P-256 point (65 bytes) and a 16-byte secret. */
const checkKeys = (keys: PushSubscriptionBody['keys']): void => {
  if (Buffer.from(keys.p256dh, 'base64url').length !== 65 || Buffer.from(keys.auth, 'base64url').length !== 16) {
    throw badRequest('The subscription keys are not a P-256 key and a 16-byte secret.', 'BAD_KEYS');
  }
};

const deviceOf = (record: PushSubscriptionRecord, sessionId: string): PushDevice => ({
  _id: record._id,
  service: (() => {
    try {
      return new URL(record.endpoint).host;
    } catch {
      return '';
    }
  })(),
  userAgent: record.userAgent,
  createdAt: record.createdAt.toISOString(),
  current: record.sessionId === sessionId,
});

export interface PushServiceOptions {
  store: Store;
  vapid: VapidKeys;
  log: SenderLog;
  clock?: () => Date;
  sender?: Partial<Pick<SenderOptions, 'tries' | 'firstBackoffMs' | 'concurrency' | 'timeoutMs'>>;
}

/**
 * Notifications outside the tab (contract §14). `notify` is called by the process that wrote the
 * event, after the write is durable and answered-for: it returns at once and the fan-out runs
 * later in this process (never on the request path, never by another process, so a notification
 * goes out once however many API processes run). Each recipient's payload comes from
 * `deliveryFor`, per viewer; a recipient's switch for the kind must be on, and a subscription goes
 * only while the session that made it is signed in.
 */
export const createPushService = (options: PushServiceOptions) => {
  const { store, log } = options;
  const clock = options.clock ?? (() => new Date());
  const sender = createPushSender({ vapid: options.vapid, log, forget: (endpoint) => store.push.removeEndpoint(endpoint), ...options.sender });
  const fanOuts = new Set<Promise<void>>();
  let closed = false;

  /** Sends the notice to these subscriptions, each as its user may see it. */
  const deliverTo = async (notice: Notice, subscriptions: PushSubscriptionRecord[]): Promise<void> => {
    if (subscriptions.length === 0) return;
    const now = clock();
    const userIds = [...new Set(subscriptions.map((s) => s.userId))];
    const [users, preferences, live] = await Promise.all([
      store.users.findByIds(userIds),
      store.push.preferencesOfMany(userIds),
      store.sessions.liveAmong([...new Set(subscriptions.map((s) => s.sessionId))], now),
    ]);
    const byId = new Map(users.map((user) => [user._id, user]));
    const ended: string[] = [];
    for (const subscription of subscriptions) {
      if (!live.has(subscription.sessionId)) {
        ended.push(subscription.sessionId);
        continue;
      }
      const user = byId.get(subscription.userId);
      if (!user) continue;
      const delivery = deliveryFor(notice, user, now.getTime());
      if (!delivery) continue;
      if (delivery.preference !== null && !preferences.get(user._id)?.[delivery.preference]) continue;
      sender.enqueue(subscription, delivery);
    }
    // A session that expired (or ended where no sign-out reached us) takes its subscription with it.
    if (ended.length > 0) await store.push.removeForSessions([...new Set(ended)]);
  };

  const recipientsOf = async (notice: Notice): Promise<string[] | 'everyone'> => {
    switch (notice.kind) {
      case 'signal':
        return 'everyone';
      case 'reply':
        return notice.message.replyTo ? [notice.message.replyTo.sender._id] : [];
      case 'conversation':
        return notice.message.sender._id === notice.memberId ? (await store.users.listAdmins()).map((admin) => admin._id) : [notice.memberId];
      case 'payment':
        return (await store.users.listAdmins()).map((admin) => admin._id);
      case 'membership':
      case 'test':
        return [];
    }
  };

  const fanOut = async (notice: Notice, only?: string[]): Promise<void> => {
    const recipients = only ?? (await recipientsOf(notice));
    if (recipients !== 'everyone') {
      await deliverTo(notice, await store.push.forUsers(recipients));
      return;
    }
    for (let after: string | null = null; ; ) {
      const page = await store.push.page(after, FAN_OUT_PAGE);
      if (page.length === 0) break;
      await deliverTo(notice, page);
      after = page.at(-1)!._id;
      if (page.length < FAN_OUT_PAGE) break;
    }
  };

  /** Runs the fan-out after the current request is done with; failures are logged, never thrown at the writer. */
  const schedule = (notice: Notice, only?: string[]): Promise<void> => {
    if (closed) return Promise.resolve();
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => fanOut(notice, only))
      .catch((error: unknown) => log.warn({ err: error, kind: notice.kind }, 'push: a notification could not be fanned out'));
    fanOuts.add(run);
    void run.finally(() => fanOuts.delete(run));
    return run;
  };

  return {
    publicKey: options.vapid.publicKey,

    /** Something happened: whoever should hear of it on their devices will (the caller never waits). */
    notify(notice: Notice): void {
      void schedule(notice);
    },

    /** A notice for one user's devices (membership reminders). */
    notifyUser(userId: string, notice: Notice): void {
      void schedule(notice, [userId]);
    },

    /** `POST /push/test`: one notification to the caller's devices. */
    test(user: UserRecord): void {
      void schedule({ kind: 'test' }, [user._id]);
    },

    /** Keeps the browser's subscription for the caller's session (`created` false when the endpoint was known). */
    async subscribe(user: UserRecord, sessionId: string, body: PushSubscriptionBody, userAgent: string): Promise<{ subscription: PushDevice; created: boolean }> {
      checkEndpoint(body.endpoint);
      checkKeys(body.keys);
      const { record, created } = await store.push.save({
        _id: newId(),
        endpoint: body.endpoint,
        keys: { p256dh: body.keys.p256dh, auth: body.keys.auth },
        userId: user._id,
        sessionId,
        userAgent: userAgent.slice(0, 300),
        createdAt: clock(),
      });
      // A user's devices are bounded: past the ceiling the oldest go.
      const own = await store.push.forUser(user._id);
      for (const old of own.slice(PUSH_RULES.perUserMax)) await store.push.removeOwn(old._id, user._id);
      return { subscription: deviceOf(record, sessionId), created };
    },

    async unsubscribe(user: UserRecord, endpoint: string): Promise<void> {
      await store.push.removeEndpoint(endpoint, user._id);
    },

    async removeDevice(user: UserRecord, id: string): Promise<void> {
      if (!(await store.push.removeOwn(id, user._id))) throw notFound('Device not found.', 'DEVICE_NOT_FOUND');
    },

    async devices(user: UserRecord, sessionId: string): Promise<PushDevice[]> {
      return (await store.push.forUser(user._id)).map((record) => deviceOf(record, sessionId));
    },

    preferences(user: UserRecord): Promise<NotificationPreferences> {
      return store.push.preferencesOf(user._id);
    },

    setPreferences(user: UserRecord, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
      const known = Object.fromEntries(NOTIFICATION_KINDS.filter((kind) => typeof changes[kind] === 'boolean').map((kind) => [kind, changes[kind]]));
      return store.push.setPreferences(user._id, known, clock());
    },

    /** A session ended (sign-out, revocation): its subscriptions go with it. */
    async sessionsEnded(sessionIds: string[]): Promise<void> {
      await store.push.removeForSessions(sessionIds);
    },

    /** Resolves once every fan-out and delivery started so far is done (tests, the bench). */
    async idle(): Promise<void> {
      while (fanOuts.size > 0) await Promise.all([...fanOuts]);
      await sender.idle();
    },

    report: sender.report,

    async close(): Promise<void> {
      closed = true;
      await Promise.all([...fanOuts]);
      await sender.close();
    },
  };
};

export type PushService = ReturnType<typeof createPushService>;

/** What the writers reach: the events that cause notifications, and sessions that end. */
export type PushNotifier = Pick<PushService, 'notify' | 'notifyUser' | 'sessionsEnded'>;
