import { describe, expect, it } from 'vitest';

import { formatHistoryTime, validateHistoryForm } from './format';

const file = (type: string, size: number) => ({ type, size, name: 'x' }) as unknown as File;

describe('history formatting and form checks', () => {
  it('formats DD/MM/YYYY HH:mm in 24-hour time, and says Tidak diketahui for a bad date', () => {
    // no zone in the text: read and written in the same local time, whatever this machine's zone
    expect(formatHistoryTime('2026-03-05T17:04:00')).toBe('05/03/2026 17:04');
    expect(formatHistoryTime('2026-12-31T00:00:00')).toBe('31/12/2026 00:00');
    expect(formatHistoryTime('not a date')).toBe('Tidak diketahui');
  });

  it('checks title, description and image as the API does', () => {
    expect(validateHistoryForm({ title: ' t ', description: ' d ', image: file('image/png', 10), imageRequired: true })).toEqual({});
    expect(validateHistoryForm({ title: ' ', description: '', image: null, imageRequired: true })).toEqual({
      title: 'Title is required.',
      description: 'Description is required.',
      image: 'Choose an image.',
    });
    expect(validateHistoryForm({ title: 't', description: 'd', image: null, imageRequired: false })).toEqual({});
    expect(validateHistoryForm({ title: 'x'.repeat(201), description: 'y'.repeat(5001), image: null, imageRequired: false })).toMatchObject({
      title: expect.stringContaining('200'),
      description: expect.stringContaining('5000'),
    });
    expect(validateHistoryForm({ title: 't', description: 'd', image: file('image/svg+xml', 10), imageRequired: true }).image).toMatch(/JPEG, PNG or WebP/);
    expect(validateHistoryForm({ title: 't', description: 'd', image: file('image/jpeg', 6 * 1024 * 1024), imageRequired: true }).image).toMatch(/too large/);
  });
});
