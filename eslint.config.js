// ESLint: strict TypeScript, React hooks, and the one-way import rule of the architecture
// (shared → features → app; no feature imports another feature).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const shared = ['./src/components', './src/config', './src/contracts', './src/lib', './src/hooks', './src/utils'];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'coverage', 'public', 'playwright-report', 'test-results', 'test-results-*', 'reports', 'node_modules'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // RTK's idiom for endpoints and thunks without an argument is `void`.
      '@typescript-eslint/no-invalid-void-type': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      'import/no-cycle': ['error', { maxDepth: 10 }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Shared code depends on nothing above it.
            ...shared.map((target) => ({
              target,
              from: ['./src/features', './src/app', './src/testing'],
              message: 'Código compartilhado não importa features, app ou testing.',
            })),
            // Features never import the app or the test helpers, nor each other.
            { target: './src/features', from: ['./src/app', './src/testing'], message: 'Features não importam app/testing.' },
            ...features.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'Uma feature não importa outra; componha-as em src/app.',
            })),
            // The demo backend is contract code: shared modules only.
            {
              target: './src/testing/mocks',
              from: ['./src/features', './src/app'],
              message: 'O backend de demonstração só usa código compartilhado.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests compose whatever they check with the test helpers (src/testing); the zones guard production code.
    files: ['src/**/__tests__/**', 'src/**/*.test.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': 'off' },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'tests/**/*.ts', '*.config.{js,ts}', 'playwright.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
);
