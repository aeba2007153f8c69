// @vitest-environment jsdom
// The browser's half: a head as page-styles.unit.test.tsx checks the server writes it.
import { CacheProvider } from '@emotion/react';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';

import { appSystem } from '@/components/ui/system';
import { CLASS_NAMES_ATTRIBUTE, browserCache } from './page-styles';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('page styles, as the browser takes them over', () => {
  it('counts the server’s classes as inserted, moves no tag and writes no rule twice', async () => {
    // what the server drew a gold Box with: its class, found by drawing it once with a fresh cache
    const probe = document.createElement('div');
    const probeRoot = createRoot(probe);
    const system = appSystem({ globals: false });
    await act(async () => probeRoot.render(<ChakraProvider value={system}><Box bg="gold.500" p="4" /></ChakraProvider>));
    const name = /css-(\w+)/.exec(probe.innerHTML)?.[1];
    await act(async () => probeRoot.unmount());
    expect(name).toBeDefined();

    // The server's tags, added to the head (the unit files share one document: nothing else is touched)
    const template = document.createElement('template');
    template.innerHTML =
      `<style data-emotion="css-global abc" data-s="">:root{--x:1}</style>` +
      `<style ${CLASS_NAMES_ATTRIBUTE}="${name} other1" data-s="">.css-${name}{padding:1rem}</style><link rel="modulepreload" href="/assets/x.js">`;
    const served = [...template.content.children];
    document.head.append(...served);
    const before = [...document.head.children];
    const cache = browserCache();
    expect(cache.inserted[name!]).toBe(true);
    expect(cache.inserted.other1).toBe(true);
    expect([...document.head.children]).toEqual(before);
    expect(served.every((node) => node.isConnected)).toBe(true);

    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <CacheProvider value={cache}>
          <ChakraProvider value={system}>
            <Box bg="gold.500" p="4" />
          </ChakraProvider>
        </CacheProvider>,
      ),
    );
    expect(container.innerHTML).toContain(`css-${name}`);
    // the server's tags where they were; the cache's own tag holds no rule for the Box
    expect([...document.head.children].slice(0, before.length)).toEqual(before);
    const written = cache.sheet.tags.flatMap((node) => [...(node.sheet?.cssRules ?? [])].map((rule) => rule.cssText));
    expect(written.filter((rule) => rule.includes(`css-${name}`))).toEqual([]);
    await act(async () => root.unmount());
    for (const node of served) node.remove();
  });
});
