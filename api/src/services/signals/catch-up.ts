import { foldSteps } from '@le/signal-core';
import type { Store } from '../../store';

const PAGE = 500;

/**
 * A process that died between appending a signal event and folding it (on MongoDB the two are
 * not one commit; other processes may go on folding later events meanwhile) leaves a signal's
 * document behind its log. On start, before any request, every signal with an event after the
 * last checked mark is folded again from all its events (a save only moves a document forward),
 * then the mark moves to the head. The work is what happened since the last start, not history.
 */
export const catchUpSignalProjection = async (store: Store): Promise<{ signals: number }> => {
  const from = await store.signals.checkedThrough();
  const head = await store.signals.readHead();
  const touched = new Set<string>();
  let last = from;
  for (let after = from; after < head; ) {
    const events = await store.signals.after(after, PAGE);
    if (events.length === 0) break;
    for (const event of events) touched.add(event.data.signalId);
    after = last = events.at(-1)!.seq;
  }
  let applied = 0;
  for (const signalId of touched) {
    const before = await store.signals.findSignal(signalId);
    const folded = foldSteps(await store.signals.eventsOf([signalId])).at(-1)?.doc;
    if (!folded || (before && before.seq >= folded.seq)) continue;
    await store.signals.saveSignal(folded);
    applied += 1;
  }
  if (last > from) await store.signals.setCheckedThrough(last);
  return { signals: applied };
};
