import { signalAccessOf, type AccessSubject, type Signal, type SignalAccess } from '@le/contracts';
import { describe, expect, it } from 'vitest';
import { decideCancel, decideClose, decideOpen, decideUpdate, type SignalActor } from './commands';
import type { NewSignalEvent, SignalEvent } from './events';
import { foldSteps, rebuildSignals, type SignalDoc } from './projection';
import { viewChangesFor, viewSignalEventFor, viewSignalFor, viewTimelineFor } from './views';

const NOW = Date.parse('2026-04-10T12:00:00.000Z');
const future = '2026-05-10T12:00:00.000Z';
const past = '2026-03-10T12:00:00.000Z';
const at = (ms: number) => new Date(NOW - 3_600_000 + ms).toISOString();

const subject = (role: AccessSubject['role'], membershipTier: string | null, membershipEnd: string | null, trialExpiresAt: string | null = null): AccessSubject => ({
  role,
  membershipTier,
  membershipEnd,
  trialExpiresAt,
});

/** Every kind of viewer, with the access contract §8 gives them (rights by membershipEnd). */
const VIEWERS: Array<{ viewer: string; subject: AccessSubject | null; access: SignalAccess }> = [
  { viewer: 'guest', subject: null, access: 'none' },
  { viewer: 'trial', subject: subject('trial', 'trial', null, future), access: 'none' },
  { viewer: 'basic active', subject: subject('member', 'basic', future), access: 'none' },
  { viewer: 'basic expired', subject: subject('member', 'basic', past), access: 'none' },
  { viewer: 'pro active', subject: subject('member', 'Pro', future), access: 'levels' },
  { viewer: 'pro expired', subject: subject('member', 'pro', past), access: 'none' },
  { viewer: 'pro ending this very moment', subject: subject('member', 'pro', new Date(NOW).toISOString()), access: 'none' },
  { viewer: 'expert active', subject: subject('member', 'expert', future), access: 'full' },
  { viewer: 'expert expired', subject: subject('member', 'Expert', past), access: 'none' },
  { viewer: 'admin', subject: subject('admin', null, null), access: 'full' },
];

const admin: SignalActor = { _id: 'admin', name: 'Ayu', isAdmin: true };
const ANALYSIS = 'Rejection at 2,392 resistance; secret sauce';

/** Events of one sell signal: opened, stop moved, targets and analysis changed, analysis edited; then its end. */
const historyOf = (end: 'open' | 'closed' | 'cancelled'): SignalEvent[] => {
  const events: SignalEvent[] = [];
  const add = (decided: NewSignalEvent | null) => {
    events.push({ ...decided!, _id: `e${events.length + 1}`, seq: (events.length + 1) * 2 } as SignalEvent);
  };
  const state = () => ({ signal: rebuildSignals(events).get('s1') ?? null });
  add(decideOpen({ actor: admin, signalId: 's1', side: 'sell', entry: 2391.37, stopLoss: 2398.44, takeProfits: [2381.23, 2372.91], analysis: ANALYSIS, now: at(0) }));
  add(decideUpdate({ actor: admin, signalId: 's1', stopLoss: 2395.66, now: at(60_000) }, state()));
  add(decideUpdate({ actor: admin, signalId: 's1', takeProfits: [2383.17], analysis: `${ANALYSIS} (revised)`, now: at(120_000) }, state()));
  add(decideUpdate({ actor: admin, signalId: 's1', analysis: `${ANALYSIS} (final)`, now: at(180_000) }, state()));
  if (end === 'closed') add(decideClose({ actor: admin, signalId: 's1', exitPrice: 2383.17, now: at(240_000) }, state()));
  if (end === 'cancelled') add(decideCancel({ actor: admin, signalId: 's1', now: at(240_000) }, state()));
  return events;
};
const STATUSES = ['open', 'closed', 'cancelled'] as const;
const docOf = (events: SignalEvent[]): SignalDoc => rebuildSignals(events).get('s1')!;

const LEVELS = ['side', 'entry', 'stopLoss', 'takeProfits'] as const;
const nullFields = (view: object): string[] =>
  Object.entries(view)
    .filter(([, value]) => value === null)
    .map(([key]) => key)
    .sort();

describe('signalAccessOf for each viewer', () => {
  it.each(VIEWERS)('$viewer has access $access', ({ subject: who, access }) => {
    expect(signalAccessOf(who, NOW)).toBe(access);
  });
});

