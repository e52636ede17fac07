import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [react()],
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
  },
  test: {
    environment: 'jsdom',
    globals: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    css: false,
    env: {
      VITE_API_URL: 'http://localhost:8787',
      VITE_VPN_API_URL: 'http://localhost:8788',
    },
  },
});
