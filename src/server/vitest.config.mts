// The server's tests run inside workerd with a real local D1 (@cloudflare/vitest-pool-workers), the migrations
// applied in the setup file. One project per Worker.
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const src = here('..');

export default defineConfig(async () => {
  const migrations = await readD1Migrations(here('./migrations'));
  const project = (name: 'main' | 'vpn') => ({
    plugins: [
      cloudflareTest({
        wrangler: { configPath: here(`./${name}/wrangler.jsonc`) },
        miniflare: {
          // ACCESS_DB: a database of its own for the route × role walk (main/access.test.ts), which loads the whole
          // demo seed; every other test shares DB with fresh accounts of its own.
          d1Databases: { DB: 'ponte-test', ACCESS_DB: 'ponte-access-test' },
          bindings: {
            TEST_MIGRATIONS: migrations,
            FIREBASE_PROJECT_ID: 'demo-ponte',
            FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
            SECRETS_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
            WEBHOOK_SECRET: 'test-webhook-secret',
            // The payment platform's URL (configuration: no default outside demo mode); the orders' tests answer it
            // with the demo platform's app in the same process (main/routes/orders/pay-helpers.ts).
            PAY_URL: 'http://127.0.0.1:8789',
            ALLOWED_ORIGINS: 'http://localhost:5173',
            WORKER_UNDER_TEST: name,
          },
        },
      }),
    ],
    resolve: { alias: { '@': src } },
    test: {
      name: name,
      include: [here(`./${name}/**/*.test.ts`), ...(name === 'main' ? [here('./shared/**/*.test.ts'), here('./demo/**/*.test.ts')] : [])],
      // Each file runs in a workerd of its own (a new Miniflare, its D1 databases empty and migrated by the setup
      // file), so two files run side by side: most of a file's time is loading the Worker's modules into its runtime.
      fileParallelism: true,
      maxWorkers: 2,
      setupFiles: [here('./testing/apply-migrations.ts')],
    },
  });
  return { test: { projects: [project('main'), project('vpn')] } };
});
