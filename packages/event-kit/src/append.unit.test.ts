import { describe, expect, it } from 'vitest';
import { appendWithRetry, SeqTakenError, type StoredEvent } from './index';
import { MemoryEventLog } from './testing';

type Note = StoredEvent & { text: string };
let ids = 0;
const newId = () => `id-${(ids += 1)}`;

describe('appendWithRetry', () => {
  it('appends at head + 1 and decides again when another writer took the place', async () => {
    const log = new MemoryEventLog<Note>();
    const decisions: number[] = [];
    const written = await Promise.all(
      ['a', 'b', 'c'].map((text) =>
        appendWithRetry(log, 's', async (head) => {
          decisions.push(head);
          return { stream: 's', text };
        }, newId),
      ),
    );
    expect(written.map((event) => event!.seq).sort()).toEqual([1, 2, 3]);
    // Three writers read head 0 at once: two lost the place and decided again on a later head.
    expect(decisions.length).toBeGreaterThan(3);
    expect((await log.select('s')).map((event) => event.seq)).toEqual([1, 2, 3]);
  });

  it('appends nothing when the decision is null, and gives up after maxAttempts', async () => {
    const log = new MemoryEventLog<Note>();
    expect(await appendWithRetry(log, 's', async () => null, newId)).toBeNull();
    expect(log.events).toEqual([]);
    const taken = { head: async () => 0, insert: async (event: Note): Promise<Note> => Promise.reject(new SeqTakenError('s', event.seq)) };
    await expect(appendWithRetry(taken, 's', async () => ({ stream: 's', text: 'x' }), newId, 3)).rejects.toBeInstanceOf(SeqTakenError);
  });
});
