// @vitest-environment jsdom
import type { HistoryEntry } from '@le/contracts';
import { afterEach, describe, expect, it } from 'vitest';

import { render } from '@/lib/test-render';
import { HistoryCard } from './history-card';

/** /history's first card is the page's largest paint: its image loads at once, with high priority (issue 13). */
const entry = (id: string): HistoryEntry =>
  ({ _id: id, title: `Entry ${id}`, description: 'Words.', image: `/api/files/${id}`, createdAt: '2026-03-01T02:00:00.000Z' }) as HistoryEntry;

let unmount = () => undefined as void;
afterEach(() => unmount());

describe('HistoryCard', () => {
  it('the priority card loads its image eagerly with fetchpriority high; the others lazily; both with a 16:9 size', () => {
    const view = render(
      <>
        <HistoryCard entry={entry('first')} priority />
        <HistoryCard entry={entry('second')} />
      </>,
    );
    unmount = view.unmount;
    const [first, second] = [...view.container.querySelectorAll('img')];
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    expect(second!.getAttribute('loading')).toBe('lazy');
    expect(second!.getAttribute('fetchpriority')).toBe('auto');
    for (const image of [first!, second!]) {
      expect(Number(image.getAttribute('width')) / Number(image.getAttribute('height'))).toBeCloseTo(16 / 9, 2);
    }
  });
});
