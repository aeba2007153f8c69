import { beforeEach, describe, expect, it, vi } from 'vitest';

const created = vi.hoisted(() => [] as { id?: string; title?: unknown }[]);
vi.mock('@/components/ui/toaster', () => ({ toaster: { create: (options: { id?: string; title?: unknown }) => void created.push(options) } }));

import { opened } from '@/features/signals/utils/test-signals';
import { raiseNotice } from './signal-live-layer';

const AT = Date.parse('2026-03-02T08:00:00.000Z');

describe('raiseNotice', () => {
  beforeEach(() => {
    created.length = 0;
  });

  it('tells others of a new signal once per event, while it is news', () => {
    expect(raiseNotice(opened('s1', 1), AT + 1_000, 'someone-else')).toBe(true);
    expect(created).toHaveLength(1);
    expect(created[0]!.id).toBe('signal-1');
    expect(raiseNotice(opened('s2', 2), AT + 11 * 60_000, null)).toBe(false);
    expect(created).toHaveLength(1);
  });

  it('gives the admin who wrote the signal no second notice (the form confirmed it)', () => {
    expect(raiseNotice(opened('s3', 3), AT + 1_000, 'admin-1')).toBe(false);
    expect(created).toHaveLength(0);
  });
});
