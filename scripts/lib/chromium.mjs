// The Chromium that the browser checks (e2e, budget, Lighthouse) run in, and the flags this closed network needs:
// no sandbox (containers), no GPU, nothing that phones home. Shared by playwright.config.ts, budget and lighthouse.
//
// Which Chromium, in this order:
//   1. CHROMIUM_PATH, when set (used as given: a wrong path is reported, never silently replaced);
//   2. Debian's /usr/bin/chromium (`apt-get install -y chromium`; what .ci/run installs);
//   3. Playwright's own Chromium, when one is already on disk (`chromium.executablePath()` exists).
// None of them: CHROMIUM_PATH is undefined and `requireChromium()` stops the script with one pt-BR line.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_MISSING =
  'Chromium não encontrado: instale com `apt-get install -y chromium` ou defina CHROMIUM_PATH.';

/** Playwright's bundled Chromium for this Playwright version, or null when it is not installed. */
function playwrightChromium() {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** `{ path, source }` of the Chromium to use, or null when there is none on this machine. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    return existsSync(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' } : null;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: 'Debian' };
  const bundled = playwrightChromium();
  return bundled ? { path: bundled, source: 'Playwright' } : null;
}

const found = findChromium();

/** The Chromium executable, or undefined when none was found (see `requireChromium`). */
export const CHROMIUM_PATH = found?.path;

/**
 * Stops the process (exit code 1) with one pt-BR line when there is no Chromium: called before any browser
 * work, so a machine without one gets a way forward instead of a stack trace.
 */
export function requireChromium() {
  if (found) return found;
  const wrong = process.env.CHROMIUM_PATH ? ` (CHROMIUM_PATH=${process.env.CHROMIUM_PATH} não existe)` : '';
  console.error(`${CHROMIUM_MISSING}${wrong}`);
  process.exit(1);
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
