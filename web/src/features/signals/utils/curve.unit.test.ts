import { describe, expect, it } from 'vitest';

import { curveGeometry } from './curve';

describe('curveGeometry', () => {
  it('runs from the first close at the left edge to the last at the right edge, one step per close', () => {
    const geometry = curveGeometry([
      { at: '2026-03-02T09:00:00.000Z', pips: 50 },
      { at: '2026-03-02T09:30:00.000Z', pips: -10 },
      { at: '2026-04-03T10:00:00.000Z', pips: 30 },
    ])!;
    expect(geometry.points.map((point) => point.x)).toEqual([0, 0.5, 1]);
    expect(geometry.points[0]!.at).toBe('2026-03-02T09:00:00.000Z');
    expect(geometry).toMatchObject({ max: 50, min: -10 });
  });

  it('keeps the highest and lowest values and zero inside, with room above and below for labels', () => {
    const geometry = curveGeometry([
      { at: '2026-03-02T09:00:00.000Z', pips: 50 },
      { at: '2026-03-02T09:30:00.000Z', pips: -10 },
    ])!;
    const [high, low] = geometry.points;
    expect(high!.y).toBeCloseTo(0.14, 6);
    expect(low!.y).toBeCloseTo(0.86, 6);
    expect(geometry.zeroY).toBeGreaterThan(high!.y);
    expect(geometry.zeroY).toBeLessThan(low!.y);
  });

  it('draws zero inside even when every total is above it; one close sits at the right edge; nothing closed, nothing', () => {
    const up = curveGeometry([
      { at: '2026-03-02T09:00:00.000Z', pips: 10 },
      { at: '2026-03-02T10:00:00.000Z', pips: 20 },
    ])!;
    expect(up.min).toBe(0);
    expect(up.zeroY).toBeCloseTo(0.86, 6);
    expect(curveGeometry([{ at: '2026-03-02T09:00:00.000Z', pips: 0 }])!.points).toEqual([{ x: 1, y: expect.any(Number), pips: 0, at: '2026-03-02T09:00:00.000Z' }]);
    expect(curveGeometry([])).toBeNull();
  });
});
