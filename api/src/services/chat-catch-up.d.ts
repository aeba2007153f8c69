import type { Store } from '../store';
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
export declare const catchUpChatProjections: (store: Store) => Promise<CatchUpReport>;
