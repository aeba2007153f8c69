import { createSystem } from '@chakra-ui/react';
import type { SystemConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';

import { type MadeTokens, createBrowserSystem } from './browser-system';
import { makeTokens, packAppTokens, systemConfigs } from './system';
import { unpackTokenDictionary } from './token-dictionary';

/** Compared as JSON: the order of the properties counts. */
const same = (actual: unknown, expected: unknown, what: string) => expect(JSON.stringify(actual), what).toBe(JSON.stringify(expected));

/** The theme as the browser's build has it: without its tokens, whose dictionary is made at build time. */
const withoutTokens = (configs: SystemConfig[]) =>
  configs.map(({ theme, ...config }) => {
    if (!theme) return config;
    const { tokens: _tokens, semanticTokens: _semanticTokens, ...rest } = theme;
    return { ...config, theme: rest };
  });

/** The dictionary as the build writes it (build/token-dictionary-plugin.ts), read back as the browser does. */
const builtTokens = (): MadeTokens => {
  const packed = JSON.parse(JSON.stringify(packAppTokens()));
  return { tokens: unpackTokenDictionary(packed), categoryKeys: packed.categoryKeys };
};

/**
 * The browser's system is Chakra's createSystem without the globals written while it is made. It must
 * draw exactly what Chakra's own does: the same class names on the server and in the browser (emotion
 * names a class by its styles as written, in their order), or hydration would restyle every element.
 * It checks the styles below and every recipe of the theme in each of its variants; on a Chakra
 * upgrade that changes createSystem, this is where it shows.
 */
describe.each([
  { how: 'with the token dictionary Chakra makes', make: () => createBrowserSystem(systemConfigs(false), makeTokens(systemConfigs(false))) },
  { how: 'with the token dictionary made at build time, as in the browser', make: () => createBrowserSystem(withoutTokens(systemConfigs(false)), builtTokens()) },
])('createBrowserSystem, $how', ({ make }) => {
  const configs = systemConfigs(false);
  const chakra = createSystem(...configs);
  const browser = make();

  it('has what Chakra’s system has, and writes no global styles while it is made', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(chakra).sort());
    expect(browser._global).toEqual([]);
    expect(chakra._global.length).toBe(3);
  });

  it('writes the same global styles when asked', () => {
    same([browser.getPreflightCss(), browser.getGlobalCss(), browser.getTokenCss()], chakra._global, 'globals');
    // the token CSS is the bulk of it: every token's variable is there
    expect(JSON.stringify(browser.getTokenCss())).toContain('--chakra-colors-gold-500');
  });

  it('resolves every token the same way', () => {
    const names = [...new Set(chakra.tokens.allTokens.map((token) => token.name))];
    expect(names.length).toBeGreaterThan(300);
    for (const name of names) {
      expect(browser.token(name), name).toBe(chakra.token(name));
      expect(browser.token.var(name), name).toBe(chakra.token.var(name));
    }
    expect(browser.token('colors.none', 'fallback')).toBe('fallback');
  });

  it('knows the same properties, conditions and breakpoints', () => {
    expect([...browser.properties].sort()).toEqual([...chakra.properties].sort());
    expect(browser.conditions.keys().sort()).toEqual(chakra.conditions.keys().sort());
    expect(browser.breakpoints.keys()).toEqual(chakra.breakpoints.keys());
    for (const prop of ['bg', 'colorPalette', '_hover', 'md', 'textStyle', 'WebkitLineClamp', 'notAProp', 'data-x']) {
      expect(browser.isValidProperty(prop), prop).toBe(chakra.isValidProperty(prop));
    }
    const props = { bg: 'red', px: 2, onClick: () => {}, 'aria-label': 'x', _hover: { bg: 'blue' } };
    expect(JSON.stringify(browser.splitCssProps(props))).toBe(JSON.stringify(chakra.splitCssProps(props)));
    expect(browser.normalizeValue(['1', '2', null, '4'])).toEqual(chakra.normalizeValue(['1', '2', null, '4']));
  });

  it('writes the same CSS for styles that use tokens, conditions, breakpoints and compositions', () => {
    const styles = [
      { px: 4, py: 2, bg: 'bg.panel', color: 'fg.muted', _hover: { bg: 'gold.500/40' }, md: { px: 6 } },
      { display: 'flex', gap: 3, borderWidth: '1px', borderColor: 'border', rounded: 'l2', fontSize: ['sm', 'md', 'lg'] },
      { colorPalette: 'amber', bg: 'colorPalette.solid', color: 'colorPalette.contrast', _dark: { color: 'gold.fg' } },
      { textStyle: 'sm', layerStyle: 'fill.subtle', animationStyle: 'slide-fade-in', animationName: 'fade-in' },
      { '@media (pointer: coarse) and (min-width: 0px)': { minW: '10' }, _focusVisible: { outline: '2px solid', outlineColor: 'gold.focusRing' } },
      { truncate: true, srOnly: true, hideBelow: 'md', boxSize: '8', inset: '0', spaceX: '2' },
    ];
    for (const style of styles) same(browser.css(style), chakra.css(style), JSON.stringify(style));
  });

  it('draws every recipe and slot recipe of the theme the same, in each of its variants', () => {
    const recipes = Object.keys(chakra._config.theme?.recipes ?? {});
    const slotRecipes = Object.keys(chakra._config.theme?.slotRecipes ?? {});
    expect(recipes).toContain('button');
    expect(slotRecipes).toContain('dialog');
    const variantsOf = (recipe: { variants?: Record<string, Record<string, unknown>> }) =>
      [{}, ...Object.entries(recipe.variants ?? {}).flatMap(([name, values]) => Object.keys(values).map((value) => ({ [name]: value })))];
    for (const key of recipes) {
      expect(browser.isRecipe(key)).toBe(true);
      for (const variant of variantsOf(browser.getRecipe(key))) {
        same(browser.getRecipeFn(key)(variant), chakra.getRecipeFn(key)(variant), `${key} ${JSON.stringify(variant)}`);
      }
    }
    for (const key of slotRecipes) {
      expect(browser.isSlotRecipe(key)).toBe(true);
      for (const variant of variantsOf(browser.getSlotRecipe(key))) {
        same(browser.getSlotRecipeFn(key)(variant), chakra.getSlotRecipeFn(key)(variant), `${key} ${JSON.stringify(variant)}`);
      }
    }
    expect(browser.hasRecipe('no-such-recipe')).toBe(false);
  });

  it('lists the same tokens, styles and keyframes', () => {
    for (const category of ['colors', 'spacing', 'radii', 'fonts']) {
      expect(browser.query.tokens.list(category as never), category).toEqual(chakra.query.tokens.list(category as never));
      expect(browser.query.semanticTokens.list(category as never), category).toEqual(chakra.query.semanticTokens.list(category as never));
    }
    expect(browser.query.textStyles.list()).toEqual(chakra.query.textStyles.list());
    expect(browser.query.layerStyles.list()).toEqual(chakra.query.layerStyles.list());
    expect(browser.query.animationStyles.list()).toEqual(chakra.query.animationStyles.list());
    expect(browser.query.keyframes.list()).toEqual(chakra.query.keyframes.list());
    expect(browser.query.breakpoints.search('x')).toEqual(chakra.query.breakpoints.search('x'));
    expect(browser.query.tokens.categoryKeys).toEqual(chakra.query.tokens.categoryKeys);
    expect(browser.query.semanticTokens.categoryKeys).toEqual(chakra.query.semanticTokens.categoryKeys);
    expect(browser.query.tokens.categoryKeys).toContain('colors');
  });
});
