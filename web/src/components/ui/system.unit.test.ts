import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { THEME_CONFIGS, UNUSED_PALETTES, appSystem } from './system';
import { ENDED_TIER_BADGE_STYLE, OTHER_PAYMENT_STATUS_PALETTE, PAYMENT_STATUS_PALETTES, TIER_BADGE_STYLES } from './tier-badge';

/**
 * Text contrast is a property of the theme's tokens, so it is checked here, once, for every
 * background a text token is drawn on: at least 4.5:1 (WCAG 2.1 AA for body text) in both colour
 * modes. The app runs dark (root.tsx's class "dark"; its system keeps the
 * dark values only, checked below); the light values are kept true all the same.
 */
type Mode = '_light' | '_dark';

/** The theme as written, both modes (the app's system keeps the dark one only: checked below). */
const system = createSystem(defaultBaseConfig, ...THEME_CONFIGS);

/** A token's value in a mode, references ({colors.gray.600}) followed to a hex colour. */
const colour = (name: string, mode: Mode, of: { tokens: typeof system.tokens } = system): string => {
  const token = of.tokens.getByName(`colors.${name}`);
  if (!token) throw new Error(`no colour token ${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const raw = String(conditions?.[mode] ?? conditions?.base ?? token.value);
  const reference = /^\{colors\.(.+)\}$/.exec(raw);
  if (reference) return colour(reference[1]!, mode, of);
  return ({ white: '#ffffff', black: '#000000' } as Record<string, string>)[raw] ?? raw;
};

const luminance = (hex: string): number => {
  const [r, g, b] = (/^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '')
    .match(/../g)!
    .map((pair) => parseInt(pair, 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** The hue of a colour in degrees (0 red, 40 amber, 220 blue). */
const hue = (hex: string): number => {
  const [r, g, b] = (/^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '').match(/../g)!.map((pair) => parseInt(pair, 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
};

const hueDistance = (a: number, b: number): number => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

const BACKGROUNDS = ['bg', 'bg.subtle', 'bg.muted', 'bg.emphasized', 'bg.panel'];
const PALETTES = ['gray', 'red', 'orange', 'amber', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink', 'gold'];
const TEXT = ['fg', 'fg.muted', 'fg.subtle', 'fg.error', 'fg.warning', 'fg.success', 'fg.info', 'gold.fg'];

describe('theme contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // zinc 500 on the card panel: 3.83:1, under 4.5
    expect(contrast('#71717a', '#11131a')).toBeCloseTo(3.84, 2);
  });

  // What a Badge, a Button or an Alert draws with a colour palette: contrast text on solid, fg text on
  // subtle, muted and the page's backgrounds (the subtle, surface and outline variants).
  it.each(['_dark', '_light'] as Mode[])('every colour palette keeps its text at least 4.5:1 on its own fills (%s)', (mode) => {
    const low = PALETTES.flatMap((palette) =>
      [
        [`${palette}.contrast`, `${palette}.solid`],
        [`${palette}.fg`, `${palette}.subtle`],
        [`${palette}.fg`, `${palette}.muted`],
        ...BACKGROUNDS.map((bg) => [`${palette}.fg`, bg]),
      ].map(([text, bg]) => ({ text, bg, ratio: Number(contrast(colour(text!, mode), colour(bg!, mode)).toFixed(2)) })),
    ).filter(({ ratio }) => ratio < 4.5);
    expect(low).toEqual([]);
  });

  it.each(['_dark', '_light'] as Mode[])('every text token is at least 4.5:1 on every background (%s)', (mode) => {
    const low = TEXT.flatMap((text) =>
      BACKGROUNDS.map((bg) => ({ text, bg, ratio: Number(contrast(colour(text, mode), colour(bg, mode)).toFixed(2)) })),
    ).filter(({ ratio }) => ratio < 4.5);
    expect(low).toEqual([]);
  });

  // A waiting or grace notice must not look like an error: Chakra's orange is a dark red in the
  // dark mode (its subtle fill 13° of hue from red's). Notice, warning and error are told apart by colour.
  it('an Alert is blue for a notice, amber for a warning, red for an error', () => {
    const status = system.getSlotRecipe('alert').variants?.status as Record<string, { root?: { colorPalette?: string } }>;
    expect(status.info?.root?.colorPalette).toBe('blue');
    expect(status.warning?.root?.colorPalette).toBe('amber');
    expect(status.error?.root?.colorPalette).toBe('red');
  });

  it.each(['_dark', '_light'] as Mode[])('the notice, warning and error fills and texts sit at least 30° of hue apart (%s)', (mode) => {
    for (const part of ['subtle', 'fg', 'solid']) {
      const [info, warning, error] = ['blue', 'amber', 'red'].map((palette) => hue(colour(`${palette}.${part}`, mode)));
      expect(hueDistance(warning!, error!), `${part}: warning ${warning!.toFixed(0)}° vs error ${error!.toFixed(0)}°`).toBeGreaterThanOrEqual(30);
      expect(hueDistance(info!, warning!), `${part}: info vs warning`).toBeGreaterThanOrEqual(30);
      expect(hueDistance(info!, error!), `${part}: info vs error`).toBeGreaterThanOrEqual(30);
    }
    // a banner's own fill and text (bg.warning, fg.warning) are the Alert's
    expect(colour('bg.warning', mode)).toBe(colour('amber.subtle', mode));
    expect(colour('fg.warning', mode)).toBe(colour('amber.fg', mode));
  });

  // Banners drawn without the Alert (the chat's notices, its connection banner): their text and the gold
  // link inside them on their own fills.
  it.each(['_dark', '_light'] as Mode[])('a banner’s text and its link keep 4.5:1 on the banner’s fill (%s)', (mode) => {
    const low = ['info', 'warning', 'error', 'success'].flatMap((status) =>
      [`fg.${status}`, 'gold.fg']
        .map((text) => ({ text, bg: `bg.${status}`, ratio: Number(contrast(colour(text, mode), colour(`bg.${status}`, mode)).toFixed(2)) }))
        .filter(({ ratio }) => ratio < 4.5),
    );
    expect(low).toEqual([]);
  });

  // The tier badges draw fixed fills (components/ui/tier-badge): their text too is ≥ 4.5:1, at both ends of a gradient.
  it.each(['_dark', '_light'] as Mode[])('every tier badge keeps its text at least 4.5:1 on its fill (%s)', (mode) => {
    const low = Object.entries(TIER_BADGE_STYLES).flatMap(([tier, style]) => {
      const fills = 'bg' in style ? [style.bg] : [style.gradientFrom, style.gradientTo];
      return fills
        .map((fill) => ({ tier, fill, ratio: Number(contrast(colour(style.color, mode), colour(fill, mode)).toFixed(2)) }))
        .filter(({ ratio }) => ratio < 4.5);
    });
    expect(low).toEqual([]);
  });

  // An ended tier's badge has no fill (an expired member's menu): its text is drawn on what is behind it.
  it.each(['_dark', '_light'] as Mode[])("an ended tier badge's text is at least 4.5:1 on every background (%s)", (mode) => {
    expect(ENDED_TIER_BADGE_STYLE.bg).toBe('transparent');
    const low = BACKGROUNDS.map((bg) => ({ bg, ratio: Number(contrast(colour(ENDED_TIER_BADGE_STYLE.color, mode), colour(bg, mode)).toFixed(2)) })).filter(
      ({ ratio }) => ratio < 4.5,
    );
    expect(low).toEqual([]);
  });

  // The payment status badges are solid (components/ui/tier-badge PaymentStatusBadge): contrast text on the solid fill.
  it.each(['_dark', '_light'] as Mode[])('every payment status badge keeps its text at least 4.5:1 on its fill (%s)', (mode) => {
    const low = [...Object.values(PAYMENT_STATUS_PALETTES), OTHER_PAYMENT_STATUS_PALETTE]
      .map((palette) => ({ palette, ratio: Number(contrast(colour(`${palette}.contrast`, mode), colour(`${palette}.solid`, mode)).toFixed(2)) }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(low).toEqual([]);
  });
});

/** The system the app draws with is the theme's dark side, without the palettes no screen uses. */
describe('the drawn system', () => {
  const drawn = appSystem({ globals: true });
  const SRC = fileURLToPath(new URL('../..', import.meta.url));
  const colourTokens = (of: typeof system) => of.tokens.allTokens.filter((token) => token.extensions.category === 'colors' && !token.name.includes('colorPalette'));

  it('gives every colour token its dark value', () => {
    const tokens = colourTokens(drawn);
    expect(tokens.length).toBeGreaterThan(200);
    const differing = tokens
      .map((token) => ({ name: token.name.replace(/^colors\./, '') }))
      .map(({ name }) => ({ name, drawn: colour(name, '_dark', drawn), written: colour(name, '_dark') }))
      .filter(({ drawn: value, written }) => value !== written);
    expect(differing).toEqual([]);
    // no token of the drawn system depends on a mode: every CSS variable is written once, under :root
    expect([...drawn.tokens.cssVarMap.keys()]).toEqual(['base']);
    expect([...system.tokens.cssVarMap.keys()]).toEqual(['base', '_light', '_dark']);
  });

  it('keeps every palette but the unused ones', () => {
    const palettes = (of: typeof system) => new Set(colourTokens(of).map((token) => token.name.split('.')[1]));
    const written = palettes(system);
    const kept = palettes(drawn);
    for (const palette of UNUSED_PALETTES) {
      expect(written.has(palette), palette).toBe(true);
      expect(kept.has(palette), palette).toBe(false);
    }
    expect([...written].filter((palette) => !kept.has(palette)).sort()).toEqual([...UNUSED_PALETTES].sort());
  });

  it('is made once; the browser’s leaves out the globals the server wrote into the head', () => {
    expect(appSystem({ globals: true })).toBe(drawn);
    const browser = appSystem({ globals: false });
    expect(appSystem({ globals: false })).toBe(browser);
    expect(drawn.getGlobalCss()).not.toEqual({});
    expect(drawn.getPreflightCss()).not.toEqual({});
    expect(browser.getGlobalCss()['@layer base']).not.toHaveProperty('html, body');
    expect(browser.getPreflightCss()).toEqual({ '@layer reset': {} });
    // what both draw with is the same
    expect(browser.css({ bg: 'gold.500', color: 'fg.muted', p: '4' })).toEqual(drawn.css({ bg: 'gold.500', color: 'fg.muted', p: '4' }));
    expect(browser.getTokenCss()).toEqual(drawn.getTokenCss());
    // and gives the provider none of its globals: the head has them
    expect(browser._global).toEqual([]);
    expect(browser._config.disableLayers).toBe(true);
    expect(drawn._global.length).toBeGreaterThan(0);
  });

  it('no component names an unused palette', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('system.ts'),
    );
    const named = new RegExp(`['"\`{](${UNUSED_PALETTES.join('|')})(\\.|['"\`/])`);
    const uses = files.flatMap((file) =>
      readFileSync(join(SRC, file), 'utf8')
        .split('\n')
        .map((line, index) => ({ at: `${file}:${index + 1}`, line: line.trim() }))
        .filter(({ line }) => named.test(line)),
    );
    expect(uses).toEqual([]);
  });
});

/**
 * Chakra's orange is a dark red in the dark mode: a warning drawn with it reads as one more error.
 * Warnings use the warning tokens (fg/bg/border.warning, the amber palette, the Alert's warning).
 */
describe('no orange in the screens', () => {
  const SRC = fileURLToPath(new URL('../..', import.meta.url));
  it('no component draws an orange colour or palette', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('system.ts'),
    );
    expect(files.length).toBeGreaterThan(50);
    const uses = files.flatMap((file) =>
      readFileSync(join(SRC, file), 'utf8')
        .split('\n')
        .map((line, index) => ({ at: `${file}:${index + 1}`, line: line.trim() }))
        .filter(({ line }) => /['"`{]orange(\.|['"`/])/.test(line)),
    );
    expect(uses).toEqual([]);
  });
});
