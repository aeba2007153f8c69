// Chakra's token dictionary, made once when the app is built and restored in the browser. Chakra
// makes it from the theme's tokens at every page's start: half of making the system, in one task
// that cannot be split (walking ~500 tokens through its middlewares and transforms, resolving their
// references, building its views). What it makes is plain data, the same for every page and every
// reader: `packTokenDictionary` writes it down at build time (build/token-dictionary-plugin.ts,
// system.ts's packAppTokens), and `unpackTokenDictionary` gives back a dictionary with the same
// tokens, maps and lookups, made from Chakra's own helpers. token-dictionary.unit.test.ts checks the
// restored one against Chakra's, token by token and map by map, so a Chakra upgrade that changes the
// dictionary fails there.
import { cssVar } from '@chakra-internal/styled-system/css-var.js';
import { esc } from '@chakra-internal/styled-system/esc.js';
import { expandTokenReferences } from '@chakra-internal/styled-system/expand-reference.js';
import { mapToJson } from '@chakra-internal/styled-system/map-to-json.js';
import { TOKEN_PATH_REGEX } from '@chakra-internal/styled-system/references.js';
import { addColorPalette } from '@chakra-internal/styled-system/token-transforms.js';
import { toPx } from '@chakra-internal/styled-system/unit-conversion.js';
import type { Token, TokenDictionary } from '@chakra-internal/styled-system/types';
import { memo } from '@chakra-internal/utils/memo.js';

export type { TokenDictionary };

/* eslint-disable @typescript-eslint/no-explicit-any -- Chakra's token extensions are untyped dictionaries */
type Dict = Record<string, any>;

/**
 * A token as written down: its path and value, and of its extensions only those that are not what
 * `derivedExtensions` tells from them (null: it has none where one would be told).
 */
type PackedToken = {
  /** the path, joined by dots where that can be split again */
  path: string | string[];
  value: unknown;
  originalValue?: unknown;
  name?: string;
  ext?: Dict;
};

/** The dictionary as written down at build time: plain JSON. */
export type PackedTokenDictionary = {
  prefix: string;
  tokens: PackedToken[];
  /** allTokens' indices, in the order of the name map; null: all of them, in their order */
  names: number[] | null;
  palettes: [string, [string, unknown][]][];
  /** the theme's categories of tokens and of semantic tokens (what the system's `query` lists) */
  categoryKeys: { tokens: string[]; semanticTokens: string[] };
};

/** The categories whose tokens Chakra gives a pixel value (styled-system/token-middleware.js). */
const PIXEL_CATEGORIES = new Set(['spacing', 'sizes', 'borderWidths', 'fontSizes', 'radii']);

/** The extensions Chakra gives a token of this path and value, told again the way it tells them. */
const derivedExtensions = (path: string[], value: unknown, stored: Dict, prefix: string): Dict => {
  const [category = ''] = path;
  const negative = stored.negative === true;
  const originalPath = stored.originalPath ?? path;
  const derived: Dict = {
    condition: 'base',
    originalPath,
    category,
    prop: path.slice(1).join('.'),
    cssVar: cssVar((negative ? originalPath : path).filter(Boolean).join('-'), { prefix }),
  };
  if (category === 'colors' && !stored.virtual) Object.assign(derived, addColorPalette.transform({ path } as Token, { formatTokenName } as TokenDictionary));
  if (PIXEL_CATEGORIES.has(category) && !negative) derived.pixelValue = toPx(value as string);
  return derived;
};

const formatTokenName = (path: string[]) => path.join('.');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The dictionary Chakra made of a theme's tokens, as JSON (at build time). */
export const packTokenDictionary = ({ tokens: dictionary, categoryKeys }: { tokens: TokenDictionary; categoryKeys: PackedTokenDictionary['categoryKeys'] }): PackedTokenDictionary => {
  const { prefix, allTokens } = dictionary;
  const index = new Map(allTokens.map((token, at) => [token, at]));
  const at = (token: Token) => {
    const found = index.get(token);
    if (found === undefined) throw new Error(`The token ${token.name} is in a view of the dictionary but not in its tokens.`);
    return found;
  };
  const tokens = allTokens.map((token): PackedToken => {
    const { references, ...extensions } = token.extensions;
    // Chakra drops them once it has expanded them; one kept would point at a token of the map as it was then.
    if (references) throw new Error(`The token ${token.name} kept its references: the dictionary cannot be written down as it is.`);
    const ext: Dict = {};
    // what is needed to tell the rest, first
    for (const key of ['negative', 'virtual', 'originalPath'] as const) if (key in extensions) ext[key] = extensions[key];
    const derived = derivedExtensions(token.path, token.value, ext, prefix);
    if (same(ext.originalPath, token.path)) delete ext.originalPath;
    for (const [key, value] of Object.entries(extensions)) if (!(key in derived && same(value, derived[key]))) ext[key] = value;
    for (const key of Object.keys(derived)) if (!(key in extensions)) ext[key] = null;
    const joined = formatTokenName(token.path);
    const packed: PackedToken = { path: same(joined.split('.'), token.path) ? joined : token.path, value: token.value };
    if (Object.keys(ext).length > 0) packed.ext = ext;
    if (!same(token.originalValue, token.value)) packed.originalValue = token.originalValue;
    if (token.name !== formatTokenName(token.path)) packed.name = token.name;
    return packed;
  });
  const names = [...dictionary.tokenMap.values()].map(at);
  return {
    prefix,
    tokens,
    names: names.length === allTokens.length && names.every((value, position) => value === position) ? null : names,
    palettes: [...dictionary.colorPaletteMap].map(([name, vars]) => [name, [...vars]]),
    categoryKeys,
  };
};

