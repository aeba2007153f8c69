import { REALTIME_CLIENT_OPTIONS, REALTIME_TEXT } from '@le/contracts';
import type {
  ChatEventPayload,
  ClientToServerEvents,
  MembershipChangedPayload,
  PaymentDecidedPayload,
  PresencePayload,
  ServerToClientEvents,
  SignalEventPayload,
} from '@le/contracts';
import type { Socket, io as socketIo } from 'socket.io-client';
import { create } from 'zustand';

import { env } from '@/config/env';
import { sharedWhileHeld } from '@/lib/held';
import { useSessionStore } from '@/stores/session-store';

/**
 * The one Socket.IO connection of the tab (contract §6). It opens while some screen holds it
 * (`acquireRealtime`), signs in with the stored token (`auth: { token }`, none for a guest), and
 * reconnects with the new token after a sign-in or sign-out. Settings are spec §9's
 * (REALTIME_CLIENT_OPTIONS; socket.io's back-off doubles the delay, factor 2).
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

interface RealtimeState {
  status: RealtimeStatus;
  /** Spec §8 realtime message for the last loss of connection, null while connected. */
  reason: string | null;
  /** The socket was connected at least once since it was acquired (a loss is worth telling). */
  wasConnected: boolean;
  /** Increases on every (re)connection and on `chat:resync` (the server may have missed telling us something). */
  syncs: number;
}

export const useRealtimeStore = create<RealtimeState>()(() => ({
  status: 'idle',
  reason: null,
  wasConnected: false,
  syncs: 0,
}));

/** socket.io's disconnect reasons and connect errors → the spec §8 realtime messages. */
export const realtimeReason = (reason: string): string => {
  switch (reason) {
    case 'io server disconnect':
    case 'io client disconnect':
    case 'forced close':
    case 'forced server close':
      return REALTIME_TEXT.disconnected;
    case 'ping timeout':
      return REALTIME_TEXT.pingTimeout;
    case 'transport close':
    case 'transport error':
      return REALTIME_TEXT.transportClose;
    case 'timeout':
      return REALTIME_TEXT.timeout;
    case 'operation has timed out':
      return REALTIME_TEXT.operationTimedOut;
    default:
      return REALTIME_TEXT.serverError;
  }
};

type ChatEventHandler = (event: ChatEventPayload) => void;
type SignalEventHandler = (event: SignalEventPayload) => void;
type MembershipHandler = (payload: MembershipChangedPayload) => void;
/** Moderation (contract §13): a new report or the open count (admins), the user's own timeout. */
export type ModerationSignal =
  | { kind: 'report'; openCount: number }
  | { kind: 'count'; openCount: number }
  | { kind: 'restricted'; timedOutUntil: string | null };
type ModerationHandler = (signal: ModerationSignal) => void;

/**
 * socket.io-client (some 12 KB gzipped) is a chunk of its own, fetched as soon as this module runs in
 * the browser: a page's start does not wait for it, and its download overlaps the hydration, so the
 * connection opens as soon as before. A failed fetch is tried again by the next opening.
 */
let loadingIo: Promise<typeof socketIo> | null = null;
const loadIo = (): Promise<typeof socketIo> =>
  (loadingIo ??= import('socket.io-client').then(
    (module) => module.io,
    (error: unknown) => {
      loadingIo = null;
      throw error;
    },
  ));
if (typeof window !== 'undefined') void loadIo().catch(() => undefined);

let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
let socketToken: string | null = null;
/** Counts the openings and closings: a socket.io-client that arrives after its opening was closed or replaced opens nothing. */
let generation = 0;
const chatHandlers = new Set<ChatEventHandler>();
const signalHandlers = new Set<SignalEventHandler>();
const presenceHandlers = new Set<(payload: PresencePayload) => void>();
const membershipHandlers = new Set<MembershipHandler>();
const moderationHandlers = new Set<ModerationHandler>();
const paymentHandlers = new Set<(payload: PaymentDecidedPayload) => void>();

const setState = (state: Partial<RealtimeState>) => useRealtimeStore.setState(state);

/**
 * How many times in a row an opening fetches socket.io-client again after a failed fetch: a browser that
 * keeps a failed import() for the page's life fails each at once, and the screens poll meanwhile.
 */
export const IO_FETCH_RETRIES = 3;

const open = (token: string | null, retry = 0) => {
  socketToken = token;
  setState({ status: 'connecting' });
  const opening = ++generation;
  loadIo().then(
    (io) => {
      if (opening === generation) connect(io, token);
    },
    () => {
      if (opening !== generation) return;
      // No connection without the client: told as a lost transport, and tried again a few times.
      setState({ status: 'disconnected', reason: realtimeReason('transport error') });
      if (retry < IO_FETCH_RETRIES) window.setTimeout(() => opening === generation && open(token, retry + 1), REALTIME_CLIENT_OPTIONS.reconnectionDelayMax);
    },
  );
};

