/**
 * What the signal core's unit tests share: the admin and the member, and a signal as the
 * projection holds it. For the tests only: the package's index does not export it.
 */
import type { SignalActor } from './commands';
import type { SignalDoc } from './projection';

export const admin: SignalActor = { _id: 'admin', name: 'Ayu', isAdmin: true };
export const member: SignalActor = { _id: 'sari', name: 'Sari', isAdmin: false };

/** A signal as the projection holds it, closed unless told. */
export const signalDoc = (id: string, overrides: Partial<SignalDoc> = {}): SignalDoc => ({
  _id: id,
  seq: 1,
  openedSeq: 1,
  symbol: 'XAUUSD',
  side: 'buy',
  entry: 2380,
  stopLoss: 2370,
  takeProfits: [2390],
  analysis: null,
  status: 'closed',
  openedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  closedAt: '2026-01-01T00:00:00.000Z',
  exitPrice: 2380,
  outcome: 'manual',
  pips: 0,
  author: { _id: 'admin', name: 'Ayu' },
  ...overrides,
});
