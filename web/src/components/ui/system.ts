import { type SystemConfig, createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { BREAKPOINTS } from '@le/contracts';

import { createTokenDictionary } from '@chakra-internal/styled-system/token-dictionary.js';

import { type MadeTokens, createBrowserSystem } from './browser-system';
import { type PackedTokenDictionary, packTokenDictionary } from './token-dictionary';

/**
 * Waiting, grace and "ends soon" are warnings, amber (the `amber` palette below); Chakra's own warning
 * is orange, a dark red in the dark mode, read as one more error. Errors stay red, notices blue.
 */
const alertRecipe = {
  ...alertSlotRecipe,
  variants: { ...alertSlotRecipe.variants, status: { ...alertSlotRecipe.variants?.status, warning: { root: { colorPalette: 'amber' } } } },
};
const toastRecipe = {
  ...toastSlotRecipe,
  base: { ...toastSlotRecipe.base, root: { ...toastSlotRecipe.base?.root, '&[data-type=warning]': { bg: 'amber.solid', color: 'amber.contrast', '--toast-trigger-bg': '{black/10}', '--toast-border-color': '{black/40}' } } },
};

/**
 * Whether the tokens are made into a dictionary here: on the server, in the tests, and at build time
 * (build/token-dictionary-plugin.ts runs this module as the server does). The browser takes the
 * dictionary made at build time (token-dictionary.ts), and its build leaves out the tokens and
 * Chakra's code that makes a dictionary of them (about 5 KB of the start).
 */
const TOKENS_MADE_HERE = import.meta.env.SSR || import.meta.env.MODE === 'test';

/**
 * Chakra's default theme without its ~80 component recipes: only the recipes below ship with every
 * page (the full set costs ~20 KB gzipped on every page). Using a Chakra component whose recipe is not
 * listed renders it unstyled — add its recipe here (names as in '@chakra-ui/react/theme').
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    ...(TOKENS_MADE_HERE ? { tokens, semanticTokens } : {}),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      toast: toastRecipe,
    },
  },
});

/**
 * A touch screen's media query. It names a width that every screen has (min-width: 0px): Chakra
 * orders a style's media queries, and two without a width (this and its own `(hover: hover)`) it
 * orders with String#localeCompare, whose first call in a page loads the browser's collation data:
 * 35–70 ms of a slowed phone's start (4× CPU), in the first render of a Button. With a width, the
 * order is decided without it.
 */
export const COARSE_POINTER = '@media (pointer: coarse) and (min-width: 0px)';

/** Our tokens: the brand's gold, the warnings' amber, the fonts, and the semantic tokens made ours. */
const OUR_TOKENS = {
  tokens: {
    colors: {
      gold: {
        50: { value: '#fdf8e6' },
        100: { value: '#faefc2' },
        200: { value: '#f5df85' },
        300: { value: '#f0cc4d' },
        400: { value: '#e6b82a' },
        500: { value: '#d4a017' },
        600: { value: '#b8860b' },
        700: { value: '#8f6708' },
        800: { value: '#664906' },
        900: { value: '#3d2c04' },
        950: { value: '#261b02' },
      },
      // The warnings' palette (Tailwind's amber to 600; 700 to 950 kept yellow-brown, where Chakra's orange
      // turns red): a warning's fill sits ≥ 30° of hue from an error's (system.unit.test.ts).
      amber: {
        50: { value: '#fffbeb' },
        100: { value: '#fef3c7' },
        200: { value: '#fde68a' },
        300: { value: '#fcd34d' },
        400: { value: '#fbbf24' },
        500: { value: '#f59e0b' },
        600: { value: '#d97706' },
        700: { value: '#a16207' },
        800: { value: '#7a5206' },
        900: { value: '#4d3206' },
        950: { value: '#2b1d04' },
      },
    },
    fonts: {
      heading: { value: `'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif` },
      body: { value: `'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif` },
      brand: { value: `Georgia, 'Times New Roman', serif` },
    },
  },
  semanticTokens: {
    colors: {
      gold: {
        solid: { value: '{colors.gold.400}' },
        contrast: { value: '#17130a' },
        // gold text: gold.300 on the dark panels (≥ 9:1), gold.800 on light ones
        fg: { value: { _light: '{colors.gold.800}', _dark: '{colors.gold.300}' } },
        muted: { value: { _light: '{colors.gold.200}', _dark: '{colors.gold.800}' } },
        subtle: { value: { _light: '{colors.gold.100}', _dark: '{colors.gold.950}' } },
        emphasized: { value: '{colors.gold.700}' },
        focusRing: { value: '{colors.gold.400}' },
      },
      amber: {
        solid: { value: { _light: '{colors.amber.500}', _dark: '{colors.amber.400}' } },
        contrast: { value: '#1c1403' },
        fg: { value: { _light: '{colors.amber.800}', _dark: '{colors.amber.300}' } },
        muted: { value: { _light: '{colors.amber.200}', _dark: '{colors.amber.900}' } },
        subtle: { value: { _light: '{colors.amber.50}', _dark: '{colors.amber.950}' } },
        emphasized: { value: { _light: '{colors.amber.300}', _dark: '{colors.amber.800}' } },
        focusRing: { value: '{colors.amber.500}' },
        border: { value: { _light: '{colors.amber.600}', _dark: '{colors.amber.400}' } },
      },
      bg: {
        DEFAULT: { value: { _light: '{colors.white}', _dark: '#0b0d12' } },
        subtle: { value: { _light: '{colors.gray.50}', _dark: '#11131a' } },
        muted: { value: { _light: '{colors.gray.100}', _dark: '#181b24' } },
        emphasized: { value: { _light: '{colors.gray.200}', _dark: '#222633' } },
        panel: { value: { _light: '{colors.white}', _dark: '#141720' } },
        // Chakra's own bg.warning is orange.950, a dark red: made amber (the Alert's warning fill) for a
        // warning drawn without the Alert (the chat's notices and connection banner).
        warning: { value: '{colors.amber.subtle}' },
      },
      fg: {
        // Chakra's fg.subtle (gray.400 light, gray.500 #71717a dark) is 2.0–4.0:1 on our panels. These
        // keep ≥ 4.5:1 (WCAG AA body text) on every bg token of their mode, bg.emphasized included
        // (system.unit.test.ts), and stay a step quieter than fg.muted.
        subtle: { value: { _light: '#5f5f68', _dark: '#8e8e98' } },
        // Chakra's light status greys out at 2.6–4.1:1; the dark values are Chakra's own.
        error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        warning: { value: '{colors.amber.fg}' },
        success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        info: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.300}' } },
      },
      // Solid fills with white text (a solid Badge or Button): Chakra's 600s give 3.3–3.7:1; the
      // 700s give ≥ 5:1 (system.unit.test.ts checks every palette's pairs).
      green: { solid: { value: '{colors.green.700}' } },
      teal: { solid: { value: '{colors.teal.700}' } },
      cyan: { solid: { value: '{colors.cyan.700}' } },
      orange: { solid: { value: '{colors.orange.700}' }, contrast: { value: '{colors.white}' } },
      border: {
        DEFAULT: { value: { _light: '{colors.gray.200}', _dark: '#262b38' } },
        warning: { value: '{colors.amber.muted}' },
        muted: { value: { _light: '{colors.gray.100}', _dark: '#1d212c' } },
      },
    },
  },
};

