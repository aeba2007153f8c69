// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';

import { byTestId, openSignal, render, typeInto } from '@/features/signals/components/test-render';
import { hasLevels } from '@/features/signals/utils/levels-draft';
import { CloseSignalDialog } from './close-signal-dialog';

const exitBox = () => document.getElementById('close-sig-1-exit');
const confirmButton = () => document.querySelector<HTMLButtonElement>('form[aria-label="Close signal"] button[type="submit"]')!;
const preview = () => ({ pips: byTestId('close-pips')?.textContent ?? null, outcome: byTestId('close-outcome')?.textContent ?? null });

describe('CloseSignalDialog', () => {
  let view: ReturnType<typeof render>;
  afterEach(() => view.unmount());

  const open = (overrides: Parameters<typeof openSignal>[0] = {}) => {
    const signal = openSignal(overrides);
    if (!hasLevels(signal)) throw new Error('levels expected');
    view = render(<CloseSignalDialog signal={signal} open onClose={() => undefined} />);
  };

  it('previews the pips and the outcome of a buy as the exit is typed: TP at or past TP1, SL at or past the stop, Manual between', () => {
    open({ side: 'buy', entry: 2350, stopLoss: 2340, takeProfits: [2370, 2380] });
    expect(confirmButton().disabled).toBe(true);
    expect(byTestId('close-hint')?.textContent).toBe('Type the exit price to see the pips and the outcome.');

    typeInto(exitBox(), '2372.5');
    expect(preview()).toEqual({ pips: '+225.0 pips', outcome: 'TP' });
    expect(confirmButton().disabled).toBe(false);

    typeInto(exitBox(), '2370');
    expect(preview()).toEqual({ pips: '+200.0 pips', outcome: 'TP' });

    typeInto(exitBox(), '2355.25');
    expect(preview()).toEqual({ pips: '+52.5 pips', outcome: 'Manual' });

    typeInto(exitBox(), '2345');
    expect(preview()).toEqual({ pips: '-50.0 pips', outcome: 'Manual' });

    typeInto(exitBox(), '2340');
    expect(preview()).toEqual({ pips: '-100.0 pips', outcome: 'SL' });

    typeInto(exitBox(), '2350');
    expect(preview()).toEqual({ pips: '0.0 pips', outcome: 'Manual' });
  });

  it('mirrors a sell, and sends nothing for an exit that is no price', () => {
    open({ side: 'sell', entry: 2350, stopLoss: 2360, takeProfits: [2330] });
    typeInto(exitBox(), '2325');
    expect(preview()).toEqual({ pips: '+250.0 pips', outcome: 'TP' });
    typeInto(exitBox(), '2361');
    expect(preview()).toEqual({ pips: '-110.0 pips', outcome: 'SL' });

    typeInto(exitBox(), '2340.555');
    expect(preview()).toEqual({ pips: null, outcome: null });
    expect(byTestId('close-hint')?.textContent).toMatch(/^The exit must be a price/);
    expect(confirmButton().disabled).toBe(true);
  });
});
