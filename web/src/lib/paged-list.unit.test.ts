import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { cursorPaging, flattenPages, updatePagedRows } from './paged-list';

interface Row {
  _id: string;
  title: string;
}
type Page = { history: Row[]; nextCursor: string | null };

const row = (id: string, title = id): Row => ({ _id: id, title });
const pages = (...lists: { rows: Row[]; next: string | null }[]): InfiniteData<Page, string | null> => ({
  pages: lists.map(({ rows, next }) => ({ history: rows, nextCursor: next })),
  pageParams: lists.map((_, index) => (index === 0 ? null : `c${index}`)),
});

describe('flattenPages', () => {
  it('lists every page in order, a row pushed onto the next page shown once (its first copy)', () => {
    const data = pages({ rows: [row('a'), row('b'), row('c')], next: 'c' }, { rows: [row('c', 'c again'), row('d')], next: null });
    expect(flattenPages(data, 'history')).toEqual([row('a'), row('b'), row('c'), row('d')]);
  });

  it('is empty before the first page', () => {
    expect(flattenPages<'history', Row>(undefined, 'history')).toEqual([]);
  });
});

describe('updatePagedRows', () => {
  it('changes the rows of every page and keeps the cursors', () => {
    const data = pages({ rows: [row('a'), row('b')], next: 'b' }, { rows: [row('c')], next: null });
    const updated = updatePagedRows(data, 'history', (rows) => rows.filter((item) => item._id !== 'b').map((item) => (item._id === 'c' ? row('c', 'edited') : item)));
    expect(updated?.pages).toEqual([
      { history: [row('a')], nextCursor: 'b' },
      { history: [row('c', 'edited')], nextCursor: null },
    ]);
    expect(updated?.pageParams).toEqual(data.pageParams);
    expect(data.pages[0]?.history).toHaveLength(2);
  });

  it('leaves a list not loaded yet alone', () => {
    expect(updatePagedRows<'history', Page>(undefined, 'history', () => [])).toBeUndefined();
  });
});

describe('cursorPaging', () => {
  it('starts without a cursor and stops when the server names no next page', () => {
    expect(cursorPaging.initialPageParam).toBeNull();
    expect(cursorPaging.getNextPageParam({ nextCursor: 'x' })).toBe('x');
    expect(cursorPaging.getNextPageParam({ nextCursor: null })).toBeNull();
  });
});
