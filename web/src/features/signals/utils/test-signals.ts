import type { Signal, SignalEventPayload } from '@le/contracts';

/** A signal as a Pro member sees it; `overrides` say what a test is about. */
export const signalAt = (id: string, seq: number, overrides: Partial<Signal> = {}): Signal => ({
  _id: id,
  seq,
  symbol: 'XAUUSD',
  side: 'buy',
  entry: 2384.2,
  stopLoss: 2380,
  takeProfits: [2389.7, 2395],
  analysis: null,
  status: 'open',
  openedAt: `2026-03-02T08:00:${String(seq).padStart(2, '0')}.000Z`,
  updatedAt: `2026-03-02T08:00:${String(seq).padStart(2, '0')}.000Z`,
  closedAt: null,
  exitPrice: null,
  outcome: null,
  pips: null,
  author: { _id: 'admin-1', name: 'Admin' },
  ...overrides,
});

/** `signal:event` / one item of `GET /signals/events`. */
export const opened = (id: string, seq: number, overrides: Partial<Signal> = {}): SignalEventPayload => ({
  seq,
  type: 'signal.opened',
  at: '2026-03-02T08:00:00.000Z',
  signal: signalAt(id, seq, overrides),
});

export const updated = (id: string, seq: number, openedSeq: number, overrides: Partial<Signal> = {}): SignalEventPayload => ({
  seq,
  type: 'signal.updated',
  at: '2026-03-02T08:05:00.000Z',
  signal: { ...signalAt(id, openedSeq, overrides), seq },
});

export const closed = (id: string, seq: number, openedSeq: number, pips = 55): SignalEventPayload => ({
  seq,
  type: 'signal.closed',
  at: '2026-03-02T09:00:00.000Z',
  signal: {
    ...signalAt(id, openedSeq),
    seq,
    status: 'closed',
    closedAt: '2026-03-02T09:00:00.000Z',
    exitPrice: 2389.7,
    outcome: 'tp',
    pips,
  },
});
