import { LIMITS } from '@le/contracts';
import { useEffect, useId, useState } from 'react';

import { CHART_SYMBOL, loadTradingView, type ChartTheme } from '@/features/live/lib/tradingview';

export type ChartStatus = 'loading' | 'ready' | 'failed';

/**
 * Builds the TradingView advanced chart into the element with `containerId`, again whenever the
 * theme or interval changes. Without the script (offline, blocked) the status becomes `failed`
 * after the error or at most `LIMITS.chartLoadTimeoutMs`; `retry` starts over.
 */
export function useTradingViewChart({ theme, interval }: { theme: ChartTheme; interval: string }) {
  const containerId = `tv-chart-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; status: ChartStatus }>({ key: '', status: 'loading' });
  const key = `${attempt}:${theme}:${interval}`;

  useEffect(() => {
    let cancelled = false;
    loadTradingView(LIMITS.chartLoadTimeoutMs)
      .then((tradingView) => {
        if (cancelled) return;
        const container = document.getElementById(containerId);
        if (!container) return;
        container.replaceChildren();
        new tradingView.widget({
          container_id: containerId,
          symbol: CHART_SYMBOL,
          interval,
          theme,
          width: '100%',
          height: LIMITS.chartHeightPx,
          timezone: 'Asia/Jakarta',
          locale: 'en',
          style: '1',
          enable_publishing: false,
          allow_symbol_change: false,
          hide_side_toolbar: false,
          save_image: false,
          withdateranges: true,
        });
        setResult({ key, status: 'ready' });
      })
      .catch(() => {
        if (!cancelled) setResult({ key, status: 'failed' });
      });
    return () => {
      cancelled = true;
      document.getElementById(containerId)?.replaceChildren();
    };
  }, [containerId, key, theme, interval]);

  return {
    containerId,
    status: result.key === key ? result.status : 'loading',
    retry: () => setAttempt((value) => value + 1),
  };
}
