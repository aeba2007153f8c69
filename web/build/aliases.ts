import { fileURLToPath } from 'node:url';
import { chakraInternalAliases } from './chakra-internal.ts';

/**
 * The web app's aliases, for its build (vite.config.ts), its unit tests (vitest.config.ts) and the
 * build-time token dictionary (token-dictionary-plugin.ts): `@/lib/...` is `web/src/lib/...` (as in
 * web/tsconfig.json), and Chakra's own modules (chakra-internal.ts).
 */
export const webAliases = (): Record<string, string> => ({ '@': fileURLToPath(new URL('../src', import.meta.url)), ...chakraInternalAliases() });
