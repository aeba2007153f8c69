import { Box, Center, Spinner, Text } from '@chakra-ui/react';
import type { SignalStats } from '@le/contracts';
import dayjs from 'dayjs';
import type { TickMarkType, Time } from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';

import { curvePoints } from '@/features/signals/utils/curve';

const HEIGHT = 260;

/** A tick's label by what it marks (lightweight-charts' TickMarkType: year, month, day, time, time with seconds). */
const TICK_FORMATS = ['YYYY', 'MMM', 'DD/MM', 'HH:mm', 'HH:mm:ss'];

/**
 * Cumulative pips after each close, green above zero and red below (a baseline at 0). The chart
 * library is loaded here, on first use, so it stays out of the entry and of every other page.
 */
export function EquityCurve({ curve }: { curve: SignalStats['curve'] }) {
  const container = useRef<HTMLDivElement>(null);
  const points = useMemo(() => curvePoints(curve), [curve]);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const element = container.current;
    if (!element || points.length === 0) return;
    let disposed = false;
    let remove: (() => void) | null = null;
    import('lightweight-charts')
      .then(({ createChart, BaselineSeries, ColorType, LineStyle }) => {
        if (disposed) return;
        const chart = createChart(element, {
          autoSize: true,
          height: HEIGHT,
          layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#a1a1aa', fontSize: 11, attributionLogo: false },
          grid: { vertLines: { visible: false }, horzLines: { color: 'rgba(255, 255, 255, 0.06)', style: LineStyle.Dotted } },
          rightPriceScale: { borderVisible: false },
          // Over a few days the hours tell the closes apart; over months the dates do. Times are the
          // reader's local ones, as everywhere else on the page (the chart itself would write UTC).
          timeScale: {
            borderVisible: false,
            timeVisible: points[points.length - 1]!.time - points[0]!.time < 3 * 86_400,
            fixLeftEdge: true,
            fixRightEdge: true,
            tickMarkFormatter: (time: Time, type: TickMarkType) => dayjs.unix(time as number).format(TICK_FORMATS[type] ?? 'DD/MM'),
          },
          localization: { timeFormatter: (time: Time) => dayjs.unix(time as number).format('DD/MM/YYYY HH:mm') },
          crosshair: { horzLine: { labelBackgroundColor: '#3f3f46' }, vertLine: { labelBackgroundColor: '#3f3f46' } },
          handleScroll: false,
          handleScale: false,
        });
        const series = chart.addSeries(BaselineSeries, {
          baseValue: { type: 'price', price: 0 },
          topLineColor: '#4ade80',
          topFillColor1: 'rgba(74, 222, 128, 0.28)',
          topFillColor2: 'rgba(74, 222, 128, 0.02)',
          bottomLineColor: '#f87171',
          bottomFillColor1: 'rgba(248, 113, 113, 0.02)',
          bottomFillColor2: 'rgba(248, 113, 113, 0.28)',
          lineWidth: 2,
          priceFormat: { type: 'custom', formatter: (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)}`, minMove: 0.1 },
          priceLineVisible: false,
          lastValueVisible: true,
        });
        series.setData(points);
        chart.timeScale().fitContent();
        remove = () => chart.remove();
        setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('The chart could not be loaded', error);
        if (!disposed) setState('failed');
      });
    return () => {
      disposed = true;
      remove?.();
    };
  }, [points]);

  if (points.length === 0) return null;
  return (
    <Box position="relative" h={`${HEIGHT}px`} w="full" minW="0" data-testid="equity-curve" aria-label="Equity curve: cumulative pips after each close" role="img">
      <Box ref={container} position="absolute" inset="0" />
      {state === 'loading' ? (
        <Center position="absolute" inset="0">
          <Spinner size="md" color="gold.solid" />
        </Center>
      ) : null}
      {state === 'failed' ? (
        <Center position="absolute" inset="0">
          <Text color="fg.muted">The chart could not be loaded.</Text>
        </Center>
      ) : null}
    </Box>
  );
}
