import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where `@chakra-internal/…` and `@chakra-internal-deps/is-valid-prop` point (src/components/ui/browser-system.ts):
 * Chakra's own ES modules and the copy of @pandacss/is-valid-prop that Chakra itself imports, so that
 * the browser's system is made from the very modules the rest of Chakra uses (one copy of each in
 * the build), none of them changed. Chakra's `exports` do not list them, hence the aliases.
 */
export const chakraInternalAliases = (): Record<string, string> => {
  const chakraPackage = createRequire(import.meta.url).resolve('@chakra-ui/react/package.json');
  const validProp = createRequire(chakraPackage).resolve('@pandacss/is-valid-prop/package.json');
  return {
    // its ES module, as its `exports` give it to an import (createRequire resolves the CommonJS one)
    '@chakra-internal-deps/is-valid-prop': path.join(path.dirname(validProp), 'dist/index.mjs'),
    '@chakra-internal': path.join(path.dirname(chakraPackage), 'dist/esm'),
  };
};
