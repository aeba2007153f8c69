import { SIGNAL_SYMBOL_LABEL, canUseMemberFeatures, signalAccessOf, type NotificationKind, type PushPayload } from '@le/contracts';
import type { MessageDoc } from '@le/chat-core';
import { viewSignalFor, type SignalDoc, type SignalEvent } from '@le/signal-core';
import type { UserRecord } from '../../store';

/** Something worth a notification outside the tab (contract §14), as the server knows it, unredacted. */
export type Notice =
  /** A signal opened, updated (stop moved, targets changed) or closed/cancelled; `doc` is the signal after the event. */
  | { kind: 'signal'; event: SignalEvent; doc: SignalDoc }
  /** A reply in the room; it goes to the author of the message replied to. */
  | { kind: 'reply'; message: MessageDoc }
  /** A message in a member's conversation with the admins: to the member when an admin wrote, to the admins when the member did. */
  | { kind: 'conversation'; message: MessageDoc; memberId: string }
  /** A new payment proof, for the admins. */
  | { kind: 'payment'; paymentId: string; payerName: string; tier: string; duration: string }
  /** A membership reminder of contract §9, for the member. */
  | { kind: 'membership'; reminder: 'ends-in-7-days' | 'ends-tomorrow' | 'ended'; tier: string }
  /** `POST /push/test`: one to the caller's own devices. */
  | { kind: 'test' };

/** How one notification goes out: the payload this viewer may see, the switch that silences it, and the push headers. */
export interface Delivery {
  payload: PushPayload;
  /** The preference that must be on; null for the test, which the caller asked for. */
  preference: NotificationKind | null;
  urgency: 'high' | 'normal';
  ttlSeconds: number;
}

const SIGNAL_TTL = 3_600;
const OTHER_TTL = 86_400;

