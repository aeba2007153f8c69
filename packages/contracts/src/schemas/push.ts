/** Notifications outside the tab (contract §14): Web Push subscriptions, preferences and the payload. */
import { Type } from 'typebox';
import { PUSH_RULES } from '../constants';

const Base64Url = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$' });

/** `GET /push/public-key`: the VAPID key the browser subscribes with (base64url). */
export const PushPublicKey = Type.Object({ publicKey: Type.String() });

/** `POST /push/subscriptions`: the browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: PUSH_RULES.endpointMax }),
  keys: Type.Object({ p256dh: Base64Url(PUSH_RULES.keyMax), auth: Base64Url(PUSH_RULES.keyMax) }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});

/** `DELETE /push/subscriptions`. */
export const PushEndpointBody = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: PUSH_RULES.endpointMax }) });

/** One device that receives the caller's notifications (never its endpoint or keys). */
export const PushDevice = Type.Object({
  _id: Type.String(),
  /** The push service's host (which browser family delivers it). */
  service: Type.String(),
  userAgent: Type.String(),
  createdAt: Type.String(),
  /** Made by the session asking. */
  current: Type.Boolean(),
});
export const PushSubscriptionResponse = Type.Object({ subscription: PushDevice });
/** `GET /push/subscriptions`: the caller's devices, newest first. */
export const PushDeviceList = Type.Object({ subscriptions: Type.Array(PushDevice) });

/** `GET`/`PUT /notifications/preferences`: one switch per kind, all on at first. */
export const NotificationPreferences = Type.Object(
  {
    signalOpened: Type.Boolean(),
    signalUpdated: Type.Boolean(),
    signalClosed: Type.Boolean(),
    replies: Type.Boolean(),
    adminMessages: Type.Boolean(),
    membership: Type.Boolean(),
  },
  { additionalProperties: false },
);
export const NotificationPreferencesBody = Type.Partial(NotificationPreferences, { additionalProperties: false });
export const NotificationPreferencesResponse = Type.Object({ preferences: NotificationPreferences });

/** What the service worker receives, decrypted: it shows `title` and `body`, opens `url`, and a newer one with the same `tag` replaces it. */
export const PushPayload = Type.Object({
  title: Type.String(),
  body: Type.String(),
  url: Type.String(),
  tag: Type.String(),
});