describe('viewSignalFor: the redaction matrix', () => {
  const cases = VIEWERS.flatMap((viewer) => STATUSES.map((status) => ({ ...viewer, status })));

  it.each(cases)('$viewer sees a $status signal as the contract says', ({ subject: who, access, status }) => {
    const doc = docOf(historyOf(status));
    expect(doc.status).toBe(status);
    // The view is given the access computed for the viewer; the expectations follow the contract's row.
    const view = viewSignalFor(doc, signalAccessOf(who, NOW));

    const hidesLevels = status === 'open' && access === 'none';
    const seesAnalysis = access === 'full';
    // The fields null by the signal's own state: nothing closed yet, or no exit for a cancel.
    const byState = status === 'open' ? ['closedAt', 'exitPrice', 'outcome', 'pips'] : status === 'cancelled' ? ['exitPrice', 'pips'] : [];
    const expected = [...byState, ...(hidesLevels ? LEVELS : []), ...(seesAnalysis ? [] : ['analysis'])].sort();
    expect(nullFields(view)).toEqual(expected);

    // What shows is the doc's own value, and nothing more than the contract's fields.
    for (const key of Object.keys(view) as Array<keyof Signal>) if (view[key] !== null) expect(view[key]).toEqual(doc[key]);
    expect(Object.keys(view).sort()).toEqual(
      ['_id', 'seq', 'symbol', 'side', 'entry', 'stopLoss', 'takeProfits', 'analysis', 'status', 'openedAt', 'updatedAt', 'closedAt', 'exitPrice', 'outcome', 'pips', 'author'].sort(),
    );
    if (seesAnalysis) expect(view.analysis).toBe(`${ANALYSIS} (final)`);
    if (hidesLevels) expect(JSON.stringify(view)).not.toMatch(/sell|2391\.37|2395\.66|2383\.17/);
    if (!seesAnalysis) expect(JSON.stringify(view)).not.toContain('secret sauce');
  });

  it('the view holds copies: changing it leaves the projected signal as it was', () => {
    const doc = docOf(historyOf('open'));
    const view = viewSignalFor(doc, 'full');
    view.takeProfits!.push(1);
    view.author.name = 'changed';
    expect(doc.takeProfits).toEqual([2383.17]);
    expect(doc.author.name).toBe('Ayu');
  });
});

