import { REALTIME_CLIENT_OPTIONS } from '@le/contracts';
import { Manager } from 'socket.io-client';
import { describe, expect, it } from 'vitest';

/** Spec §9: the socket client's timings, as socket.io-client reads the options the web client passes. */
describe('realtime client options', () => {
  it('give a 20 s connection timeout and reconnects from 1 s up to 5 s, factor 2, randomization 0.5, without end', () => {
    const manager = new Manager('http://127.0.0.1:9', { ...REALTIME_CLIENT_OPTIONS, autoConnect: false });
    expect(manager.timeout()).toBe(20_000);
    expect(manager.reconnectionDelay()).toBe(1_000);
    expect(manager.reconnectionDelayMax()).toBe(5_000);
    expect(manager.randomizationFactor()).toBe(0.5);
    expect(manager.reconnectionAttempts()).toBe(Infinity);
    expect(manager.reconnection()).toBe(true);
    expect(manager.opts.path).toBe('/socket.io');
  });
});
