import { randomBytes } from 'node:crypto';

/** Ids are strings (contract §3): 24 hex characters, like a MongoDB ObjectId's text form. */
export const newId = (): string => randomBytes(12).toString('hex');

let last = { ms: -1, counter: 0 };

/**
 * An id that sorts after every earlier one of this process: the time in ms (12 hex digits), a
 * counter within that ms (6), then random (6) so that processes do not collide. For records listed
 * newest first by time and then id, whose times tie when two are written in the same millisecond:
 * the later one is listed first, as it was written.
 */
export const newOrderedId = (at: Date = new Date()): string => {
  const ms = Math.max(at.getTime(), last.ms);
  last = ms === last.ms ? { ms, counter: last.counter + 1 } : { ms, counter: 0 };
  return ms.toString(16).padStart(12, '0').slice(-12) + (last.counter % 0x1000000).toString(16).padStart(6, '0') + randomBytes(3).toString('hex');
};
