// @vitest-environment jsdom
import type { SignalTimelineEntry } from '@le/contracts';
import { afterEach, describe, expect, it } from 'vitest';

import { formatDateTime } from '@/lib/dates';
import { render } from './test-render';
import { SignalTimeline } from './signal-timeline';

const events: SignalTimelineEntry[] = [
  { seq: 7, type: 'signal.closed', at: '2026-03-02T09:00:00.000Z', changes: { exitPrice: 2389.7, outcome: 'tp', pips: 55 } },
  { seq: 1, type: 'signal.opened', at: '2026-03-02T08:00:00.000Z', changes: { side: 'buy', entry: 2384.2, stopLoss: 2380, takeProfits: [2389.7], analysis: null } },
  { seq: 3, type: 'signal.updated', at: '2026-03-02T08:10:00.000Z', changes: { stopLoss: 2382.5 } },
  { seq: 5, type: 'signal.updated', at: '2026-03-02T08:20:00.000Z', changes: { takeProfits: [2389.7, 2395], analysis: 'Trail the stop.' } },
];

describe('SignalTimeline', () => {
  let view: ReturnType<typeof render>;
  afterEach(() => view.unmount());

  it('lists every event oldest first with its time and the values it changed', () => {
    view = render(<SignalTimeline events={events} />);
    const entries = [...view.container.querySelectorAll('[data-testid="timeline-entry"]')];
    expect(entries.map((entry) => entry.getAttribute('data-type'))).toEqual(['signal.opened', 'signal.updated', 'signal.updated', 'signal.closed']);
    expect(entries[0]!.textContent).toContain('Opened');
    expect(entries[0]!.textContent).toContain('BUY at 2,384.20');
    expect(entries[0]!.querySelector('time')?.textContent).toBe(formatDateTime('2026-03-02T08:00:00.000Z'));
    expect(entries[1]!.textContent).toContain('Stop moved');
    expect(entries[1]!.textContent).toContain('SL 2,380.00 → 2,382.50');
    expect(entries[2]!.textContent).toContain('Targets changed');
    expect(entries[2]!.textContent).toContain('Analysis edited');
    expect(entries[2]!.textContent).toContain('Trail the stop.');
    expect(entries[3]!.textContent).toContain('Closed');
    expect(entries[3]!.textContent).toContain('+55.0 pips');
    expect(entries[3]!.textContent).toContain('Outcome TP');
  });

  it('hides the levels of an open signal from a viewer without them, and says who sees them', () => {
    view = render(
      <SignalTimeline
        events={[{ seq: 1, type: 'signal.opened', at: '2026-03-02T08:00:00.000Z', changes: { side: null, entry: null, stopLoss: null, takeProfits: null, analysis: null } }]}
      />,
    );
    const text = view.container.textContent ?? '';
    expect(text).toContain('Levels are for Pro and Expert members');
    expect(text).not.toMatch(/\d,\d{3}\.\d{2}/);
  });
});
