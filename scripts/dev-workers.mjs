// npm run dev:workers: the app on the real backend — the Firebase Auth emulator (seeded), both Workers under
// `wrangler dev` (main :8787, VPN :8788; local D1 in .wrangler/state, migrations applied, the demo seed loaded
// on the first start) and Vite on http://localhost:5173 pointed at them (no service worker). Ctrl+C stops all.
// Data stays across restarts and is shared by every browser; `POST http://localhost:8787/demo/reset` restores it.
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

try {
  const emulator = await startAuthEmulator();
  if (emulator) children.push(emulator);
  console.log('[workers] migrações do D1 local…');
  applyMigrations(persistTo);
  const [main, vpn] = await Promise.all([
    startWorker('main', { port: 8787, persistTo }),
    startWorker('vpn', { port: 8788, persistTo }),
  ]);
  children.push(main, vpn);
  const seeded = await fetch('http://127.0.0.1:8787/demo/seed-if-empty', {
    method: 'POST',
    headers: { Authorization: `Bearer ${emulatorToken('dev-runner')}` },
  });
  if (seeded.status !== 204) throw new Error(`POST /demo/seed-if-empty respondeu ${seeded.status}: ${await seeded.text()}`);
  console.log('[workers] API principal http://localhost:8787 (OpenAPI: /openapi.json) · VPN http://localhost:8788');
} catch (error) {
  console.error(`[workers] ${error instanceof Error ? error.message : String(error)}`);
  stop(1);
}

if (!stopping) {
  const vite = spawn(join(root, 'node_modules', '.bin', 'vite'), process.argv.slice(2), {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_DEMO: 'false',
      VITE_API_URL: 'http://localhost:8787',
      VITE_VPN_API_URL: 'http://localhost:8788',
      VITE_FIREBASE_API_KEY: 'demo-api-key',
      VITE_FIREBASE_PROJECT_ID: 'demo-ponte',
      VITE_FIREBASE_AUTH_DOMAIN: 'demo-ponte.firebaseapp.com',
      VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    },
  });
  children.push(vite);
  vite.on('exit', (code) => stop(code ?? 0));
  console.log('[workers] Portal: http://localhost:5173/portal/login · Back office: http://localhost:5173/backoffice/backoffice-login');
}