const price = (value: number | null): string => (value === null ? '' : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const pips = (value: number | null): string => (value === null ? '' : `${value > 0 ? '+' : ''}${value.toFixed(1)}`);
const OUTCOMES = { tp: 'TP', sl: 'SL', manual: 'manual', cancelled: 'cancelled' } as const;
const preview = (text: string, max = 120): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const SIGNAL_PREFERENCE = {
  'signal.opened': 'signalOpened',
  'signal.updated': 'signalUpdated',
  'signal.closed': 'signalClosed',
  'signal.cancelled': 'signalClosed',
} as const satisfies Record<SignalEvent['type'], NotificationKind>;

/** The signal's notification as this viewer may see it: built from `viewSignalFor`, the one redaction of contract §8. */
const signalDelivery = (event: SignalEvent, doc: SignalDoc, viewer: UserRecord, now: number): Delivery | null => {
  // Member alerts: those whose rights ended (or never began) get none, whatever their stored role.
  if (!canUseMemberFeatures(viewer, now)) return null;
  // An edit of the analysis alone is news only to those who read the analysis.
  const access = signalAccessOf(viewer, now);
  if (event.type === 'signal.updated' && event.data.stopLoss === undefined && event.data.takeProfits === undefined && access !== 'full') return null;
  const signal = viewSignalFor(doc, access);
  const side = signal.side ? signal.side.toUpperCase() : null;
  const levels = signal.entry === null ? null : `SL ${price(signal.stopLoss)} · TP ${(signal.takeProfits ?? []).map(price).join(' / ')}`;
  const locked = 'Levels are for Pro and Expert members: open the app to see what you can.';
  let title: string;
  let body: string;
  switch (event.type) {
    case 'signal.opened':
      title = side && signal.entry !== null ? `New ${side} signal on ${SIGNAL_SYMBOL_LABEL} at ${price(signal.entry)}` : `New signal on ${SIGNAL_SYMBOL_LABEL}`;
      body = levels ?? locked;
      break;
    case 'signal.updated': {
      const what = event.data.stopLoss !== undefined && event.data.takeProfits !== undefined ? 'Stop and targets changed' : event.data.stopLoss !== undefined ? 'Stop moved' : event.data.takeProfits !== undefined ? 'Targets changed' : 'Analysis edited';
      title = `${what}: ${side ? `${side} ` : ''}${SIGNAL_SYMBOL_LABEL}`;
      body = levels ?? locked;
      break;
    }
    case 'signal.closed':
      title = `Signal closed: ${pips(signal.pips)} pips${signal.outcome ? ` (${OUTCOMES[signal.outcome]})` : ''}`;
      body = `${side} ${SIGNAL_SYMBOL_LABEL} from ${price(signal.entry)} to ${price(signal.exitPrice)}`;
      break;
    case 'signal.cancelled':
      title = 'Signal cancelled';
      body = `${side} ${SIGNAL_SYMBOL_LABEL} at ${price(signal.entry)}`;
      break;
  }
  return {
    payload: { title, body, url: `/signals?signal=${signal._id}`, tag: `signal-${signal._id}` },
    preference: SIGNAL_PREFERENCE[event.type],
    urgency: 'high',
    ttlSeconds: SIGNAL_TTL,
  };
};

/**
 * The one function that decides what a viewer's device is told of a notice, or null when this
 * viewer gets nothing: the same rules as every other channel (levels only for those who see them,
 * hidden or deleted content never, member alerts only while the rights last). Every sender builds
 * its payloads here, per recipient.
 */
export const deliveryFor = (notice: Notice, viewer: UserRecord, now = Date.now()): Delivery | null => {
  const other = (payload: PushPayload, preference: NotificationKind | null): Delivery => ({ payload, preference, urgency: 'normal', ttlSeconds: OTHER_TTL });
  switch (notice.kind) {
    case 'signal':
      return signalDelivery(notice.event, notice.doc, viewer, now);
    case 'reply': {
      const { message } = notice;
      const parent = message.replyTo;
      if (!parent || parent.sender._id !== viewer._id || message.sender._id === viewer._id) return null;
      if (!canUseMemberFeatures(viewer, now) || message.hidden || message.deleted) return null;
      return other(
        { title: `${message.sender.name} replied to you`, body: preview(message.content), url: '/faq-chat', tag: `reply-${parent._id}` },
        'replies',
      );
    }
    case 'conversation': {
      const { message, memberId } = notice;
      if (message.sender._id === viewer._id || message.hidden || message.deleted) return null;
      if (viewer.role === 'admin') {
        if (message.sender._id !== memberId) return null;
        return other(
          { title: `New message from ${message.sender.name}`, body: preview(message.content), url: '/chat-admin', tag: `chat-${message.stream}` },
          'adminMessages',
        );
      }
      // Trials and expired members keep their conversation with the admins (contract §9).
      if (viewer._id !== memberId || message.sender.role !== 'admin') return null;
      return other({ title: 'New message from the admins', body: preview(message.content), url: '/chat-user', tag: `chat-${message.stream}` }, 'adminMessages');
    }
    case 'payment':
      if (viewer.role !== 'admin') return null;
      return other(
        { title: 'New payment proof', body: `${notice.payerName}: ${notice.tier} (${notice.duration}), waiting for validation`, url: '/manage-membership', tag: `payment-${notice.paymentId}` },
        'membership',
      );
    case 'membership': {
      if (viewer.role === 'admin') return null;
      const texts: Record<typeof notice.reminder, [string, string]> = {
        'ends-in-7-days': ['Your membership ends in 7 days', `Renew ${notice.tier} to keep the live chart, signal levels and the live room.`],
        'ends-tomorrow': ['Your membership ends tomorrow', `Renew ${notice.tier} today to keep the live chart, signal levels and the live room.`],
        ended: ['Your membership has ended', `Renew ${notice.tier} to open the live chart, signal levels and the live room again.`],
      };
      const text = texts[notice.reminder];
      return other({ title: text[0], body: text[1], url: '/payment-membership', tag: 'membership' }, 'membership');
    }
    case 'test':
      return other({ title: 'Lukis Emas notifications are on', body: 'This device will show the alerts you chose.', url: '/settings', tag: 'test' }, null);
  }
};
