import { applyEvent, GLOBAL_STREAM } from '@le/chat-core';
import type { Store } from '../store';

const PAGE = 500;

export interface CatchUpReport {
  /** Streams whose projection was behind their last event. */
  streams: number;
  /** Events applied to bring them level. */
  events: number;
}

/**
 * A process that died between appending an event and updating the projections leaves a stream's
 * projected head behind its last event. On start, before any request, every stream's head is
 * compared with its event log and the missing events are applied (`applyEvent` is conditional on
 * how far each document has folded, so an event applied twice changes nothing).
 */
export const catchUpChatProjections = async (store: Store): Promise<CatchUpReport> => {
  const report: CatchUpReport = { streams: 0, events: 0 };
  const bringLevel = async (stream: string, projected: number) => {
    const head = await store.chatEvents.readHead(stream);
    if (head <= projected) return;
    report.streams += 1;
    for (let after = projected; after < head; ) {
      const events = await store.chatEvents.after(stream, after, PAGE);
      if (events.length === 0) break;
      for (const event of events) await applyEvent(store.chat, event);
      report.events += events.length;
      after = events.at(-1)!.seq;
    }
  };
  let sawGlobal = false;
  for (let afterId: string | null = null; ; ) {
    const heads = await store.chat.streamHeads(afterId, PAGE);
    for (const { _id, seq } of heads) {
      if (_id === GLOBAL_STREAM) sawGlobal = true;
      await bringLevel(_id, seq);
    }
    if (heads.length < PAGE) break;
    afterId = heads.at(-1)!._id;
  }
  // The global room's document is made by its first projected event: a crash before that leaves none.
  if (!sawGlobal) await bringLevel(GLOBAL_STREAM, 0);
  return report;
};
