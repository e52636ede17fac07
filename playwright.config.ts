import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';
import { CI, LANE_COUNT, lane } from './tests/e2e/lanes';

/** The lanes (tests/e2e/lanes.ts): one Playwright worker each, with its own backend and build. */
const LANES = Array.from({ length: LANE_COUNT }, (_, index) => lane(index));
const FIRST = lane(0);

/** Debian's Chromium (or Playwright's own when installed), headless, with the shared flags (scripts/lib/chromium.mjs). */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: FIRST.appPort === 4173 ? 'test-results' : `test-results-${FIRST.appPort}`,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // Each lane's backend is put back to the seed before each of its tests (tests/e2e/support.ts), so any test may
  // run in any lane: the tests are spread one by one, not file by file.
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: LANE_COUNT,
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${FIRST.appPort}`, // each lane's own in tests/e2e/support.ts
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace records every action's DOM and screen (about a third of a test's CPU here): in CI only a retry records
    // one, so a failure that repeats comes with its trace; elsewhere a failed test keeps its own.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
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
    ...LANES.flatMap((l): NonNullable<Extract<PlaywrightTestConfig['webServer'], unknown[]>> => [
      {
        // The lane's backend: the three Workers in demo mode on a throwaway local D1 (migrations applied, seeded).
        command: 'node scripts/e2e-workers.mjs',
        url: `http://127.0.0.1:${l.apiPort}/openapi.json`,
        wait: { stdout: /\[e2e\] Workers em/ },
        reuseExistingServer: !CI,
        timeout: 180_000,
        gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5000 },
        env: { E2E_PORT: String(l.appPort), E2E_API_PORT: String(l.apiPort), E2E_VPN_API_PORT: String(l.vpnPort), E2E_PAY_PORT: String(l.payPort) },
      },
      {
        // The lane's production build with the demo's helpers on (its Workers' URLs), served with its deploy headers.
        command: `npx vite build --outDir ${l.dist} --emptyOutDir && node scripts/serve-dist.mjs`,
        url: `http://localhost:${l.appPort}/`,
        reuseExistingServer: !CI,
        timeout: 180_000,
        env: {
          PORT: String(l.appPort),
          DIST_DIR: l.dist,
          VITE_API_URL: `http://localhost:${l.apiPort}`,
          VITE_VPN_API_URL: `http://localhost:${l.vpnPort}`,
          VITE_PAY_URL: `http://localhost:${l.payPort}`,
        },
      },
    ]),
  ],
});
