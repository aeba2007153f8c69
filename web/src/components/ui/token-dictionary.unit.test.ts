import { defaultConfig } from '@chakra-ui/react';
import type { Token } from '@chakra-internal/styled-system/types';
import { describe, expect, it } from 'vitest';

import { makeTokens, systemConfigs } from './system';
import { type PackedTokenDictionary, packTokenDictionary, unpackTokenDictionary } from './token-dictionary';

/** A token as data, its references by name (they point at other tokens). */
const plain = (token: Token | undefined) =>
  token && { ...token, extensions: { ...token.extensions, references: token.extensions.references && Object.keys(token.extensions.references) } };
const mapJson = (map: Map<string, unknown>) => [...map].map(([key, value]) => [key, value instanceof Map ? [...value].map(([k, v]) => [k, typeof v === 'object' ? plain(v as Token) : v]) : value]);

/*
 * The app's theme (dark values only: every token's condition is the base, its names come in the order
 * of its tokens), and Chakra's own, both modes, where a name is given again by a later token.
 */
describe.each([
  { theme: 'the app’s', configs: () => systemConfigs(false) },
  { theme: 'Chakra’s default', configs: () => [defaultConfig] },
])('the token dictionary made at build time, of $theme theme', ({ configs }) => {
  const chakra = makeTokens(configs()).tokens;
  // through JSON, as the build writes it
  const packed = JSON.parse(JSON.stringify(packTokenDictionary(makeTokens(configs())))) as PackedTokenDictionary;
  const restored = unpackTokenDictionary(packed);

  it('keeps the theme’s categories of tokens', () => {
    expect(packed.categoryKeys).toEqual(makeTokens(configs()).categoryKeys);
    expect(packed.categoryKeys.tokens).toContain('colors');
  });

  it('has every token as Chakra made it, in its order', () => {
    expect(chakra.allTokens.length).toBeGreaterThan(400);
    expect(Object.keys(restored).sort()).toEqual(Object.keys(chakra).sort());
    expect(restored.allTokens.map(plain)).toEqual(chakra.allTokens.map(plain));
    expect(restored.prefix).toBe(chakra.prefix);
  });

  it('has the same views', () => {
    expect([...restored.tokenMap.keys()]).toEqual([...chakra.tokenMap.keys()]);
    for (const [name, token] of chakra.tokenMap) expect(plain(restored.getByName(name)), name).toEqual(plain(token));
    expect(mapJson(restored.categoryMap)).toEqual(mapJson(chakra.categoryMap));
    expect(mapJson(restored.cssVarMap)).toEqual(mapJson(chakra.cssVarMap));
    expect(mapJson(restored.colorPaletteMap)).toEqual(mapJson(chakra.colorPaletteMap));
    expect([...restored.flatMap]).toEqual([...chakra.flatMap]);
    // a view's token is one of the dictionary's tokens, not a copy
    const token = restored.categoryMap.get('colors')?.get('gray.500');
    expect(token).toBeDefined();
    expect(token).toBe(restored.getByName('colors.gray.500'));
    expect(restored.allTokens).toContain(token);
  });

  it('looks values up as Chakra does', () => {
    for (const category of chakra.categoryMap.keys()) expect(restored.getCategoryValues(category), category).toEqual(chakra.getCategoryValues(category));
    expect(restored.getCategoryValues('nothing')).toBeNull();
    for (const name of chakra.flatMap.keys()) expect(restored.getVar(name), name).toBe(chakra.getVar(name));
    expect(restored.getVar('colors.nothing', 'fallback')).toBe('fallback');
    for (const value of ['{colors.gold.500}', '{colors.red.500/40}', '{spacing.4} {sizes.full}', 'calc({sizes.10} * 2)', '{colors.gold.500/50}', 'plain']) {
      expect(restored.expandReferenceInValue(value), value).toBe(chakra.expandReferenceInValue(value));
    }
    expect(() => restored.expandReferenceInValue('{colors.gold.500/much}')).toThrow('Invalid color mix');
    expect(restored.formatCssVar(['colors', 'gold', '500'], 'chakra')).toEqual(chakra.formatCssVar(['colors', 'gold', '500'], 'chakra'));
    expect(restored.formatTokenName(['colors', 'gold'])).toBe(chakra.formatTokenName(['colors', 'gold']));
  });

  it('is made whole: nothing can be added to it', () => {
    const [first] = restored.allTokens;
    expect(first).toBeDefined();
    expect(() => restored.registerToken(first as Token)).toThrow('made at build time');
  });
});
