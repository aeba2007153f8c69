// One lint setup for the workspace. The import zones keep the layers pointing one way:
// web: shared (components, lib, config, hooks, stores, utils) -> features -> app; features never
// import each other. packages/contracts imports no workspace; api, realtime and web meet only there.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The features whose screens hold the socket (their chunks carry the realtime client; socket.io-client is a chunk of its own). */
const REALTIME_FEATURES = ['chat', 'signals', 'moderation'];
// Every folder of web/src/features is a feature: a new one is under the rules from its first file.
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.e2e-artifacts/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    // Without a resolver import-x cannot follow an extensionless relative import and skips it
    // silently: every path rule below would pass anything.
    settings: {
      // import-x reads only .js files into its module graph unless told: no-cycle saw nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.json', '*/tsconfig.json', 'packages/*/tsconfig.json', 'bench/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      // An import the resolver cannot follow would slip past every rule here: it is an error.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // contracts and the environment reader stand alone; the web app reads no process environment
            { target: './packages/contracts', from: ['./api', './web', './realtime-server', './packages/chat-core', './packages/signal-core', './packages/event-kit', './packages/config'] },
            { target: './packages/config', from: ['./api', './web', './realtime-server', './packages/chat-core', './packages/signal-core', './packages/contracts'] },
            { target: './web', from: './packages/config' },
            // the event-sourced cores are pure: contracts and the event kit only, and neither knows the other
            { target: './packages/event-kit', from: ['./api', './web', './realtime-server', './packages/testing', './packages/config', './packages/contracts', './packages/chat-core', './packages/signal-core'] },
            { target: './packages/chat-core', from: ['./api', './web', './realtime-server', './packages/testing', './packages/config', './packages/signal-core'] },
            { target: './packages/signal-core', from: ['./api', './web', './realtime-server', './packages/testing', './packages/config', './packages/chat-core'] },
            // the web app has no use for the event kit (its errors reach it as JSON)
            { target: './web', from: './packages/event-kit' },
            // the realtime server never reaches into the API or the web app, and back
            { target: './realtime-server', from: ['./api', './web'] },
            { target: './api', from: ['./web'] },
            { target: './web', from: ['./api', './realtime-server', './packages/contracts/src/schemas.ts', './packages/contracts/src/schemas'] },
            // web layers: shared code imports neither features nor app
            {
              target: ['./web/src/components', './web/src/lib', './web/src/config', './web/src/hooks', './web/src/stores'],
              from: ['./web/src/features', './web/src/app'],
            },
            { target: './web/src/features', from: './web/src/app' },
            // features never import each other
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
            })),
            // the socket belongs to the realtime features' chunks only, never to every page's start
            {
              target: [
                ...webFeatures.filter((feature) => !REALTIME_FEATURES.includes(feature)).map((feature) => `./web/src/features/${feature}`),
                './web/src/app',
                './web/src/components',
                './web/src/config',
                './web/src/hooks',
                './web/src/stores',
              ],
              from: './web/src/lib/realtime-client.ts',
              message: 'The realtime client ships with the realtime features only: import it from features/chat, signals or moderation.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@le/contracts/schemas', message: 'TypeBox stays out of the web bundle: import types from @le/contracts.' },
            { name: 'socket.io-client', message: 'Only lib/realtime-client.ts speaks Socket.IO (it fetches socket.io-client as a chunk of its own).' },
          ],
          patterns: [{ group: ['../*'], message: 'Leave the folder through the @/ alias (@/lib/..., @/features/...).' }],
        },
      ],
    },
  },
  {
    // The one module that may load socket.io-client, and its own tests.
    files: ['web/src/lib/realtime-client.ts', 'web/src/lib/realtime-*.unit.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@le/contracts/schemas', message: 'TypeBox stays out of the web bundle: import types from @le/contracts.' }],
          patterns: [{ group: ['../*'], message: 'Leave the folder through the @/ alias (@/lib/..., @/features/...).' }],
        },
      ],
    },
  },
);
