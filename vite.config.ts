import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstLoadChunks } from './scripts/lib/first-load-chunks.js';
import { deployHeaders } from './scripts/vite-headers-plugin.js';
import { landingPrerender } from './scripts/vite-landing-prerender-plugin.js';

const src = fileURLToPath(new URL('./src', import.meta.url));

// App code is chunked by the import graph, not by file names (scripts/lib/first-load-chunks.ts): what the first
// screens of two or more areas (src/app/areas/<area>/, as main.tsx loads them) import statically shares one chunk
// per set of areas; the API layer (src/lib/api/ modules running RTK Query, and what only they import) is `api`.
// A renamed file or a new feature never touches this file, and a module that no first screen imports statically
// (data-table, form kit, dialogs, zod contracts) cannot reach a first-load chunk.
const chunks = firstLoadChunks(src);

// React Router 7's package points every import at its development build (warnings, checks); a production build uses
// the production one, as React Router's own Vite plugin arranges.
const routerProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(({ command }) => ({
  // deployHeaders: dist/_headers with the CSP of this build's environment (see public/_headers); landingPrerender:
  // the landing as HTML in index.html, the app's scripts started by an inline loader
  // (src/app/shared/static-loader.ts). The demo's backend is the Workers (`npm run dev`): no service worker.
  plugins: [react(), landingPrerender(), deployHeaders(), { name: 'first-load-chunks', buildStart: () => chunks.reset() }],
  resolve: {
    alias: [{ find: '@', replacement: src }, ...(command === 'build' ? routerProduction : [])],
  },
  server: {
    port: 5173,
    strictPort: true,
    host: 'localhost',
    // portal.localhost and backoffice.localhost pick their areas by host name.
    allowedHosts: ['.localhost'],
  },
  preview: {
    port: 4173,
    strictPort: true,
    host: 'localhost',
    allowedHosts: ['.localhost'],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Libraries in their own long-cached chunks, whatever the app's chunk graph does (React is the entry's
        // static import and is modulepreloaded by index.html; the others load only in the signed-in areas, RTK Query
        // and the API slices ('api') only with the first submit or signed-in screen).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 20 },
            { name: chunks.api, priority: 25, includeDependenciesRecursively: false },
            {
              name: 'redux',
              test: /node_modules[\\/](@reduxjs|react-redux|redux|redux-thunk|reselect|immer|use-sync-external-store|@standard-schema)[\\/]/,
              priority: 20,
            },
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/, priority: 20 },
            // App code the first screens share, in one chunk per set of areas instead of a dozen tiny ones (each
            // request costs a round trip on a phone): see the comment on `chunks` above.
            { name: chunks.firstLoad, priority: 10, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    include: ['src/**/*.test.{ts,tsx}'],
    // The server's tests run inside workerd (src/server/vitest.config.mts, `npm run test:server`).
    exclude: ['src/server/**', 'node_modules/**'],
    setupFiles: ['src/testing/setup-tests.ts'],
    // The real Workers (main, VPN, payment) in one Miniflare, one D1 database per Vitest worker (src/testing/workers).
    globalSetup: ['src/testing/workers/global-setup.ts'],
    restoreMocks: true,
    // A test's ceiling (Vitest's default is 5 s): several real API calls, each a round trip to workerd, on 2 cores.
    testTimeout: 15_000,
    // Every core (Vitest's default leaves one free: on this 2-core machine that is one worker, ~55 s instead of ~38 s).
    maxWorkers: '100%',
    css: false,
    env: {
      VITE_API_URL: 'http://localhost:8787',
      VITE_VPN_API_URL: 'http://localhost:8788',
    },
  },
}));
