import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';

/**
 * `npm run test:first-deploy` (scripts/first-deploy.mjs) starts the Workers without demo mode on an empty D1, the
 * production build and the Auth emulator, then runs this: one story in order (serial, one worker, no retries — a
 * retry would start from a database the first attempt already changed).
 */
const PORT = Number(process.env.FIRST_DEPLOY_PORT ?? 4193);
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results-first-deploy',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
});
