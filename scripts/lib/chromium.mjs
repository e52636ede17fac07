// Debian's Chromium and the flags this closed network needs (never `npx playwright install`): no sandbox
// (containers), no GPU, nothing that phones home. Shared by playwright.config.ts, budget and lighthouse.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
