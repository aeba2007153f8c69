import type { Signal } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { closed, opened, signalAt } from '@/features/signals/utils/test-signals';
import { describeTimeline, formatFactor, formatHold, formatPips, formatPrice, formatR, formatRateRange, formatTargets, formatWinRate, noticeFor, smallSampleSentence, withOpenCount } from './format';

describe('signal formatting', () => {
  it('writes prices with thousands and 2 decimals, pips with their sign and 1 decimal, "—" when hidden', () => {
    expect(formatPrice(2384.2)).toBe('2,384.20');
    expect(formatPrice(null)).toBe('—');
    expect(formatTargets([2389.7, 2395])).toBe('2,389.70 / 2,395.00');
    expect(formatTargets(null)).toBe('—');
    expect(formatPips(55)).toBe('+55.0');
    expect(formatPips(-20.5)).toBe('-20.5');
    expect(formatPips(0)).toBe('0.0');
    expect(formatWinRate(2 / 3)).toBe('66.7%');
    expect(formatWinRate(null)).toBe('—');
  });

  it('puts the open count in front of the title, replaces an old one, and takes it away at 0', () => {
    expect(withOpenCount('Signals — Lukis Emas', 2)).toBe('(2) Signals — Lukis Emas');
    expect(withOpenCount('(2) Signals — Lukis Emas', 3)).toBe('(3) Signals — Lukis Emas');
    expect(withOpenCount('(3) Signals — Lukis Emas', 0)).toBe('Signals — Lukis Emas');
    expect(withOpenCount('Home', 0)).toBe('Home');
  });
});

describe('noticeFor', () => {
  it('names side, symbol and entry when the viewer sees the levels', () => {
    expect(noticeFor(opened('a', 1))).toMatchObject({ title: 'New BUY signal on XAU/USD at 2,384.20', description: 'SL 2,380.00 · TP 2,389.70 / 2,395.00' });
    expect(noticeFor(opened('a', 1, { side: 'sell', entry: 2379.9, stopLoss: 2385, takeProfits: [2370] }))?.title).toBe('New SELL signal on XAU/USD at 2,379.90');
  });

  it('raises no notice of an opening to a viewer who may not see its levels (contract §8: for those who may see it)', () => {
    expect(noticeFor(opened('a', 1, { side: null, entry: null, stopLoss: null, takeProfits: null }))).toBeNull();
  });

  it('tells a moved stop, a break-even, changed targets, against the signal as the viewer knew it; an edit of the analysis alone raises nothing', () => {
    const before = signalAt('a', 1);
    const event = (overrides: Partial<Signal>) => ({ seq: 2, type: 'signal.updated' as const, at: '2026-03-02T08:00:00.000Z', signal: signalAt('a', 2, overrides) });
    expect(noticeFor(event({ stopLoss: 2382 }), before)).toEqual({ title: 'Stop moved to 2,382.00: BUY XAU/USD from 2,384.20', description: 'SL 2,382.00 · TP 2,389.70 / 2,395.00', type: 'info' });
    expect(noticeFor(event({ stopLoss: 2384.2 }), before)?.title).toBe('Stop moved to break-even: BUY XAU/USD from 2,384.20');
    expect(noticeFor(event({ takeProfits: [2392] }), before)?.title).toBe('Targets changed: BUY XAU/USD from 2,384.20');
    expect(noticeFor(event({ stopLoss: 2386, takeProfits: [2392] }), before)?.title).toBe('Stop moved to 2,386.00 and targets changed: BUY XAU/USD from 2,384.20');
    expect(noticeFor(event({ analysis: 'new words' }), before)).toBeNull();
    // Unknown before (a page opened since): the levels as they are now.
    expect(noticeFor(event({ stopLoss: 2382 }), null)?.title).toBe('Signal updated: BUY XAU/USD from 2,384.20');
    // Locked for this viewer: nothing.
    expect(noticeFor(event({ side: null, entry: null, stopLoss: null, takeProfits: null }), null)).toBeNull();
  });

  it('tells a close by its pips and outcome, naming XAU/USD', () => {
    expect(noticeFor(closed('a', 2, 1, 55))?.description).toContain('XAU/USD');
    expect(noticeFor(closed('a', 2, 1, 55))).toMatchObject({ title: 'Signal closed: +55.0 pips (TP)', type: 'success' });
    expect(noticeFor({ ...closed('a', 2, 1, -40), signal: { ...closed('a', 2, 1, -40).signal, outcome: 'sl' } })).toMatchObject({
      title: 'Signal closed: -40.0 pips (SL)',
      type: 'error',
    });
    expect(noticeFor({ seq: 2, type: 'signal.updated', at: '2026-03-02T08:00:00.000Z', signal: signalAt('a', 2) }, signalAt('a', 1))).toBeNull();
  });
});

