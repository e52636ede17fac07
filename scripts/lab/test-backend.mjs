// The network test's own backend (like the e2e runner's, on ports of its own so it clashes with neither
// `npm run dev` nor `npm run test:e2e`): the Auth emulator (reused when one answers), the Workers in demo mode on a
// throwaway D1 with the test's short thresholds, and the production build of the SPA served.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startAuthEmulator } from '../lib/auth-emulator.mjs';
import { stopProcess } from '../lib/processes.mjs';
import { applyMigrations, DEV_VARS, resetDemoData, startWorker, waitFor } from '../lib/workers.mjs';

const root = resolve(import.meta.dirname, '..', '..');

export const PORTS = {
  app: Number(process.env.NETWORK_PORT ?? 4183),
  api: Number(process.env.NETWORK_API_PORT ?? 8807),
  vpn: Number(process.env.NETWORK_VPN_API_PORT ?? 8808),
  pay: Number(process.env.NETWORK_PAY_PORT ?? 8809),
};
export const NETWORK_DIST = process.env.NETWORK_DIST ?? 'dist-network';

/**
 * The Workers' variables for the test. `REMOTE_ACCESS_HOUR_MS`: an hour of a remote-access window lasts 30 s (test
 * configuration, src/server/shared/env.ts), so a "1 hora" window expires within the test and a "24 horas" one (12
 * min) outlasts it. The gateways' online window is shortened only for the link case, by restarting the VPN Worker
 * (test-network.mjs's control port): WireGuard renews a handshake only every 2 minutes, so under a shorter window a
 * healthy gateway would flap offline between handshakes.
 */
export const HOUR_MS = 30_000;
export const TEST_VARS = { REMOTE_ACCESS_HOUR_MS: String(HOUR_MS) };

const newestUnder = (dir) => {
  let newest = 0;
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '__tests__' && entry.name !== 'server') walk(full);
      } else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  walk(dir);
  return newest;
};

/** Builds the SPA for the test's ports into NETWORK_DIST when missing or older than src/. */
export function buildSpa(log) {
  const index = join(root, NETWORK_DIST, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs > newestUnder(join(root, 'src'))) return;
  log(`construindo o SPA em ${NETWORK_DIST}/ …`);
  const result = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', NETWORK_DIST, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_API_URL: `http://localhost:${PORTS.api}`,
      VITE_VPN_API_URL: `http://localhost:${PORTS.vpn}`,
      VITE_PAY_URL: `http://localhost:${PORTS.pay}`,
    },
  });
  if (result.status !== 0) throw new Error('a construção do SPA falhou.');
}

/** Builds the hub (`npm run build:hub`). */
export function buildHub(log) {
  log('construindo o hub (npm run build:hub) …');
  const result = spawnSync('npm', ['run', '--silent', 'build:hub'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:hub falhou.');
}

/** Starts everything; `stop()` ends it. `restartVpn()` / `stopVpn()` for the "API stopped" case. */
export async function startTestBackend(log) {
  const persistTo = mkdtempSync(join(tmpdir(), 'ponte-net-d1-'));
  const children = {};
  const appHosts = ['localhost', '127.0.0.1', 'portal.localhost', 'backoffice.localhost'];
  const vars = {
    ...DEV_VARS,
    ...TEST_VARS,
    ALLOWED_ORIGINS: appHosts.map((host) => `http://${host}:${PORTS.app}`).join(','),
    PAY_URL: `http://127.0.0.1:${PORTS.pay}`,
  };
  const stop = async () => {
    await Promise.all(Object.values(children).filter(Boolean).map((child) => stopProcess(child, 'SIGINT')));
    rmSync(persistTo, { recursive: true, force: true });
  };
  try {
    // The emulator (Java) takes from 30 s to over 90 s to start on a busy 2-core machine.
    children.emulator = await startAuthEmulator({ log, timeoutMs: 240_000 });
    applyMigrations(persistTo);
    const [main, vpn, pay] = await Promise.all([
      startWorker('main', { port: PORTS.api, persistTo, vars, lean: true }),
      startWorker('vpn', { port: PORTS.vpn, persistTo, vars, lean: true }),
      startWorker('pay', { port: PORTS.pay, persistTo, vars, lean: true }),
    ]);
    Object.assign(children, { main, vpn, pay });
    await resetDemoData(`http://127.0.0.1:${PORTS.api}`);
    children.app = spawn(process.execPath, [join(root, 'scripts/serve-dist.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(PORTS.app), DIST_DIR: NETWORK_DIST },
      stdio: 'ignore',
    });
    await waitFor(`http://127.0.0.1:${PORTS.app}/`, 30, children.app);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    api: `http://127.0.0.1:${PORTS.api}`,
    vpnApi: `http://127.0.0.1:${PORTS.vpn}`,
    persistTo,
    vars,
    children,
    stop,
  };
}
