import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

/** E2E_PORT / E2E_DIST let several runs (or people) work side by side without sharing a build. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist';
const CI = Boolean(process.env.CI);

/** Debian's Chromium (or Playwright's own when installed), headless, with the shared flags (scripts/lib/chromium.mjs). */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: PORT === 4173 ? 'test-results' : `test-results-${PORT}`,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // CI: one browser at a time. On this 2-core machine two workers ran the suite in 16 min on earlier days, but on a
  // slower day (2026-11-27: the unit suite 4× its usual time) their contention put three long tests past their budgets.
  workers: CI ? 1 : 2,
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } }],
  webServer: [
    {
      command: 'node scripts/emulator.mjs',
      url: 'http://127.0.0.1:9099/',
      reuseExistingServer: true,
      timeout: 120_000,
    },
    {
      // The production build with the demo on (no real API URLs), served with its deploy headers.
      command: `npx vite build --outDir ${DIST} --emptyOutDir && node scripts/serve-dist.mjs`,
      url: `http://localhost:${PORT}/`,
      reuseExistingServer: !CI,
      timeout: 180_000,
      env: { PORT: String(PORT), DIST_DIR: DIST },
    },
  ],
});
