import { describe, expect, it } from 'vitest';
import { blockedTermsIn, foldForMatching, tidyTerm } from './moderation';

describe('blocked terms', () => {
  const terms = ['pasti profit', 'scam', 'café'];

  it('match without regard to case, accents or full-width forms', () => {
    expect(blockedTermsIn('PASTI Profit minggu ini', terms)).toEqual(['pasti profit']);
    expect(blockedTermsIn('ｐａｓｔｉ　ｐｒｏｆｉｔ', terms)).toEqual(['pasti profit']);
    expect(blockedTermsIn('pâsti prófit!', terms)).toEqual(['pasti profit']);
    expect(blockedTermsIn('ini SCAM', terms)).toEqual(['scam']);
    expect(blockedTermsIn('ngopi di cafe', terms)).toEqual(['café']);
  });

  it('match whole words only, across any run of spaces', () => {
    expect(blockedTermsIn('scammer', terms)).toEqual([]);
    expect(blockedTermsIn('antiscam', terms)).toEqual([]);
    expect(blockedTermsIn('pasti   profit', terms)).toEqual(['pasti profit']);
    expect(blockedTermsIn('pasti\nprofit', terms)).toEqual(['pasti profit']);
    expect(blockedTermsIn('pastiprofit', terms)).toEqual([]);
    expect(blockedTermsIn('(scam)', terms)).toEqual(['scam']);
  });

  it('find nothing in an empty list, and name every term found', () => {
    expect(blockedTermsIn('pasti profit', [])).toEqual([]);
    expect(blockedTermsIn('scam: pasti profit', terms)).toEqual(['pasti profit', 'scam']);
  });

  it('treat a term as text, not as a pattern', () => {
    expect(blockedTermsIn('a.b', ['a.b'])).toEqual(['a.b']);
    expect(blockedTermsIn('axb', ['a.b'])).toEqual([]);
  });

  it('fold and tidy the way both sides agree', () => {
    expect(foldForMatching(' Ｐａｓｔｉ  Únt ')).toBe('pasti unt');
    expect(tidyTerm('  pasti \t profit ')).toBe('pasti profit');
  });
});