/** Brand theme: always dark (the document's class="dark"), gold accent for the "Lukis Emas" brand. */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', minHeight: '100%' },
    body: { overflowX: 'hidden' },
    '::selection': { bg: 'gold.500/40' },
    // Every focusable thing shows where the keyboard is. Chakra's recipes draw their own ring (later
    // layer, so theirs wins); this is for the rest: plain links, a chart's svg, custom controls.
    ':focus-visible': { outline: '2px solid', outlineColor: 'gold.focusRing', outlineOffset: '2px' },
    // Chakra Charts' Chart.Root removes every outline inside a chart (`& * { outline: none }`, unlayered),
    // yet the chart's svg takes the keyboard's focus (recharts' accessibility layer): its ring comes back.
    '.recharts-surface:focus-visible': { outline: '2px solid {colors.gold.focusRing} !important', outlineOffset: '2px' },
  },
  theme: {
    recipes: {
      // A finger needs 40 px: on a touch screen every button, icon buttons included, is at
      // least that, whatever its size variant (2xs is 24 px, xs 32, sm 36). Mouse layouts keep theirs.
      button: { base: { [COARSE_POINTER]: { minW: '10', minH: '10' } } },
    },
    // Spec §9 layout breakpoints; Chakra calls xxl "2xl".
    breakpoints: {
      sm: `${BREAKPOINTS.sm}px`,
      md: `${BREAKPOINTS.md}px`,
      lg: `${BREAKPOINTS.lg}px`,
      xl: `${BREAKPOINTS.xl}px`,
      '2xl': `${BREAKPOINTS.xxl}px`,
    },
    ...(TOKENS_MADE_HERE ? OUR_TOKENS : {}),
  },
});

/** The theme as written, both colour modes and every palette (system.unit.test.ts checks its contrast in both). */
export const THEME_CONFIGS = [chakraTheme, config] as const;

/** Chakra's palettes that no screen draws with (system.unit.test.ts lists the ones the code names). */
export const UNUSED_PALETTES: readonly string[] = ['orange', 'cyan', 'pink'];

