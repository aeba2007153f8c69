// @vitest-environment node
// The server's half (emotion takes its server path only where there is no document).
import { CacheProvider } from '@emotion/react';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { appSystem } from '@/components/ui/system';
import { CLASS_NAMES_ATTRIBUTE, serverCache, stylesOf } from './page-styles';

describe('page styles, as the server writes them', () => {
  it('the globals, then every class in one tag that names them, each tag marked as placed', () => {
    const cache = serverCache();
    const body = renderToString(
      <CacheProvider value={cache}>
        <ChakraProvider value={appSystem({ globals: true })}>
          <Box bg="gold.500" p="4">
            Gold
          </Box>
        </ChakraProvider>
      </CacheProvider>,
    );
    const head = stylesOf(cache, 'n0nce');
    const className = /class="css-([^" ]+)"/.exec(body)?.[1];
    expect(className).toBeDefined();
    const tags = [...head.matchAll(/<style([^>]*)>([^<]*)<\/style>/g)].map(([, attributes, rules]) => ({ attributes: attributes!, rules: rules! }));
    const classes = tags.at(-1)!;
    const names = new RegExp(`${CLASS_NAMES_ATTRIBUTE}="([^"]*)"`).exec(classes.attributes)?.[1]?.split(' ');
    expect(names).toContain(className);
    expect(classes.rules).toContain(`.css-${className}{`);
    // the reset, the globals and the tokens' variables come first, in emotion's global tags
    const globals = tags.slice(0, -1);
    expect(globals.length).toBeGreaterThanOrEqual(2);
    expect(globals.every(({ attributes }) => /data-emotion="css-global \w+"/.test(attributes))).toBe(true);
    expect(globals.map(({ rules }) => rules).join('')).toContain('--chakra-colors-gold-500');
    for (const { attributes } of tags) {
      expect(attributes).toContain('data-s=""');
      expect(attributes).toContain('nonce="n0nce"');
    }
  });
});
