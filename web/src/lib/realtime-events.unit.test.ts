// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedSocket, sockets } from '@/lib/test-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('@/lib/test-socket')).fakeIo }));

const { acquireRealtime, onMembershipChanged, onPresence, onSignalEvent, useRealtimeStore } = await import('./realtime-client');

describe('the realtime client’s server events', () => {
  afterEach(() => sockets.splice(0));

  it('hears each server event once: one listener per event, one catch-up per resync, one call per presence change', async () => {
    const release = acquireRealtime();
    const socket = await openedSocket();
    for (const event of ['connect', 'disconnect', 'connect_error', 'chat:event', 'signal:event', 'presence:changed', 'chat:resync', 'session:revoked', 'membership:changed', 'payment:decided']) {
      expect(socket.listenerCount(event), event).toBe(1);
    }
    socket.emit('connect');
    const afterConnect = useRealtimeStore.getState().syncs;
    socket.emit('chat:resync');
    expect(useRealtimeStore.getState().syncs).toBe(afterConnect + 1);

    const presence = vi.fn();
    const stop = onPresence(presence);
    socket.emit('presence:changed', { userId: 'u1', online: true });
    expect(presence).toHaveBeenCalledTimes(1);
    stop();
    release();
  });

  it('hands every signal:event to each subscriber while subscribed, and none after', async () => {
    const release = acquireRealtime();
    const socket = await openedSocket();
    const heard = vi.fn();
    const stop = onSignalEvent(heard);
    const event = { seq: 1, type: 'signal.opened', at: '2026-03-02T08:00:00.000Z', signal: { _id: 's1' } };
    socket.emit('signal:event', event);
    expect(heard).toHaveBeenCalledWith(event);
    stop();
    socket.emit('signal:event', { ...event, seq: 2 });
    expect(heard).toHaveBeenCalledTimes(1);
    release();
  });

  it('hands membership:changed to its listeners and catches up by seq (the server moved the socket\'s rooms); a drop is a loss', async () => {
    const release = acquireRealtime();
    const socket = await openedSocket();
    socket.emit('connect');
    const heard = vi.fn();
    const stop = onMembershipChanged(heard);
    const change = { role: 'member', membershipTier: 'pro', membershipEnd: null, graceEndsAt: null, canPost: false };
    const syncs = useRealtimeStore.getState().syncs;
    socket.emit('membership:changed', change);
    expect(heard).toHaveBeenCalledWith(change);
    expect(useRealtimeStore.getState()).toMatchObject({ status: 'connected', syncs: syncs + 1 });
    expect(socket.connect).not.toHaveBeenCalled();

    socket.emit('disconnect', 'io server disconnect');
    expect(useRealtimeStore.getState()).toMatchObject({ status: 'disconnected', reason: 'socket has been disconnected' });
    stop();
    release();
  });
});