const connect = (io: typeof socketIo, token: string | null) => {
  const options = { ...REALTIME_CLIENT_OPTIONS, auth: token ? { token } : {} };
  // Same origin as the page, unless the API lives elsewhere (VITE_API_URL is a full URL).
  const next: Socket<ServerToClientEvents, ClientToServerEvents> = /^https?:\/\//.test(env.apiBase)
    ? io(new URL(env.apiBase).origin, options)
    : io(options);
  socket = next;
  next.on('connect', () => {
    if (socket !== next) return;
    const { syncs } = useRealtimeStore.getState();
    setState({ status: 'connected', reason: null, wasConnected: true, syncs: syncs + 1 });
  });
  next.on('disconnect', (reason) => {
    if (socket !== next) return;
    setState({ status: 'disconnected', reason: realtimeReason(reason) });
    // The server closed us on purpose (e.g. a token it refused): socket.io does not retry that by itself.
    if (reason === 'io server disconnect') window.setTimeout(() => socket === next && next.connect(), REALTIME_CLIENT_OPTIONS.reconnectionDelay);
  });
  next.on('connect_error', (error) => {
    if (socket !== next) return;
    setState({ status: 'disconnected', reason: realtimeReason(error.message) });
    // The server could not check the token just now (its Redis or store was away): try again.
    // socket.io retries transport failures by itself, but not a refusal from the server.
    if (error.message === 'unavailable' && !next.active) {
      window.setTimeout(() => socket === next && !next.connected && next.connect(), REALTIME_CLIENT_OPTIONS.reconnectionDelayMax);
    }
  });
  next.on('chat:event', (event) => {
    if (socket !== next) return;
    for (const handler of chatHandlers) handler(event);
  });
  // Every socket, guests included: the signals stream, the signal as this socket may see it (contract §8).
  next.on('signal:event', (event) => {
    if (socket !== next) return;
    for (const handler of signalHandlers) handler(event);
  });
  // Admins only: a user came online or went offline (sockets and heartbeats, any process).
  next.on('presence:changed', (payload) => {
    if (socket !== next) return;
    for (const handler of presenceHandlers) handler(payload);
  });
  // Signed-in users: their membership's rights changed (an approval, an admin's edit, the end of the rights).
  next.on('membership:changed', (payload) => {
    if (socket !== next) return;
    for (const handler of membershipHandlers) handler(payload);
    // The server has moved this socket into the rooms of the new rights (no reconnection): catch up
    // by seq on what those rooms carry, as after a reconnection.
    setState({ syncs: useRealtimeStore.getState().syncs + 1 });
  });
  // Admins: a new report and the open count; a signed-in user: their own timeout started or ended.
  next.on('moderation:report', (payload) => {
    if (socket !== next) return;
    for (const handler of moderationHandlers) handler({ kind: 'report', openCount: payload.openCount });
  });
  next.on('moderation:count', (payload) => {
    if (socket !== next) return;
    for (const handler of moderationHandlers) handler({ kind: 'count', openCount: payload.openCount });
  });
  next.on('user:restricted', (payload) => {
    if (socket !== next) return;
    for (const handler of moderationHandlers) handler({ kind: 'restricted', timedOutUntil: payload.timedOutUntil });
  });
  // Signed-in users: an admin approved or rejected one of their payments.
  next.on('payment:decided', (payload) => {
    if (socket !== next) return;
    for (const handler of paymentHandlers) handler(payload);
  });
  // The realtime process had lost Redis: catch up exactly as after a reconnection.
  next.on('chat:resync', () => {
    if (socket !== next) return;
    setState({ syncs: useRealtimeStore.getState().syncs + 1 });
  });
  next.on('session:revoked', () => {
    if (socket !== next) return;
    // The server ended this session (signed out elsewhere, or revoked): forget it here too.
    if (useSessionStore.getState().token === token) useSessionStore.getState().clear();
  });
};

const close = () => {
  generation += 1;
  const current = socket;
  socket = null;
  current?.removeAllListeners();
  current?.disconnect();
};

/** Hold the connection open while a screen needs it; call the returned function to let go. */
export const acquireRealtime: () => () => void = sharedWhileHeld(() => {
  open(useSessionStore.getState().token);
  const unsubscribeSession = useSessionStore.subscribe((state) => {
    if (state.token === socketToken) return;
    // Signed in or out: the server decides rooms at connection time, so connect again as the new user.
    close();
    setState({ status: 'connecting', reason: null, wasConnected: false });
    open(state.token);
  });
  return () => {
    unsubscribeSession();
    close();
    setState({ status: 'idle', reason: null, wasConnected: false });
  };
});

/** Receive every `chat:event` while subscribed. */
export const onChatEvent = (handler: ChatEventHandler): (() => void) => {
  chatHandlers.add(handler);
  return () => {
    chatHandlers.delete(handler);
  };
};

/** Receive every `signal:event` while subscribed. */
export const onSignalEvent = (handler: SignalEventHandler): (() => void) => {
  signalHandlers.add(handler);
  return () => {
    signalHandlers.delete(handler);
  };
};

/** Receive every `presence:changed` (sent to admins only) while subscribed. */
export const onPresence = (handler: (payload: PresencePayload) => void): (() => void) => {
  presenceHandlers.add(handler);
  return () => {
    presenceHandlers.delete(handler);
  };
};

/** Receive every `membership:changed` (sent to the signed-in user's own sockets) while subscribed. */
export const onMembershipChanged = (handler: MembershipHandler): (() => void) => {
  membershipHandlers.add(handler);
  return () => {
    membershipHandlers.delete(handler);
  };
};

/** Receive moderation's pushes (`moderation:report`, `moderation:count`, `user:restricted`) while subscribed. */
export const onModeration = (handler: ModerationHandler): (() => void) => {
  moderationHandlers.add(handler);
  return () => {
    moderationHandlers.delete(handler);
  };
};

/** Receive every `payment:decided` (sent to the payer's own sockets) while subscribed. */
export const onPaymentDecided = (handler: (payload: PaymentDecidedPayload) => void): (() => void) => {
  paymentHandlers.add(handler);
  return () => {
    paymentHandlers.delete(handler);
  };
};
