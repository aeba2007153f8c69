/** For the feature's component tests: the shared jsdom helpers (lib/test-render) and an open signal to render. */
import type { Signal } from '@le/contracts';

import { signalAt } from '@/features/signals/utils/test-signals';

export { buttonNamed, byTestId, click, render, typeInto, waitFor } from '@/lib/test-render';

/** An open signal as an admin sees it (every level and the analysis); `overrides` say what a test is about. */
export const openSignal = (overrides: Partial<Signal> = {}): Signal =>
  signalAt('sig-1', 1, {
    entry: 2350,
    stopLoss: 2340,
    takeProfits: [2370, 2380],
    analysis: 'Higher lows on the hour.',
    openedAt: '2026-03-02T08:00:00.000Z',
    updatedAt: '2026-03-02T08:00:00.000Z',
    ...overrides,
  });
