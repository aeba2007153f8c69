// Chakra UI's createSystem (MIT, @chakra-ui/react 3.37, dist/esm/styled-system/system.js), made from
// Chakra's own unchanged modules (the `@chakra-internal` alias, web/vite.config.ts), with two changes.
// It is given its token dictionary made already (in the browser, made at build time:
// token-dictionary.ts), with the theme's categories of tokens its `query` lists. And the system's global
// styles (`_global`: the reset, the global styles and every token's CSS variable) are not written
// while it is made. Chakra writes them eagerly, as one css() call over every token,
// a third of making the system in a page's start; the browser never uses them, because the server
// already put them in the page's head (app/page-styles.ts). `getTokenCss`, `getGlobalCss` and
// `getPreflightCss` still write them when asked. browser-system.unit.test.ts checks that the system
// draws exactly what Chakra's own does, so a Chakra upgrade that changes createSystem fails there.
import type { SystemConfig, SystemContext } from '@chakra-ui/react';
import { mergeConfigs } from '@chakra-ui/react';
import { createBreakpoints } from '@chakra-internal/styled-system/breakpoints.js';
import { createConditions } from '@chakra-internal/styled-system/conditions.js';
import { createCssFn } from '@chakra-internal/styled-system/css.js';
import { createRecipeFn } from '@chakra-internal/styled-system/cva.js';
import { createLayers } from '@chakra-internal/styled-system/layers.js';
import { createNormalizeFn } from '@chakra-internal/styled-system/normalize.js';
import { createPreflight } from '@chakra-internal/styled-system/preflight.js';
import { createSerializeFn } from '@chakra-internal/styled-system/serialize.js';
import { EMPTY_OBJECT, createEmptyObject } from '@chakra-internal/styled-system/singleton.js';
import { createSlotRecipeFn } from '@chakra-internal/styled-system/sva.js';
import { createUtility } from '@chakra-internal/styled-system/utility.js';
import { compact } from '@chakra-internal/utils/compact.js';
import { mapEntries } from '@chakra-internal/utils/entries.js';
import { flatten } from '@chakra-internal/utils/flatten.js';
import { isObject } from '@chakra-internal/utils/is.js';
import { memo } from '@chakra-internal/utils/memo.js';
import { mergeWith } from '@chakra-internal/utils/merge.js';
import { splitProps } from '@chakra-internal/utils/split-props.js';
import type { TokenDictionary } from './token-dictionary';
// eslint-disable-next-line import-x/no-unresolved -- an alias of the build's (build/chakra-internal.ts), typed in chakra-internal.d.ts
import { isCssProperty } from '@chakra-internal-deps/is-valid-prop';

/* eslint-disable @typescript-eslint/no-explicit-any -- Chakra's own untyped internals, kept as written */
type Dict = Record<string, any>;

const stop = (value: unknown) => isObject(value) && 'value' in value;

const compositionQuery = (dict: Dict) => ({
  list() {
    return Object.keys(flatten(dict, stop));
  },
  search(query: string) {
    return this.list().filter((style) => style.includes(query));
  },
});

const semanticTokenQuery = (tokens: TokenDictionary, categoryKeys: string[], predicate: (value: any, key: string) => boolean) => ({
  categoryKeys,
  list(category: string) {
    const map = tokens.categoryMap.get(category as never);
    const entries: [string, any][] = map ? [...map.entries()] : [];
    return entries.filter(([key, value]) => predicate(value, key)).map(([key]) => key);
  },
  search(category: string, query: string) {
    return this.list(category).filter((style) => style.includes(query));
  },
});

const basicQuery = (dict: Dict) => ({
  list() {
    return Object.keys(dict);
  },
  search(query: string) {
    return this.list().filter((style) => style.includes(query));
  },
});

const getTokenMap = (tokens: TokenDictionary) => {
  const map = new Map<string, { value: string; variable: string }>();
  const names = new Set(tokens.allTokens.map((token) => token.name));
  for (const name of names) {
    const token = tokens.getByName(name);
    if (!token?.extensions.cssVar) continue;
    const { cssVar, virtual, conditions } = token.extensions;
    const isSemantic = !!conditions || virtual;
    map.set(name, { value: isSemantic ? cssVar.ref : token.value, variable: cssVar.ref });
  }
  return map;
};

/** A token dictionary made already, and the theme's categories of tokens it was made of. */
export type MadeTokens = { tokens: TokenDictionary; categoryKeys: { tokens: string[]; semanticTokens: string[] } };

/**
 * Chakra's createSystem, without writing the global styles while it is made (see above). `made`: the
 * token dictionary of these configs, made already (the configs need not carry their tokens then).
 */