describe('viewChangesFor and viewTimelineFor', () => {
  const timelineFor = (status: (typeof STATUSES)[number], access: SignalAccess) => {
    const events = historyOf(status);
    // Given in any order, the timeline is oldest first.
    return viewTimelineFor([...events].reverse(), docOf(events), access);
  };
  const hiddenOpen = [
    { side: null, entry: null, stopLoss: null, takeProfits: null, analysis: null },
    { stopLoss: null },
    { takeProfits: null, analysis: null },
    { analysis: null },
  ];

  it('given an open signal and no access, then every level and the analysis are hidden in every entry, while the entries stay', () => {
    const timeline = timelineFor('open', 'none');
    expect(timeline).toEqual([
      { seq: 2, type: 'signal.opened', at: at(0), changes: hiddenOpen[0] },
      { seq: 4, type: 'signal.updated', at: at(60_000), changes: hiddenOpen[1] },
      { seq: 6, type: 'signal.updated', at: at(120_000), changes: hiddenOpen[2] },
      { seq: 8, type: 'signal.updated', at: at(180_000), changes: hiddenOpen[3] },
    ]);
    expect(JSON.stringify(timeline)).not.toMatch(/sell|2391\.37|2398\.44|2395\.66|2383\.17|sauce/);
  });

  it('given an open signal and levels access, then the levels show and the analysis does not', () => {
    expect(timelineFor('open', 'levels').map((entry) => entry.changes)).toEqual([
      { side: 'sell', entry: 2391.37, stopLoss: 2398.44, takeProfits: [2381.23, 2372.91], analysis: null },
      { stopLoss: 2395.66 },
      { takeProfits: [2383.17], analysis: null },
      { analysis: null },
    ]);
  });

  it('given an open signal and full access, then everything, every analysis as it was then', () => {
    expect(timelineFor('open', 'full').map((entry) => entry.changes)).toEqual([
      { side: 'sell', entry: 2391.37, stopLoss: 2398.44, takeProfits: [2381.23, 2372.91], analysis: ANALYSIS },
      { stopLoss: 2395.66 },
      { takeProfits: [2383.17], analysis: `${ANALYSIS} (revised)` },
      { analysis: `${ANALYSIS} (final)` },
    ]);
  });

  it.each(['none', 'levels'] as const)('given a closed signal and %s access, then its whole timeline shows the levels but no analysis', (access) => {
    const timeline = timelineFor('closed', access);
    expect(timeline.map((entry) => entry.changes)).toEqual([
      { side: 'sell', entry: 2391.37, stopLoss: 2398.44, takeProfits: [2381.23, 2372.91], analysis: null },
      { stopLoss: 2395.66 },
      { takeProfits: [2383.17], analysis: null },
      { analysis: null },
      { exitPrice: 2383.17, outcome: 'tp', pips: 82 },
    ]);
    expect(timeline.at(-1)).toMatchObject({ seq: 10, type: 'signal.closed', at: at(240_000) });
    expect(JSON.stringify(timeline)).not.toContain('sauce');
  });

  it('given a closed signal and full access, then the analysis too', () => {
    expect(timelineFor('closed', 'full').map((entry) => entry.changes.analysis)).toEqual([ANALYSIS, undefined, `${ANALYSIS} (revised)`, `${ANALYSIS} (final)`, undefined]);
  });

  it.each(['none', 'levels', 'full'] as const)('given a cancelled signal and %s access, then the levels show and the last entry is the cancel', (access) => {
    const timeline = timelineFor('cancelled', access);
    expect(timeline[0]!.changes).toMatchObject({ side: 'sell', entry: 2391.37, stopLoss: 2398.44, takeProfits: [2381.23, 2372.91] });
    expect(timeline[0]!.changes.analysis).toBe(access === 'full' ? ANALYSIS : null);
    expect(timeline.at(-1)).toEqual({ seq: 10, type: 'signal.cancelled', at: at(240_000), changes: { outcome: 'cancelled' } });
  });

  it('an event is judged by the signal as it is now: the same opening hides its levels while open and shows them once closed', () => {
    const events = historyOf('closed');
    const opening = events[0]!;
    const stillOpen = docOf(events.slice(0, 4));
    expect(viewChangesFor(opening, stillOpen, 'none')).toEqual(hiddenOpen[0]);
    expect(viewChangesFor(opening, docOf(events), 'none')).toMatchObject({ side: 'sell', entry: 2391.37 });
  });

  it('the changes hold copies of the targets', () => {
    const events = historyOf('open');
    const changes = viewChangesFor(events[0]!, docOf(events), 'full');
    changes.takeProfits!.push(1);
    expect(events[0]!.type === 'signal.opened' && events[0]!.data.takeProfits).toEqual([2381.23, 2372.91]);
  });
});

describe('viewSignalEventFor', () => {
  it('given each event with the signal right after it, then the payload is the signal as the recipient may see it then', () => {
    const events = historyOf('closed');
    const steps = foldSteps(events);
    const forGuest = steps.map(({ event, doc }) => viewSignalEventFor(event, doc, signalAccessOf(null, NOW)));
    expect(forGuest.map((payload) => [payload.seq, payload.type, payload.at])).toEqual(events.map((event) => [event.seq, event.type, event.at]));
    // While open, the guest gets the event without the levels; the close brings them all.
    for (const payload of forGuest.slice(0, 4)) expect(payload.signal).toMatchObject({ status: 'open', side: null, entry: null, stopLoss: null, takeProfits: null, analysis: null });
    expect(forGuest[4]!.signal).toMatchObject({ status: 'closed', side: 'sell', entry: 2391.37, stopLoss: 2395.66, takeProfits: [2383.17], analysis: null, exitPrice: 2383.17, outcome: 'tp', pips: 82 });

    const forPro = viewSignalEventFor(events[1]!, steps[1]!.doc, 'levels');
    expect(forPro).toEqual({ seq: 4, type: 'signal.updated', at: at(60_000), signal: viewSignalFor(steps[1]!.doc, 'levels') });
    expect(forPro.signal).toMatchObject({ stopLoss: 2395.66, takeProfits: [2381.23, 2372.91], analysis: null, seq: 4 });

    const forExpert = viewSignalEventFor(events[2]!, steps[2]!.doc, 'full');
    expect(forExpert.signal).toMatchObject({ takeProfits: [2383.17], analysis: `${ANALYSIS} (revised)`, seq: 6 });
  });
});