/** The dictionary again, from what packTokenDictionary wrote: Chakra's createTokenDictionary's shape and lookups. */
export const unpackTokenDictionary = (packed: PackedTokenDictionary): TokenDictionary => {
  const { prefix } = packed;
  const allTokens: Token[] = packed.tokens.map(({ path: pathWritten, value, ext = {}, ...entry }) => {
    const path = typeof pathWritten === 'string' ? pathWritten.split('.') : pathWritten;
    const extensions = derivedExtensions(path, value, ext, prefix);
    for (const [key, written] of Object.entries(ext)) {
      if (written === null) delete extensions[key];
      else extensions[key] = written;
    }
    return { value, originalValue: 'originalValue' in entry ? entry.originalValue : value, name: entry.name ?? formatTokenName(path), path, extensions } as Token;
  });
  const tokenAt = (at: number): Token => allTokens[at] as Token;
  const tokenMap = new Map(packed.names ? packed.names.map((at) => [tokenAt(at).name, tokenAt(at)]) : allTokens.map((token) => [token.name, token]));
  // Chakra's views of its tokens (styled-system/token-dictionary.js, setupViews), but the colour
  // palettes', which are written down.
  const categoryMap = new Map<string, Map<string, Token>>();
  const cssVarMap = new Map<string, Map<string, unknown>>();
  const flatMap = new Map<string, string>();
  const byCategory = new Map<string, Map<string, string>>();
  for (const token of allTokens) {
    const { category, prop, condition, conditions, negative, virtual, cssVar: variable } = token.extensions;
    if (category) {
      if (!categoryMap.has(category)) categoryMap.set(category, new Map());
      const map = categoryMap.get(category)!;
      if (condition == null || condition === 'base' || (conditions && !map.get(prop))) map.set(prop, token);
    }
    if (!negative && !virtual && condition && variable && token.value !== '') {
      if (!cssVarMap.has(condition)) cssVarMap.set(condition, new Map());
      cssVarMap.get(condition)!.set(variable.var, token.value);
    }
    if (category) {
      if (!byCategory.has(category)) byCategory.set(category, new Map());
      const flat = negative ? (conditions ? token.originalValue : token.value) : variable?.ref;
      byCategory.get(category)!.set(prop, flat);
      flatMap.set([category, prop].join('.'), flat);
    }
  }
  const colorPaletteMap = new Map(packed.palettes.map(([name, vars]) => [name, new Map(vars)]));
  const byCategoryJson: Dict = mapToJson(byCategory);
  const getByName = (name: string) => tokenMap.get(name);
  // Chakra's own lookups (styled-system/token-dictionary.js), over the restored maps.
  const colorMix = (value: string, tokenFn: (path: string) => string | undefined) => {
    if (!value || typeof value !== 'string') return { invalid: true, value };
    const [colorPath, rawOpacity] = value.split('/');
    if (!colorPath || !rawOpacity) return { invalid: true, value: colorPath };
    const colorToken = tokenFn(colorPath);
    const opacityToken = getByName(`opacity.${rawOpacity}`)?.value;
    if (!opacityToken && isNaN(Number(rawOpacity))) return { invalid: true, value: colorPath };
    const percent = opacityToken ? Number(opacityToken) * 100 + '%' : `${rawOpacity}%`;
    const color = colorToken ?? colorPath;
    return { invalid: false, color, value: `color-mix(in srgb, ${color} ${percent}, transparent)` };
  };
  const getVar = memo((value: string, fallback?: string) => flatMap.get(value) ?? fallback);
  const getCategoryValues = memo((category: string) => byCategoryJson[category] || null);
  const expandReferenceInValue = memo((value: string) =>
    expandTokenReferences(value, (path: string) => {
      if (!path) return;
      if (path.includes('/')) {
        const mix = colorMix(path, (v) => getVar(v));
        if (mix.invalid) throw new Error('Invalid color mix at ' + path + ': ' + mix.value);
        return mix.value;
      }
      const resolved = getVar(path);
      if (resolved) return resolved;
      return TOKEN_PATH_REGEX.test(path) ? esc(path) : path;
    }),
  );
  return {
    prefix,
    allTokens,
    tokenMap,
    registerToken(token: Token) {
      // Made whole at build time: a token added now would be in none of the views.
      throw new Error(`The token dictionary is made at build time; ${token.name} cannot be added to it.`);
    },
    getByName,
    formatTokenName,
    formatCssVar: (path: string[], prefixOf: string) => cssVar(path.join('-'), { prefix: prefixOf }),
    flatMap,
    cssVarMap,
    categoryMap,
    colorPaletteMap,
    getVar,
    getCategoryValues,
    expandReferenceInValue,
  } as TokenDictionary;
};
