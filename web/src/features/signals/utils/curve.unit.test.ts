import { describe, expect, it } from 'vitest';

import { curvePoints } from './curve';

describe('curvePoints', () => {
  it('starts from zero an hour before the first close, in seconds, one rising point per second', () => {
    const points = curvePoints([
      { at: '2026-03-02T09:00:00.000Z', pips: 55 },
      { at: '2026-03-02T09:00:00.400Z', pips: 35 },
      { at: '2026-03-03T10:00:00.000Z', pips: -5 },
    ]);
    const first = Date.parse('2026-03-02T09:00:00.000Z') / 1000;
    expect(points).toEqual([
      { time: first - 3600, value: 0 },
      { time: first, value: 35 },
      { time: Date.parse('2026-03-03T10:00:00.000Z') / 1000, value: -5 },
    ]);
  });

  it('is empty when nothing closed', () => {
    expect(curvePoints([])).toEqual([]);
  });
});
