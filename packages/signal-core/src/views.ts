import type { Signal, SignalAccess, SignalChanges, SignalEventPayload, SignalTimelineEntry } from '@le/contracts';
import type { SignalEvent } from './events';
import type { SignalDoc } from './projection';

/**
 * The one redaction rule (contract §8): while a signal is open, viewers without access see no
 * side and no levels; the analysis is for `full` access only, open or not.
 */
export const viewSignalFor = (doc: SignalDoc, access: SignalAccess): Signal => {
  const hideLevels = doc.status === 'open' && access === 'none';
  return {
    _id: doc._id,
    seq: doc.seq,
    symbol: doc.symbol,
    side: hideLevels ? null : doc.side,
    entry: hideLevels ? null : doc.entry,
    stopLoss: hideLevels ? null : doc.stopLoss,
    takeProfits: hideLevels ? null : [...doc.takeProfits],
    analysis: access === 'full' ? doc.analysis : null,
    status: doc.status,
    openedAt: doc.openedAt,
    updatedAt: doc.updatedAt,
    closedAt: doc.closedAt,
    exitPrice: doc.exitPrice,
    outcome: doc.outcome,
    pips: doc.pips,
    author: { ...doc.author },
  };
};

/**
 * What one event changed, as the viewer may see it. `current` is the signal as it is now: its
 * levels show in the whole timeline once it is closed or cancelled, never while it is open.
 */
export const viewChangesFor = (event: SignalEvent, current: SignalDoc, access: SignalAccess): SignalChanges => {
  const hideLevels = current.status === 'open' && access === 'none';
  const level = <T>(value: T): T | null => (hideLevels ? null : value);
  const withAnalysis = (changes: SignalChanges, present: boolean, analysis: string | null | undefined): SignalChanges =>
    present ? { ...changes, analysis: access === 'full' ? (analysis ?? null) : null } : changes;
  switch (event.type) {
    case 'signal.opened': {
      const { data } = event;
      return withAnalysis(
        { side: level(data.side), entry: level(data.entry), stopLoss: level(data.stopLoss), takeProfits: level([...data.takeProfits]) },
        true,
        data.analysis,
      );
    }
    case 'signal.updated': {
      const { data } = event;
      const changes: SignalChanges = {};
      if (data.stopLoss !== undefined) changes.stopLoss = level(data.stopLoss);
      if (data.takeProfits !== undefined) changes.takeProfits = level([...data.takeProfits]);
      return withAnalysis(changes, data.analysis !== undefined, data.analysis);
    }
    case 'signal.closed':
      return { exitPrice: event.data.exitPrice, outcome: event.data.outcome, pips: event.data.pips };
    case 'signal.cancelled':
      return { outcome: 'cancelled' };
  }
};

/** A signal's timeline, oldest first, as the viewer may see it. */
export const viewTimelineFor = (events: readonly SignalEvent[], current: SignalDoc, access: SignalAccess): SignalTimelineEntry[] =>
  [...events]
    .sort((a, b) => a.seq - b.seq)
    .map((event) => ({ seq: event.seq, type: event.type, at: event.at, changes: viewChangesFor(event, current, access) }));

/** An event with the signal as it was right after it, as the recipient may see it (`signal:event`, `GET /signals/events`). */
export const viewSignalEventFor = (event: SignalEvent, after: SignalDoc, access: SignalAccess): SignalEventPayload => ({
  seq: event.seq,
  type: event.type,
  at: event.at,
  signal: viewSignalFor(after, access),
});
