import { describe, expect, it } from 'vitest';

import { closed, opened, signalAt } from '@/features/signals/stores/test-signals';
import { describeTimeline, formatPips, formatPrice, formatTargets, formatWinRate, noticeFor, withOpenCount } from './format';

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
    expect(noticeFor(opened('a', 1))).toMatchObject({ title: 'New BUY signal on XAUUSD at 2,384.20', description: 'SL 2,380.00 · TP 2,389.70 / 2,395.00' });
    expect(noticeFor(opened('a', 1, { side: 'sell', entry: 2379.9, stopLoss: 2385, takeProfits: [2370] }))?.title).toBe('New SELL signal on XAUUSD at 2,379.90');
  });

  it('raises no notice of an opening to a viewer who may not see its levels (contract §8: for those who may see it)', () => {
    expect(noticeFor(opened('a', 1, { side: null, entry: null, stopLoss: null, takeProfits: null }))).toBeNull();
  });

  it('tells a close by its pips and outcome; an edit raises nothing', () => {
    expect(noticeFor(closed('a', 2, 1, 55))).toMatchObject({ title: 'Signal closed: +55.0 pips (TP)', type: 'success' });
    expect(noticeFor({ ...closed('a', 2, 1, -40), signal: { ...closed('a', 2, 1, -40).signal, outcome: 'sl' } })).toMatchObject({
      title: 'Signal closed: -40.0 pips (SL)',
      type: 'error',
    });
    expect(noticeFor({ seq: 2, type: 'signal.updated', at: '2026-03-02T08:00:00.000Z', signal: signalAt('a', 2) })).toBeNull();
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
