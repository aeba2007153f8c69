// One lint setup for the workspace. The import zones keep the layers pointing one way:
// web: shared (components, lib, config, hooks, stores, utils) -> features -> app; features never
// import each other. packages/contracts imports no workspace; api, realtime and web meet only there.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = ['auth', 'home', 'history', 'live', 'faq-chat', 'chat', 'membership', 'profile', 'admin', 'activity-log'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.e2e-artifacts/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // contracts stand alone
            { target: './packages/contracts', from: ['./api', './web', './realtime-server', './packages/chat-core'] },
            // the chat core is pure: contracts only
            { target: './packages/chat-core', from: ['./api', './web', './realtime-server', './packages/testing'] },
            // the realtime server never reaches into the API or the web app, and back
            { target: './realtime-server', from: ['./api', './web'] },
            { target: './api', from: ['./web'] },
            { target: './web', from: ['./api', './realtime-server'] },
            // web layers: shared code imports neither features nor app
            {
              target: ['./web/src/components', './web/src/lib', './web/src/config', './web/src/hooks', './web/src/stores', './web/src/utils'],
              from: ['./web/src/features', './web/src/app'],
            },
            { target: './web/src/features', from: './web/src/app' },
            // features never import each other
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
