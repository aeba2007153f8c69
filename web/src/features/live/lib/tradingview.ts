/** The TradingView library (tv.js): the one script the CSP lets in from a third party. */
export const TRADINGVIEW_SCRIPT_URL = 'https://s3.tradingview.com/tv.js';

/** The gold price as TradingView names it; shown to people as XAU/USD. */
export const CHART_SYMBOL = 'OANDA:XAUUSD';

export type ChartTheme = 'light' | 'dark';

export interface TradingViewWidgetOptions {
  container_id: string;
  symbol: string;
  interval: string;
  theme: ChartTheme;
  width: string | number;
  height: number;
  timezone: string;
  locale: string;
  style: string;
  enable_publishing: boolean;
  allow_symbol_change: boolean;
  hide_side_toolbar: boolean;
  save_image: boolean;
  withdateranges: boolean;
}

interface TradingViewGlobal {
  widget: new (options: TradingViewWidgetOptions) => unknown;
}

declare global {
  interface Window {
    TradingView?: TradingViewGlobal;
  }
}

let pending: Promise<TradingViewGlobal> | null = null;

/**
 * Loads tv.js once per page. A failure or a timeout removes the script tag and forgets the attempt,
 * so that "Try again" really tries again.
 */
export const loadTradingView = (timeoutMs: number): Promise<TradingViewGlobal> => {
  if (window.TradingView?.widget) return Promise.resolve(window.TradingView);
  if (pending) return pending;
  const attempt = new Promise<TradingViewGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TRADINGVIEW_SCRIPT_URL;
    script.async = true;
    const fail = (reason: string) => {
      window.clearTimeout(timer);
      script.remove();
      if (pending === attempt) pending = null;
      reject(new Error(reason));
    };
    const timer = window.setTimeout(() => fail('The chart library did not answer in time.'), timeoutMs);
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.TradingView?.widget) resolve(window.TradingView);
      else fail('The chart library loaded without its widget.');
    };
    script.onerror = () => fail('The chart library could not be loaded.');
    document.head.appendChild(script);
  });
  pending = attempt;
  return attempt;
};