type TokenTree = { [key: string]: unknown };
const isTree = (value: unknown): value is TokenTree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A semantic token tree with each `{ _light, _dark }` value replaced by its dark one. */
const darkValues = (tree: TokenTree): TokenTree =>
  Object.fromEntries(
    Object.entries(tree).map(([key, node]) => {
      if (!isTree(node)) return [key, node];
      if (!('value' in node)) return [key, darkValues(node)];
      const { value } = node;
      return [key, isTree(value) && '_dark' in value ? { ...node, value: value._dark } : node];
    }),
  );

const withoutUnused = (colors: unknown): TokenTree | undefined =>
  isTree(colors) ? Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.includes(name))) : undefined;

/**
 * A theme as the app draws it: always dark (html class "dark"), so every semantic token is its dark
 * value under :root, written once, and the unused palettes left out. The system is made on every
 * page's start and writes a CSS variable per token into every page's head: this takes a third of the
 * tokens, a third of the making, and 8 KB of each page. Without `globals`, the reset and the global
 * styles are left out too (the browser's system: the server already wrote them into the head).
 */
const asDrawn = (theme: typeof chakraTheme, globals: boolean): typeof chakraTheme => {
  const { tokens, semanticTokens } = theme.theme ?? {};
  const { globalCss, ...rest } = theme;
  return {
    ...rest,
    ...(globals ? { globalCss } : { preflight: false }),
    theme: {
      ...theme.theme,
      tokens: tokens && { ...tokens, colors: withoutUnused(tokens.colors) },
      semanticTokens: semanticTokens && darkValues({ ...semanticTokens, colors: withoutUnused(semanticTokens.colors) }),
    },
  } as typeof chakraTheme;
};

export type AppSystem = ReturnType<typeof createSystem>;

const made = new Map<boolean, AppSystem>();

/**
 * Chakra's own createSystem makes the server's system (it writes the global styles for the head). Only
 * the server and the tests make that one: in the browser's build this is undefined, and Chakra's
 * createSystem is left out of it.
 */
const createServerSystem = TOKENS_MADE_HERE ? createSystem : undefined;

/** The configs the app's system is made of: Chakra's base and the theme as drawn (asDrawn). */
export const systemConfigs = (globals: boolean) => [defaultBaseConfig, ...THEME_CONFIGS.map((theme) => asDrawn(theme, globals))];

/** Chakra's token dictionary of these configs, made from their tokens as Chakra's createSystem makes it. */
export const makeTokens = (configs: SystemConfig[]): MadeTokens => {
  if (!TOKENS_MADE_HERE) throw new Error("The browser's build has no tokens to make a dictionary of: it reads the one made at build time.");
  const { theme = {}, cssVarsPrefix } = mergeConfigs(...configs);
  if (!theme.tokens) throw new Error('The theme has no tokens.');
  return {
    tokens: createTokenDictionary({ breakpoints: theme.breakpoints, tokens: theme.tokens, semanticTokens: theme.semanticTokens, prefix: cssVarsPrefix } as never),
    categoryKeys: { tokens: Object.keys(theme.tokens), semanticTokens: Object.keys(theme.semanticTokens ?? {}) },
  };
};

/**
 * Chakra's token dictionary of the browser's system, as JSON: made at build time
 * (build/token-dictionary-plugin.ts), and read back by the browser instead of making it at its start.
 */
export const packAppTokens = (): PackedTokenDictionary => packTokenDictionary(makeTokens(systemConfigs(false)));

/**
 * The app's Chakra system, made once, on first use (the browser's while hydration begins, in a task
 * of its own rather than inside the evaluation of every module of the page). One merge of the three
 * (createSystem merges what it is given): merging the first two apart first cloned and walked every
 * token twice.
 *
 * The server's (`globals`) writes the reset, the global styles and the tokens' CSS variables into each
 * page's head. The browser's leaves the first two out of its making, and gives ChakraProvider none of
 * its globals (`_global`, and the layers' order, which ChakraProvider leaves out under `disableLayers`;
 * the styles keep their layers, which the system wraps them in by the config it was made with): they
 * are in the head already (app/page-styles.ts). It is made by createBrowserSystem, Chakra's
 * createSystem without writing those globals while it is made (a third of the making), from `tokens`:
 * in the browser, the token dictionary of `systemConfigs(false)` made at build time (token-dictionary.ts;
 * half of what was left of the making), read back only when the system is made.
 */
export const appSystem = ({ globals, tokens }: { globals: boolean; tokens?: () => MadeTokens }): AppSystem => {
  let system = made.get(globals);
  if (system === undefined) {
    if (globals) {
      if (!createServerSystem) throw new Error('The system with the global styles is made on the server.');
      system = createServerSystem(...systemConfigs(true));
    } else {
      const configs = systemConfigs(false);
      const created = createBrowserSystem(configs, tokens ? tokens() : makeTokens(configs));
      system = { ...created, _config: { ...created._config, disableLayers: true } };
    }
    made.set(globals, system);
  }
  return system;
};
