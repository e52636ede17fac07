// npm run dev: the app with the embedded demo, on the real backend — the Firebase Auth emulator (seeded), both
// Workers under `wrangler dev` (main :8787, VPN :8788; demo mode; local D1 in .wrangler/state, migrations applied,
// the demo seed loaded on the first start), the demo payment platform's Worker (:8789: the checkout tokenises cards
// there) and Vite on http://localhost:5173 pointed at them. Ctrl+C stops all.
// Data stays across restarts and is shared by every browser; the Demonstração badge (or
// `POST http://localhost:8787/demo/reset`, any signed-in token) restores it.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startAuthEmulator } from './lib/auth-emulator.mjs';
import { applyMigrations, emulatorToken, startWorker } from './lib/workers.mjs';

const root = resolve(import.meta.dirname, '..');
const persistTo = join(root, '.wrangler', 'state');
const children = [];
let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 1500).unref();
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// The Workers do not need the emulator (they read its unsigned tokens offline): without it the app still opens,
// only signing in fails (the sign-in pages say so).
const emulator = await startAuthEmulator().catch((error) => {
  console.error(`\n[demo] ${error.message}\n[demo] O app vai abrir, mas o login não funcionará até o emulador subir.\n`);
  return null;
});
if (emulator) {
  children.push(emulator);
  emulator.on('exit', (code) => {
    if (!stopping) console.error(`[demo] O emulador do Firebase Auth parou (código ${code}).`);
  });
}

try {
  console.log('[demo] migrações do D1 local…');
  applyMigrations(persistTo);
  const [main, vpn, pay] = await Promise.all([
    startWorker('main', { port: 8787, persistTo }),
    startWorker('vpn', { port: 8788, persistTo }),
    startWorker('pay', { port: 8789, persistTo }),
  ]);
  children.push(main, vpn, pay);
  const seeded = await fetch('http://127.0.0.1:8787/demo/seed-if-empty', {
    method: 'POST',
    headers: { Authorization: `Bearer ${emulatorToken('dev-runner')}` },
  });
  if (seeded.status !== 204) throw new Error(`POST /demo/seed-if-empty respondeu ${seeded.status}: ${await seeded.text()}`);
  console.log('[demo] API principal http://localhost:8787 (OpenAPI: /openapi.json) · VPN http://localhost:8788 · pagamento http://localhost:8789');
} catch (error) {
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  stop(1);
}

if (!stopping) {
  // The SPA's defaults are the demo's (src/config/env.ts): API on :8787 / :8788, project demo-ponte, the emulator.
  const vite = spawn(join(root, 'node_modules', '.bin', 'vite'), process.argv.slice(2), { cwd: root, stdio: 'inherit' });
  children.push(vite);
  vite.on('exit', (code) => stop(code ?? 0));
  console.log('[demo] Portal: http://localhost:5173/portal/login · Back office: http://localhost:5173/backoffice/backoffice-login · Landing: http://localhost:5173/');
}
