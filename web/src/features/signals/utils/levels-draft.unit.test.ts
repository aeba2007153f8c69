import { describe, expect, it } from 'vitest';

import { readDraft } from './levels-draft';

describe('readDraft', () => {
  const buy = { side: 'buy' as const, entry: '2380', takeProfits: ['2390', '2400'] };

  it('refuses a stop at the entry when opening, and accepts it as break-even when moving an open signal', () => {
    expect(readDraft({ ...buy, stopLoss: '2380' })).toEqual({ state: 'invalid', problem: 'A buy needs its stop-loss below the entry.' });
    expect(readDraft({ ...buy, stopLoss: '2380' }, { moving: true })).toMatchObject({ state: 'valid', risk: -0 });
  });

  it('lets a moved stop go past the entry (what it locks in shows as a negative risk), short of TP1 only', () => {
    expect(readDraft({ ...buy, stopLoss: '2385,5' }, { moving: true })).toMatchObject({ state: 'valid', risk: -55 });
    expect(readDraft({ ...buy, stopLoss: '2390' }, { moving: true })).toEqual({ state: 'invalid', problem: 'A buy keeps its stop-loss below the first take-profit.' });
    expect(readDraft({ side: 'sell', entry: '2380', stopLoss: '2375', takeProfits: ['2370'] }, { moving: true })).toMatchObject({ state: 'valid', risk: -50 });
  });
});
