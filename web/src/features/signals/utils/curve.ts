import type { SignalStats } from '@le/contracts';
import type { UTCTimestamp } from 'lightweight-charts';

export interface CurvePoint {
  time: UTCTimestamp;
  value: number;
}

/**
 * The equity curve for the chart: cumulative pips after each close, from a zero an hour before the
 * first close, one point per second (the last close of a second stands; the chart needs rising times).
 */
export const curvePoints = (curve: SignalStats['curve']): CurvePoint[] => {
  const points: CurvePoint[] = [];
  for (const { at, pips } of curve) {
    const millis = Date.parse(at);
    if (Number.isNaN(millis)) continue;
    const time = Math.floor(millis / 1000) as UTCTimestamp;
    const last = points[points.length - 1];
    if (last && time <= last.time) {
      // Same second (or out of order): the later close is the curve's value from then on.
      last.value = pips;
      continue;
    }
    points.push({ time, value: pips });
  }
  if (points.length > 0) points.unshift({ time: (points[0]!.time - 3600) as UTCTimestamp, value: 0 });
  return points;
};
