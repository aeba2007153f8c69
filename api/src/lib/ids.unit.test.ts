import { describe, expect, it } from 'vitest';
import { newId, newOrderedId } from './ids';

const HEX24 = /^[0-9a-f]{24}$/;

describe('ids', () => {
  it('are 24 lowercase hex characters', () => {
    expect(newId()).toMatch(HEX24);
    expect(newOrderedId()).toMatch(HEX24);
  });

  it('ordered ids written in the same millisecond sort as they were made', () => {
    const at = new Date('2026-11-26T00:00:00.000Z');
    const ids = Array.from({ length: 1_000 }, () => newOrderedId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an ordered id of a later millisecond sorts after, and a clock that steps back does not reorder them', () => {
    const first = newOrderedId(new Date('2026-11-26T00:00:00.001Z'));
    const later = newOrderedId(new Date('2026-11-26T00:00:00.002Z'));
    const steppedBack = newOrderedId(new Date('2026-11-25T00:00:00.000Z'));
    expect([steppedBack, later, first].sort()).toEqual([first, later, steppedBack]);
  });
});
