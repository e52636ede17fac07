import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { deployHeaders } from './scripts/vite-headers-plugin.js';

const src = fileURLToPath(new URL('./src', import.meta.url));

const UI_CORE = [
  /components\/ui\/(logo|icons|field|not-found|button|spinner|cooldown-button)\.tsx$/,
  /components\/ui\/error-fallback\.tsx$/,
  // The toast API (sonner itself stays a chunk of its own, loaded with the first toast): the landing's newsletter
  // and the sign-in forms both use it.
  /components\/ui\/toast\.ts$/,
  /lib\/(cn|lazy-value|money|after-paint|when-signalled)\.ts$/,
  /contracts\/validators\/fields\.ts$/,
  /lib\/api\/errors\.ts$/,
  /config\/(paths|brand)\.ts$/,
];
const SIGN_IN = [
  /features\/auth\/components\/(sign-in-form|sign-in-panel|auth-card|demo-accounts-hint|identity-status|password-reset-button)\.tsx$/,
  /features\/auth\/(auth-slice|auth-actions|auth-errors|auth-flow|auth-storage|hooks|types)\.ts$/,
  /lib\/(safe-redirect|redux|dates|firebase)\.ts$/,
  /contracts\/validators\/cnpj\.ts$/,
  /lib\/api\/api-registry\.ts$/,
  /config\/demo(\.ts|-accounts\.json)$/,
  /components\/ui\/route-error\.tsx$/,
  /app\/shared\/(root-layout|not-found-route|route-meta|lazy-screen)\.tsx?$/,
];
/** The two RTK Query APIs and what they run on: the first submit or the first signed-in screen loads them. */
const API = [/lib\/api\/(retry-policy|token|base-query|tags|main-api|vpn-api)\.ts$/, /features\/auth\/api\.ts$/];
/** A module of src/ matching one of the patterns (paths normalised to forward slashes). */
function appModule(patterns: RegExp[]) {
  return (id: string) => {
    const path = id.replace(/\\/g, '/');
    return path.startsWith(`${src.replace(/\\/g, '/')}/`) && patterns.some((pattern) => pattern.test(path));
  };
}

const RTK_QUERY = /node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/;
const isApiModule = appModule(API);

export default defineConfig({
  // deployHeaders: dist/_headers with the CSP of this build's environment (see public/_headers).
  plugins: [react(), deployHeaders()],
  resolve: {
    alias: { '@': src },
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
            {
              name: 'api',
              test: (id: string) => RTK_QUERY.test(id) || isApiModule(id),
              priority: 25,
              includeDependenciesRecursively: false,
            },
            {
              name: 'redux',
              test: /node_modules[\\/](@reduxjs|react-redux|redux|redux-thunk|reselect|immer|use-sync-external-store|@standard-schema)[\\/]/,
              priority: 20,
            },
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/, priority: 20 },
            // App code that first screens share, in two chunks instead of a dozen tiny ones (each request costs a
            // round trip on a phone): small UI pieces the landing and both areas paint with, and what the sign-in
            // pages of the portal and the back office add to them.
            { name: 'ui', test: appModule(UI_CORE), priority: 10, includeDependenciesRecursively: false },
            { name: 'sign-in', test: appModule(SIGN_IN), priority: 10, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    // Every core (Vitest's default leaves one free: on this 2-core machine that is one worker, ~55 s instead of ~38 s).
    maxWorkers: '100%',
    css: false,
    env: {
      VITE_API_URL: 'http://localhost:8787',
      VITE_VPN_API_URL: 'http://localhost:8788',
    },
  },
});
