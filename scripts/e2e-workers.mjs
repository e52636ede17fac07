// The end-to-end suite's backend (Playwright's webServer): both Workers under `wrangler dev` in demo mode, on their
// own ports (E2E_API_PORT, default 8797; E2E_VPN_API_PORT, default 8798 — not :8787/:8788, so a run never resets
// the data of an `npm run dev` beside it), on a local D1 in a throwaway folder (migrations applied, the demo seed
// loaded), CORS open to the e2e build's origins (E2E_PORT). Runs until SIGINT/SIGTERM, then deletes the folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_VARS, applyMigrations, emulatorToken, startWorker } from './lib/workers.mjs';

const apiPort = Number(process.env.E2E_API_PORT ?? 8797);
const vpnPort = Number(process.env.E2E_VPN_API_PORT ?? 8798);
const appPort = Number(process.env.E2E_PORT ?? 4173);
const persistTo = mkdtempSync(join(tmpdir(), 'ponte-e2e-d1-'));
const children = [];
let stopping = false;

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  // Not unref'd: once the Workers are gone nothing else keeps Node running, and the folder must still go.
  setTimeout(() => {
    rmSync(persistTo, { recursive: true, force: true });
    process.exit(code);
  }, 1500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const vars = {
  ...DEV_VARS,
  ALLOWED_ORIGINS: ['localhost', '127.0.0.1', 'portal.localhost', 'backoffice.localhost'].map((host) => `http://${host}:${appPort}`).join(','),
};

try {
  const started = Date.now();
  applyMigrations(persistTo);
  const [main, vpn] = await Promise.all([
    startWorker('main', { port: apiPort, persistTo, vars }),
    startWorker('vpn', { port: vpnPort, persistTo, vars }),
  ]);
  children.push(main, vpn);
  for (const child of children) {
    child.on('exit', (exitCode) => {
      if (!stopping) {
        console.error(`[e2e] um Worker parou (código ${exitCode}).`);
        stop(1);
      }
    });
  }
  const seeded = await fetch(`http://127.0.0.1:${apiPort}/demo/reset`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${emulatorToken('e2e-runner')}` },
  });
  if (seeded.status !== 204) throw new Error(`POST /demo/reset respondeu ${seeded.status}: ${await seeded.text()}`);
  console.log(`[e2e] Workers em :${apiPort} e :${vpnPort} (D1 em ${persistTo}), prontos em ${Date.now() - started} ms`);
} catch (error) {
  console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
  stop(1);
}