export function createBrowserSystem(configs: SystemConfig[], made: MadeTokens): SystemContext {
  const config = mergeConfigs(...configs);
  const { theme = {}, utilities = {}, globalCss = {}, cssVarsRoot = ':where(:root, :host)', preflight } = config;
  const layers = createLayers(config);
  const { tokens } = made;
  const breakpoints = createBreakpoints(theme.breakpoints ?? EMPTY_OBJECT);
  const conditions = createConditions({ conditions: config.conditions ?? EMPTY_OBJECT, breakpoints });
  const utility = createUtility({ config: utilities, tokens } as any);
  const assignComposition = () => {
    const { textStyles, layerStyles, animationStyles } = theme;
    const compositions = compact({ textStyle: textStyles, layerStyle: layerStyles, animationStyle: animationStyles });
    for (const [key, values] of Object.entries(compositions)) {
      const flatValues = flatten((values ?? EMPTY_OBJECT) as Dict, stop);
      utility.register(key, {
        values: Object.keys(flatValues),
        transform(value: string) {
          return css(flatValues[value]);
        },
      } as any);
    }
  };
  assignComposition();
  utility.addPropertyType('animationName', Object.keys(theme.keyframes ?? EMPTY_OBJECT));
  const properties = new Set(['css', ...utility.keys(), ...conditions.keys()]);
  const isValidProperty = memo((prop: string) => properties.has(prop) || isCssProperty(prop));
  const normalizeValue = (value: any) => {
    if (Array.isArray(value)) {
      const result = createEmptyObject();
      for (let index = 0; index < value.length; index++) {
        const current = value[index];
        if (current != null) result[conditions.breakpoints[index] as string] = current;
      }
      return result;
    }
    return value;
  };
  const normalizeFn = createNormalizeFn({ utility, normalize: normalizeValue });
  const serialize = createSerializeFn({ conditions, isValidProperty });
  const css = createCssFn({ transform: utility.transform, conditions, normalize: normalizeFn } as any);
  const cva = createRecipeFn({ css, conditions, normalize: normalizeFn, layers } as any);
  const sva = createSlotRecipeFn({ cva });
  const getTokenCss = () => {
    const result = {};
    for (const [key, values] of tokens.cssVarMap.entries()) {
      const varsObj = Object.fromEntries(values);
      if (Object.keys(varsObj).length === 0) continue;
      const selector = key === 'base' ? cssVarsRoot : conditions.resolve(key);
      const isAtRule = selector.startsWith('@');
      mergeWith(result, css(serialize({ [selector]: isAtRule ? { [cssVarsRoot]: varsObj } : varsObj })));
    }
    return layers.wrap('tokens', result);
  };
  const getGlobalCss = () => {
    const keyframes = mapEntries((theme.keyframes ?? EMPTY_OBJECT) as Dict, (key, value) => [`@keyframes ${key}`, value]);
    return layers.wrap('base', Object.assign({}, keyframes, css(serialize(globalCss))));
  };
  const splitCssProps = (props: Dict) => splitProps(props, isValidProperty);
  const getPreflightCss = () => layers.wrap('reset', createPreflight({ preflight } as any));
  const tokenMap = getTokenMap(tokens);
  const tokenFn = Object.assign((path: string, fallback?: any) => tokenMap.get(path)?.value || fallback, {
    var: (path: string, fallback?: any) => tokenMap.get(path)?.variable || fallback,
  });
  const getRecipe = (key: string, fallback?: any) => (theme.recipes as Dict | undefined)?.[key] ?? fallback;
  const getSlotRecipe = (key: string, fallback?: any) => (theme.slotRecipes as Dict | undefined)?.[key] ?? fallback;
  // a recipe's function is made once, at its first use
  const madeOnce = (make: (key: string, fallback?: any) => any) => {
    const made = new Map<string, any>();
    return (key: string, fallback?: any) => {
      if (!made.has(key)) made.set(key, make(key, fallback));
      return made.get(key);
    };
  };
  const getRecipeFn = madeOnce((key, fallback) => cva(getRecipe(key, fallback ?? EMPTY_OBJECT)));
  const getSlotRecipeFn = madeOnce((key, fallback) => sva(getSlotRecipe(key, fallback ?? EMPTY_OBJECT)));
  const isRecipe = (key: string) => Object.hasOwnProperty.call(theme.recipes ?? EMPTY_OBJECT, key);
  const isSlotRecipe = (key: string) => Object.hasOwnProperty.call(theme.slotRecipes ?? EMPTY_OBJECT, key);
  const hasRecipe = (key: string) => isRecipe(key) || isSlotRecipe(key);
  const query = {
    layerStyles: compositionQuery(theme.layerStyles ?? EMPTY_OBJECT),
    textStyles: compositionQuery(theme.textStyles ?? EMPTY_OBJECT),
    animationStyles: compositionQuery(theme.animationStyles ?? EMPTY_OBJECT),
    tokens: semanticTokenQuery(tokens, made.categoryKeys.tokens, (value, key) => !value.extensions.conditions && !key.includes('colorPalette')),
    semanticTokens: semanticTokenQuery(tokens, made.categoryKeys.semanticTokens, (value) => !!value.extensions.conditions),
    keyframes: basicQuery(theme.keyframes ?? EMPTY_OBJECT),
    breakpoints: basicQuery(theme.breakpoints ?? EMPTY_OBJECT),
  };
  return {
    $$chakra: true,
    _config: config,
    _global: [],
    breakpoints,
    tokens,
    conditions,
    utility,
    token: tokenFn,
    properties,
    layers,
    isValidProperty,
    splitCssProps,
    normalizeValue,
    getTokenCss,
    getGlobalCss,
    getPreflightCss,
    css,
    cva,
    sva,
    getRecipe,
    getSlotRecipe,
    getRecipeFn,
    getSlotRecipeFn,
    hasRecipe,
    isRecipe,
    isSlotRecipe,
    query,
  } as unknown as SystemContext;
}
