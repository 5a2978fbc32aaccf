import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const comlinkOnlyInBridge = { name: 'comlink', message: 'Only the market bridge (src/market/) talks to the worker.' };

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'bench/results', '.data', 'tests/artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every string a person reads comes from locales/ (../shared/CONVENTIONS.md "TypeScript and lint").
      'react/jsx-no-literals': ['error', { noStrings: true, ignoreProps: true, allowedStrings: ['·', '/', '%', '--', ':', '×', '+', '-', '(', ')', '≈'] }],
      'react/no-danger': 'error',
    },
  },
  {
    files: ['src/**/*.test.tsx', 'src/**/*.browser.test.tsx'],
    rules: { 'react/jsx-no-literals': 'off' },
  },
  {
    // The market core is its own world: no imports from the app (../shared/CONVENTIONS.md "The worker boundary").
    files: ['workers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '../src/*', 'react', 'react-dom'], message: 'workers/ must not import from src/ or React.' }] }],
    },
  },
  {
    // Components never import Comlink: the bridge module owns the worker.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/market/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [comlinkOnlyInBridge] }],
    },
  },
  // Generic code does not depend on features (../shared/CONVENTIONS.md "Shared UI"): src/components and src/lib are
  // used by every feature and import none; a feature's part they need is handed in (a describer, a link). Flat config
  // replaces a rule rather than merging it, so the Comlink path is repeated here.
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [comlinkOnlyInBridge],
          patterns: [{ regex: '(?:^|/)features(?:/|$)', message: 'src/components and src/lib must not import from src/features: pass the feature\'s part in, or move it here.' }],
        },
      ],
    },
  },
  // A feature reaches another only through its entry files: index.ts (what the app shell loads at start-up)
  // or shared.ts (what other features' lazily loaded pages share). One block per folder depth, since a
  // relative path names another feature after as many `../` as the file is deep. Flat config replaces a
  // rule rather than merging it, so the Comlink path is repeated here.
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [comlinkOnlyInBridge],
          patterns: [
            {
              regex: `^(?:\\.\\./){${depth}}[^./][^/]*/(?!(?:index|shared)\\.ts$).+`,
              message: "Import another feature through its entry file (index.ts, or shared.ts for lazily loaded pages), or move the shared part out.",
            },
          ],
        },
      ],
    },
  })),
);
