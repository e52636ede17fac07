import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

/**
 * E2E_PORT / E2E_DIST let several runs (or people) work side by side without sharing a build; E2E_API_PORT and
 * E2E_VPN_API_PORT (default 8797 / 8798) the same for the two Workers the build talks to.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist';
const API_PORT = Number(process.env.E2E_API_PORT ?? 8797);
const VPN_API_PORT = Number(process.env.E2E_VPN_API_PORT ?? 8798);
/** The demo payment platform's Worker (E2E_PAY_PORT; default the VPN's port + 1, 8799). */
const PAY_PORT = Number(process.env.E2E_PAY_PORT ?? VPN_API_PORT + 1);
const CI = Boolean(process.env.CI);

/** Debian's Chromium (or Playwright's own when installed), headless, with the shared flags (scripts/lib/chromium.mjs). */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: PORT === 4173 ? 'test-results' : `test-results-${PORT}`,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // One backend (the two Workers on one D1) for the whole run, put back to the seed before each test
  // (tests/e2e/support.ts): the tests run one at a time.
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 1,
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
      // The backend: both Workers in demo mode on a throwaway local D1 (migrations applied, seeded).
      command: 'node scripts/e2e-workers.mjs',
      url: `http://127.0.0.1:${API_PORT}/openapi.json`,
      wait: { stdout: /\[e2e\] Workers em/ },
      reuseExistingServer: !CI,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      env: { E2E_PORT: String(PORT), E2E_API_PORT: String(API_PORT), E2E_VPN_API_PORT: String(VPN_API_PORT), E2E_PAY_PORT: String(PAY_PORT) },
    },
    {
      // The production build with the demo's helpers on (local API URLs: the Workers above), served with its deploy headers.
      command: `npx vite build --outDir ${DIST} --emptyOutDir && node scripts/serve-dist.mjs`,
      url: `http://localhost:${PORT}/`,
      reuseExistingServer: !CI,
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        DIST_DIR: DIST,
        VITE_API_URL: `http://localhost:${API_PORT}`,
        VITE_VPN_API_URL: `http://localhost:${VPN_API_PORT}`,
        VITE_PAY_URL: `http://localhost:${PAY_PORT}`,
      },
    },
  ],
});
