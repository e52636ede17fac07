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

/**
 * The one-way layers: shared → entities → features → app; no feature imports another; testing is for tests only.
 * Entities (src/entities/<domain>) are the domain pieces several features show or read — an order's badges,
 * timeline and items, the person's access, the checkout's options — so that no feature reaches into another.
 */
const layerZones = [
  // Shared code depends on nothing above it.
  ...shared.map((target) => ({
    target,
    from: ['./src/entities', './src/features', './src/app', './src/testing'],
    message: 'Código compartilhado não importa entities, features, app ou testing.',
  })),
  // Below the UI kit: lib, config and contracts never import components (the kit builds on them, not the reverse).
  ...['./src/lib', './src/config', './src/contracts'].map((target) => ({
    target,
    from: './src/components',
    message: 'lib, config e contracts não importam src/components (o kit de UI fica acima deles).',
  })),
  // Entities use shared code only.
  {
    target: './src/entities',
    from: ['./src/features', './src/app', './src/testing'],
    message: 'Entities só usam código compartilhado (components, config, contracts, lib).',
  },
  // Features never import the app or the test helpers, nor each other.
  { target: './src/features', from: ['./src/app', './src/testing'], message: 'Features não importam app/testing.' },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Uma feature não importa outra; componha-as em src/app.',
  })),
  // The server (src/server) uses the contracts and its own folders only; browser code never imports it.
  {
    target: './src/server',
    from: ['./src/features', './src/entities', './src/app', './src/testing', './src/components', './src/lib', './src/config', './src/seed'],
    message: 'O servidor só importa src/contracts e as próprias pastas (a semente da demonstração só em src/server/demo).',
  },
  ...['./src/features', './src/entities', './src/app', './src/testing', './src/components', './src/lib', './src/config', './src/contracts', './src/seed'].map((target) => ({
    target,
    from: './src/server',
    message: 'Código do navegador nunca importa o servidor (src/server).',
  })),
  // The hub (src/hub: a Node program on a WireGuard host) uses the contracts and its own folder only; neither the
  // browser nor the Workers import it.
  {
    target: './src/hub',
    from: ['./src/features', './src/entities', './src/app', './src/testing', './src/components', './src/lib', './src/config', './src/seed', './src/server'],
    message: 'O hub (src/hub) só importa src/contracts e a própria pasta.',
  },
  ...['./src/features', './src/entities', './src/app', './src/testing', './src/components', './src/lib', './src/config', './src/contracts', './src/seed', './src/server'].map((target) => ({
    target,
    from: './src/hub',
    message: 'Código do navegador e dos Workers nunca importa o hub (src/hub).',
  })),
  // The demo seed is data: the contracts and the demo accounts (src/config) only.
  {
    target: './src/seed',
    from: ['./src/features', './src/entities', './src/app', './src/testing', './src/components', './src/lib'],
    message: 'A semente da demonstração só usa src/contracts e src/config.',
  },
];

/**
 * Production code never imports the demo seed (src/seed: the data the Workers load, which the unit tests' in-memory
 * API serves too): the demo's backend is the Workers (src/server), reached over HTTP like any other.
 */
const seedZones = [...shared, './src/entities', './src/features', './src/app'].map((target) => ({
  target,
  from: './src/seed',
  message: 'Código de produção não importa src/seed (os dados da demonstração): a demonstração usa os Workers.',
}));

export default tseslint.config(
  { ignores: ['dist', 'dist-*', '**/.wrangler', 'coverage', 'public', 'playwright-report', 'test-results', 'test-results-*', 'reports', 'node_modules'] },
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
      'import/no-restricted-paths': ['error', { zones: [...layerZones, ...seedZones] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // One toast API: sonner is imported only by the design system's toast module, which keeps it out of first loads.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              message:
                "Não importe 'sonner' diretamente: use `import { toast, Toaster } from '@/components/ui/toast'` (carrega o sonner só no primeiro aviso).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests compose whatever they check with the test helpers (src/testing); the zones guard production code.
    files: ['src/**/__tests__/**', 'src/**/*.test.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': 'off' },
  },
  {
    // The unit tests' backend runs the Workers themselves (src/testing/workers/harness.ts, bundled for workerd).
    files: ['src/testing/workers/harness.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    settings: { 'import/resolver': { typescript: { project: './src/server/tsconfig.json' }, node: true } },
    rules: { 'import/no-restricted-paths': 'off' },
  },
  {
    // The server's demo routes load the demo seed (src/seed) into D1.
    files: ['src/server/demo/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/server',
              from: ['./src/features', './src/entities', './src/app', './src/testing', './src/components', './src/lib'],
              message: 'O servidor só importa src/contracts, as próprias pastas e (demo/) a semente de src/seed.',
            },
          ],
        },
      ],
    },
  },
  {
    // The Workers: their own tsconfig (workers types); no React, no DOM globals.
    files: ['src/server/**/*.{ts,mts}'],
    languageOptions: { globals: { ...globals.serviceworker } },
    settings: { 'import/resolver': { typescript: { project: './src/server/tsconfig.json' }, node: true } },
    rules: { 'react-hooks/rules-of-hooks': 'off', 'react-hooks/exhaustive-deps': 'off' },
  },
  {
    // The hub runs on Node: its globals, no DOM.
    files: ['src/hub/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'react-hooks/rules-of-hooks': 'off', 'react-hooks/exhaustive-deps': 'off' },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'tests/**/*.ts', '*.config.{js,ts}', 'reference/vite.config.ts', 'playwright.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
);
