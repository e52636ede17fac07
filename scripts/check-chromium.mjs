// Run before the browser checks (npm run test:e2e): exit 1 with one pt-BR line when this machine has no Chromium
// (see scripts/lib/chromium.mjs for where it is looked for), instead of a Playwright stack trace later.
import { requireChromium } from './lib/chromium.mjs';

const { path, source } = requireChromium();
console.log(`Chromium: ${path} (${source})`);
