import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

/**
 * The Playwright configuration of a story told in order against servers its script started (`npm run test:network`,
 * `npm run test:first-deploy`): one worker, serial, no retries — a retry would start from the lab or the database
 * the first attempt already changed —, Debian's Chromium, pt-BR in Brasília, a trace and a screenshot on failure.
 */
export function makeSerialStoryConfig({
  name,
  port,
  timeout,
  acceptDownloads = false,
}: {
  /** The results folder's suffix: test-results-<name>. */
  name: string;
  /** Where the script serves the built SPA. */
  port: number;
  /** A test's ceiling (ms). */
  timeout: number;
  acceptDownloads?: boolean;
}): PlaywrightTestConfig {
  const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
  return defineConfig({
    testDir: '.',
    outputDir: `../../test-results-${name}`,
    timeout,
    expect: { timeout: 15_000 },
    fullyParallel: false,
    workers: 1,
    retries: 0,
    forbidOnly: Boolean(process.env.CI),
    reporter: [['list']],
    use: {
      baseURL: `http://localhost:${port}`,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      trace: 'retain-on-failure',
      screenshot: 'only-on-failure',
      acceptDownloads,
      launchOptions,
    },
    projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  });
}
