import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { runnerImport } from 'vite';
import type * as System from '../src/components/ui/system.ts';
import { webAliases } from './aliases.ts';

/** The module the browser's system takes its token dictionary from (src/components/ui/token-dictionary.ts). */
const TOKEN_DICTIONARY_MODULE = 'virtual:le-token-dictionary';
const RESOLVED = `\0${TOKEN_DICTIONARY_MODULE}`;

/**
 * `virtual:le-token-dictionary`: the app's Chakra token dictionary, made here in Node from the theme
 * as the browser would make it (`packAppTokens` of src/components/ui/system.ts, loaded through Vite's
 * module runner with the app's aliases) and written down as JSON (parsed at once: JSON.parse reads a
 * large literal faster than JavaScript does). Made once a build; a dev server makes it again when it restarts. The
 * server's build gets null: the server makes its own system, with the global styles.
 */
export const tokenDictionaryPlugin = (): Plugin => {
  let source: Promise<string> | undefined;
  const make = async () => {
    const { module } = await runnerImport<typeof System>(fileURLToPath(new URL('../src/components/ui/system.ts', import.meta.url)), {
      configFile: false,
      logLevel: 'error',
      resolve: { alias: webAliases() },
    });
    const packed = module.packAppTokens();
    if (packed.tokens.length === 0) throw new Error('The token dictionary made for the browser has no tokens.');
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(packed))});\n`;
  };
  return {
    name: 'le-token-dictionary',
    resolveId: (id) => (id === TOKEN_DICTIONARY_MODULE ? RESOLVED : undefined),
    load(id, options) {
      if (id !== RESOLVED) return undefined;
      if (options?.ssr) return 'export default null;\n';
      // a failed making is not kept: the next load tries again
      source ??= make().catch((error: unknown) => {
        source = undefined;
        throw error;
      });
      return source;
    },
  };
};
