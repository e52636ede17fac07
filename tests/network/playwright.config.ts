import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';

/**
 * `npm run test:network` (scripts/lab/test-network.mjs) starts the backend, the built SPA and the lab, then runs
 * this: the cases share one lab and one remote-access session, in order (serial, one worker, no retries — a retry
 * would start from a lab another attempt changed).
 */
const PORT = Number(process.env.NETWORK_PORT ?? 4183);
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results-network',
  timeout: 90_000,
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
    acceptDownloads: true,
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
});
