import { describe, expect, it } from 'vitest';
import { isReservedName, NAME_PATTERN } from './names';

describe('names', () => {
  it('refuses the team words in any case, accents, width or spacing, and the brand', () => {
    for (const name of ['Administrator', 'admin', 'ADMIN_budi', 'Ádmìn', 'ＡＤＭＩＮ', 'a.d.m.i.n', 'Support Team', 'moderator2', 'mod', 'Lukis Emas', 'lukis_emas_cs', 'admin99', 'Official Sari']) {
      expect([name, isReservedName(name)]).toEqual([name, true]);
    }
  });

  it('lets ordinary names through, words that only contain a team word included', () => {
    for (const name of ['Budi Santoso', 'badminton_fan', 'Sari', 'modern trader', 'Emas Lover', 'lukis', 'supardi', 'Nur Aisyah']) {
      expect([name, isReservedName(name)]).toEqual([name, false]);
    }
  });

  it('the pattern refuses control characters, line breaks and bidi overrides or isolates', () => {
    const pattern = new RegExp(NAME_PATTERN, 'u');
    for (const bad of ['Budi\u0000', 'Budi\nSantoso', 'a\r', 'x\u2028y', 'evil\u202egnp.exe', 'iso\u2066late', '   ', '']) {
      expect([JSON.stringify(bad), pattern.test(bad)]).toEqual([JSON.stringify(bad), false]);
    }
    for (const good of ['Budi Santoso', 'Ñoño', 'محمد', '李小龙', ' Sari ']) expect(pattern.test(good)).toBe(true);
  });
});
