import type { SignalStats } from '@le/contracts';

/** A point of the drawn curve: x from 0 (the first close) to 1 (the last), y from 0 (top) to 1 (bottom). */
export interface CurvePoint {
  x: number;
  y: number;
  pips: number;
  at: string;
}

export interface CurveGeometry {
  points: CurvePoint[];
  /** Where zero sits, 0 (top) to 1 (bottom). */
  zeroY: number;
  /** The highest and lowest running total drawn (zero always inside). */
  max: number;
  min: number;
}

/** Room kept above the highest and below the lowest value, as a share of the height, so labels sit inside. */
const PADDING = 0.14;

/**
 * The equity curve as drawn: the running total after each close, from the first close (left
 * edge) to the last (right edge), one step per close (a quiet month takes no room); the vertical
 * range holds zero and every value with room for the labels inside the chart.
 */
export const curveGeometry = (curve: SignalStats['curve']): CurveGeometry | null => {
  if (curve.length === 0) return null;
  const values = curve.map((point) => point.pips);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const yOf = (value: number) => PADDING + ((max - value) / span) * (1 - 2 * PADDING);
  const last = curve.length - 1;
  return {
    points: curve.map((point, index) => ({ x: last === 0 ? 1 : index / last, y: yOf(point.pips), pips: point.pips, at: point.at })),
    zeroY: yOf(0),
    max,
    min,
  };
};