describe('describeTimeline', () => {
  it('says what each event changed, against the value before it', () => {
    const lines = describeTimeline([
      { seq: 1, type: 'signal.opened', at: '2026-03-02T08:00:00.000Z', changes: { side: 'buy', entry: 2384.2, stopLoss: 2380, takeProfits: [2389.7], analysis: null } },
      { seq: 4, type: 'signal.updated', at: '2026-03-02T08:10:00.000Z', changes: { stopLoss: 2384.2, takeProfits: [2389.7, 2395] } },
      { seq: 6, type: 'signal.updated', at: '2026-03-02T08:20:00.000Z', changes: { analysis: 'Trail to break-even.' } },
      { seq: 9, type: 'signal.closed', at: '2026-03-02T09:00:00.000Z', changes: { exitPrice: 2389.7, outcome: 'tp', pips: 55 } },
    ]);
    expect(lines.map((entry) => entry.map((line) => line.label))).toEqual([['Opened'], ['Stop moved', 'Targets changed'], ['Analysis edited'], ['Closed']]);
    expect(lines[0]![0]!.details).toEqual(['BUY at 2,384.20', 'SL 2,380.00', 'TP 2,389.70']);
    expect(lines[1]![0]!.details).toEqual(['SL 2,380.00 → 2,384.20']);
    expect(lines[1]![1]!.details).toEqual(['TP 2,389.70 → 2,389.70 / 2,395.00']);
    expect(lines[2]![0]!.note).toBe('Trail to break-even.');
    expect(lines[3]![0]!.details).toEqual(['Exit 2,389.70', '+55.0 pips', 'Outcome TP']);
  });

  it('shows no value where the viewer may not see it', () => {
    const lines = describeTimeline([
      { seq: 1, type: 'signal.opened', at: '2026-03-02T08:00:00.000Z', changes: { side: null, entry: null, stopLoss: null, takeProfits: null, analysis: null } },
      { seq: 2, type: 'signal.updated', at: '2026-03-02T08:10:00.000Z', changes: { stopLoss: null, analysis: null } },
    ]);
    expect(lines[0]![0]).toMatchObject({ label: 'Opened', details: [] });
    expect(lines[1]!.map((line) => line.label)).toEqual(['Stop moved', 'Analysis edited']);
    expect(lines[1]![0]!.details).toEqual([]);
    expect(lines[1]![1]!.note).toContain('Expert');
  });
});

describe('describeTimeline: an empty analysis', () => {
  const edit = { seq: 2, type: 'signal.updated' as const, at: '2026-03-02T08:01:00.000Z', changes: { analysis: null } };
  it('was removed for a viewer who reads analyses, and is hidden for the others', () => {
    expect(describeTimeline([edit], { analysisVisible: true })[0]![0]!.note).toBe('The analysis was removed.');
    expect(describeTimeline([edit])[0]![0]!.note).toBe('The analysis is for Expert members.');
  });
});

describe('the record\'s further numbers', () => {
  it('writes the interval, R, profit factor and holding time as people read them', () => {
    expect(formatRateRange([0.2307, 0.8824])).toBe('23–88%');
    expect(formatRateRange(null)).toBe('—');
    expect(formatR(0.24)).toBe('+0.24R');
    expect(formatR(-1)).toBe('-1.00R');
    expect(formatR(0)).toBe('0.00R');
    expect(formatFactor(1.875)).toBe('1.88');
    expect(formatFactor(null)).toBe('—');
    expect(formatHold(45)).toBe('45 min');
    expect(formatHold(192)).toBe('3 h 12 min');
    expect(formatHold(120)).toBe('2 h');
    expect(formatHold(3120)).toBe('2 d 4 h');
  });

  it('says plainly below 30 closed signals that the sample is too small, and nothing from 30 on', () => {
    expect(smallSampleSentence(1)).toBe('Only 1 signal has closed so far: too few to judge the win rate. Give it at least 30 closed signals before reading much into it.');
    expect(smallSampleSentence(29)).toContain('Only 29 signals have closed');
    expect(smallSampleSentence(30)).toBeNull();
  });
});
