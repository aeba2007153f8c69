// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';

import { byTestId, openSignal, render } from '@/features/signals/components/test-render';
import { NO_OPEN_SIGNALS, OpenSignalsList } from './open-signals-list';

/** An open signal as a guest, a trial or a basic member gets it (contract §8). */
const redacted = openSignal({ _id: 'sig-locked', side: null, entry: null, stopLoss: null, takeProfits: null, analysis: null });

describe('OpenSignalsList', () => {
  let view: ReturnType<typeof render>;
  afterEach(() => view.unmount());

  it('shows a redacted signal as a locked card: who sees the levels and the analysis, the way to a membership, no price', () => {
    view = render(<OpenSignalsList signals={[redacted]} loaded failed={false} admin={false} analysisLocked={false} />);
    const card = byTestId('locked-signal')!;
    expect(card).not.toBeNull();
    expect(byTestId('levels-locked')?.textContent).toBe('Levels are for Pro and Expert members');
    expect(card.textContent).toContain('Analysis is for Expert members.');
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/payment-membership');
    expect(byTestId('open-signal')).toBeNull();
    expect(byTestId('side-badge')).toBeNull();
    expect(card.textContent).not.toMatch(/\d,?\d{3}\.\d\d/);
  });

  it('shows the levels to those who get them, the analysis lock to Pro members, and no admin actions to members', () => {
    const pro = openSignal({ analysis: null });
    view = render(<OpenSignalsList signals={[pro]} loaded failed={false} admin={false} analysisLocked />);
    expect(byTestId('locked-signal')).toBeNull();
    expect(byTestId('side-badge')?.textContent).toBe('BUY');
    expect(byTestId('signal-entry')?.textContent).toBe('2,350.00');
    expect(byTestId('signal-stop')?.textContent).toBe('2,340.00');
    expect(byTestId('signal-tp1')?.textContent).toBe('2,370.00');
    expect(byTestId('signal-tp2')?.textContent).toBe('2,380.00');
    expect(byTestId('analysis-locked')?.textContent).toContain('Analysis is for Expert members');
    expect(byTestId('cancel-signal')).toBeNull();
    expect([...document.querySelectorAll('button')].map((button) => button.textContent)).not.toContain('Close');
  });

  it('says when nothing is open', () => {
    view = render(<OpenSignalsList signals={[]} loaded failed={false} admin={false} analysisLocked={false} />);
    expect(byTestId('no-open-signals')?.textContent).toContain(NO_OPEN_SIGNALS);
  });
});
