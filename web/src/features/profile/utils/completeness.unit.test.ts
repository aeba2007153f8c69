import { describe, expect, it } from 'vitest';

import { missingProfileFields } from './completeness';

const complete = {
  name: 'Sari',
  no_telp: '0812',
  address: 'Jl. Merdeka 1',
  username: 'sari',
  city: 'Bandung',
  country: 'Indonesia',
  photo_profile: '/api/files/0123456789abcdef01234567',
  image_identitas: '/api/files/private/0123456789abcdef01234567',
};

describe('profile completeness (spec §4)', () => {
  it('is complete when all eight fields have text', () => {
    expect(missingProfileFields(complete)).toEqual([]);
  });

  it('names every empty or blank field, in order', () => {
    expect(missingProfileFields({ ...complete, city: '  ', image_identitas: '' })).toEqual(['city', 'identity photo']);
    expect(missingProfileFields({})).toHaveLength(8);
  });
});
