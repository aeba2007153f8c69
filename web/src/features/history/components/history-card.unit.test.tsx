// @vitest-environment jsdom
import type { HistoryEntry } from '@le/contracts';
import { afterEach, describe, expect, it } from 'vitest';

import { render } from '@/lib/test-render';
import { HISTORY_CARD_SIZES } from './history-list';
import { HistoryCard } from './history-card';

/** /history's first card is the page's largest paint: its image loads at once, with high priority. */
const entry = (id: string, images: HistoryEntry['images'] = [{ url: `/api/files/${id}`, width: 2560 }]): HistoryEntry => ({
  _id: id,
  title: `Entry ${id}`,
  description: 'Words.',
  image: `/api/files/${id}`,
  images,
  createdAt: '2026-03-01T02:00:00.000Z',
});

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

  it("offers the browser every stored size with the card's width, so a phone loads a small copy; an image without copies is the original alone", () => {
    const sizes = [
      { url: '/api/files/a?w=400', width: 400 },
      { url: '/api/files/a?w=800', width: 800 },
      { url: '/api/files/a?w=1280', width: 1280 },
      { url: '/api/files/a', width: 2560 },
    ];
    const view = render(
      <>
        <HistoryCard entry={entry('a', sizes)} sizes={HISTORY_CARD_SIZES} />
        <HistoryCard entry={entry('old')} sizes={HISTORY_CARD_SIZES} />
      </>,
    );
    unmount = view.unmount;
    const [withCopies, old] = [...view.container.querySelectorAll('img')];
    expect(withCopies!.getAttribute('src')).toBe('/api/files/a');
    expect(withCopies!.getAttribute('srcset')).toBe('/api/files/a?w=400 400w, /api/files/a?w=800 800w, /api/files/a?w=1280 1280w, /api/files/a 2560w');
    expect(withCopies!.getAttribute('sizes')).toBe(HISTORY_CARD_SIZES);
    expect(HISTORY_CARD_SIZES.endsWith('calc(100vw - 32px)')).toBe(true);
    expect(old!.getAttribute('src')).toBe('/api/files/old');
    expect(old!.hasAttribute('srcset')).toBe(false);
    expect(old!.hasAttribute('sizes')).toBe(false);
  });
});
