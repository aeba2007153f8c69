import { applySignalEvent } from '@le/signal-core';
import type { Store } from '../../store';

const PAGE = 500;
/**
 * How far below the projection's highest seq the catch-up looks again. Two API processes can
 * append seq n and n+1 and fold n+1 first; a crash between would leave n unfolded below the head.
 * Writes are admins' hands on a keyboard, so two in flight at once is the most there can be.
 */
const OVERLAP = 50;

/**
 * A process that died between appending a signal event and folding it leaves the projection
 * behind the log. On start, before any request, the events from just below the projection's head
 * onwards are folded again (`evolveSignal` ignores an event a document has folded already).
 */
export const catchUpSignalProjection = async (store: Store): Promise<{ events: number }> => {
  const projected = await store.signals.projectedHead();
  const head = await store.signals.readHead();
  let applied = 0;
  for (let after = Math.max(0, projected - OVERLAP); after < head; ) {
    const events = await store.signals.after(after, PAGE);
    if (events.length === 0) break;
    for (const event of events) {
      const before = await store.signals.findSignal(event.data.signalId);
      if (before && before.seq >= event.seq) continue;
      await applySignalEvent(store.signals, event);
      applied += 1;
    }
    after = events.at(-1)!.seq;
  }
  return { events: applied };
};
