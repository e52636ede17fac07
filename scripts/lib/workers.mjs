// The two Workers under `wrangler dev` (local workerd + local D1), for the dev runner, the e2e suite, the budget and
// the benches: migrations applied first, both Workers on one database folder (they share the D1 database, as
// deployed).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stopProcess } from './processes.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const wrangler = join(root, 'node_modules', '.bin', 'wrangler');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' };

/** The variables local development gives the Workers: the emulator's project and host, and demo mode. */
export const DEV_VARS = {
  FIREBASE_PROJECT_ID: 'demo-ponte',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  DEMO: 'true',
  // Both Workers open one local D1 file from two workerd processes: their statements retry on each other's locks
  // (src/server/shared/local-d1.ts).
  LOCAL_SHARED_D1: 'true',
  // Local secrets of the demo only (production's come from `wrangler secret put`).
  SECRETS_KEY: 'ZGVtby1vbmx5LWtleS0zMi1ieXRlcy1sb25nLSEhISE=',
  WEBHOOK_SECRET: 'demo-webhook-secret',
  // The demo payment platform (src/server/pay): `npm run dev` runs it on :8789; startDemoBackend on a port of its own.
  PAY_URL: 'http://127.0.0.1:8789',
  // The demo's own webhook receiver: the main Worker's route (src/server/main/routes/webhooks/demo-receiver.ts), the
  // one plain-http loopback URL a demo webhook may have; startDemoBackend points it at the main Worker's port.
  DEMO_WEBHOOK_RECEIVER_URL: 'http://127.0.0.1:8787/demo/webhook-receiver',
  ALLOWED_ORIGINS: [5173, 4173]
    .flatMap((port) => ['localhost', '127.0.0.1', 'portal.localhost', 'backoffice.localhost'].map((host) => `http://${host}:${port}`))
    .join(','),
};

/** Applies the D1 migrations to the local database in `persistTo`; throws with wrangler's output on failure. */
export function applyMigrations(persistTo) {
  const run = spawnSync(wrangler, ['d1', 'migrations', 'apply', 'ponte', '--local', '--persist-to', persistTo], {
    cwd: join(root, 'src', 'server', 'main'),
    env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`migrações do D1 falharam:\n${run.stdout}\n${run.stderr}`);
}

/**
 * Starts one Worker (`main`, `vpn` or `pay`, the demo payment platform) on `port`; resolves once it answers. `wrangler dev` (devtools inspector, the
 * Worker rebuilt on every change) for people; `lean: true` for the scripts that measure or test it
 * (scripts/lib/run-worker.mjs: no inspector, no watcher).
 */
export async function startWorker(name, { port, persistTo, vars = DEV_VARS, stdio = 'ignore', lean = false }) {
  const cwd = join(root, 'src', 'server', name);
  let child;
  if (lean) {
    child = spawn(process.execPath, [join(root, 'scripts', 'lib', 'run-worker.mjs')], {
      cwd,
      env: { ...env, PONTE_WORKER: JSON.stringify({ port, persistTo, vars }) },
      stdio: ['ignore', stdio, 'inherit'],
    });
  } else {
    const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persistTo, '--inspector-port', '0', '--show-interactive-dev-session=false'];
    for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
    child = spawn(wrangler, args, { cwd, env, stdio: ['ignore', stdio, 'inherit'] });
  }
  try {
    await waitFor(`http://127.0.0.1:${port}/openapi.json`, 90, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

export async function waitFor(url, seconds, child) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: o processo terminou (código ${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} não respondeu em ${seconds} s`);
}

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An Auth-emulator-shaped (unsigned) ID token: accepted only by Workers in emulator mode, for a demo-* project.
 * `claims` adds custom claims (`{ admin: true }` for staff).
 */
export function emulatorToken(uid, email = `${uid}@example.com`, claims = {}) {
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
    sub: uid,
    user_id: uid,
    email,
    // The demo's accounts are verified (issue 35); a spec passes `{ email_verified: false }` for one that is not.
    email_verified: true,
    aud: 'demo-ponte',
    iss: 'https://securetoken.google.com/demo-ponte',
    iat: now,
    auth_time: now,
    exp: now + 3600,
    ...claims,
  })}.`;
}

/** The hosts the app is opened on locally (by path prefix and by area host). */
const APP_HOSTS = ['localhost', '127.0.0.1', 'portal.localhost', 'backoffice.localhost'];

/** `POST /demo/reset` (`seed: 'large'` the large seed) on the main Worker at `api`; resolves once done (204). */
export async function resetDemoData(api, seed = 'default') {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${api}/demo/reset${seed === 'large' ? '?seed=large' : ''}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emulatorToken('demo-runner')}` },
    });
    if (response.status === 204) return;
    const text = await response.text();
    // `wrangler dev`'s proxy answers 503 when the Worker restarted under the request ("Please try sending the
    // request again"); the reset is idempotent, so it is sent again.
    if (response.status === 503 && attempt < 3) continue;
    throw new Error(`POST /demo/reset respondeu ${response.status}: ${text}`);
  }
}

/**
 * Both Workers in demo mode on a throwaway local D1 (a new folder under the system's temp; migrations applied, the
 * demo seed loaded — `seed: 'large'` the large one), CORS open to the app on `appPorts`: the backend of the e2e
 * suite, `npm run budget` and `npm run bench`, on ports of their own so they never touch `npm run dev`'s data.
 * The demo payment platform's Worker beside them on `payPort` (default: the VPN's port + 1), the main Worker's
 * PAY_URL. `stop()` ends the Workers and deletes the folder.
 */
export async function startDemoBackend({ apiPort, vpnPort, payPort = vpnPort + 1, appPorts, seed = 'default' }) {
  const persistTo = mkdtempSync(join(tmpdir(), 'ponte-d1-'));
  const children = [];
  let stopped;
  const stop = () =>
    (stopped ??= Promise.all(children.map((child) => stopProcess(child, 'SIGINT'))).then(() =>
      rmSync(persistTo, { recursive: true, force: true }),
    ));
  const vars = {
    ...DEV_VARS,
    ALLOWED_ORIGINS: appPorts.flatMap((port) => APP_HOSTS.map((host) => `http://${host}:${port}`)).join(','),
    PAY_URL: `http://127.0.0.1:${payPort}`,
    DEMO_WEBHOOK_RECEIVER_URL: `http://127.0.0.1:${apiPort}/demo/webhook-receiver`,
  };
  const api = `http://localhost:${apiPort}`;
  try {
    applyMigrations(persistTo);
    const started = await Promise.allSettled([
      startWorker('main', { port: apiPort, persistTo, vars, lean: true }),
      startWorker('vpn', { port: vpnPort, persistTo, vars, lean: true }),
      startWorker('pay', { port: payPort, persistTo, vars, lean: true }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') children.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await resetDemoData(api, seed);
  } catch (error) {
    await stop();
    throw error;
  }
  return { api, vpnApi: `http://localhost:${vpnPort}`, payApi: `http://localhost:${payPort}`, persistTo, children, stop };
}
