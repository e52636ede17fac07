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
          bindings: {
            TEST_MIGRATIONS: migrations,
            FIREBASE_PROJECT_ID: 'demo-ponte',
            FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
            SECRETS_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
            WEBHOOK_SECRET: 'test-webhook-secret',
            ALLOWED_ORIGINS: 'http://localhost:5173',
          },
        },
      }),
    ],
    resolve: { alias: { '@': src } },
    test: {
      name: name,
      include: [here(`./${name}/**/*.test.ts`), ...(name === 'main' ? [here('./shared/**/*.test.ts')] : [])],
      setupFiles: [here('./testing/apply-migrations.ts')],
    },
  });
  return { test: { projects: [project('main'), project('vpn')] } };
});
