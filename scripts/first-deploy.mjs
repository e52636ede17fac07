// npm run test:first-deploy (issue 38, "Done when"): a deployment's first day, tried end to end against the Auth
// emulator. The Workers as production runs them — DEMO off, no demo seed, only the migrations, on a throwaway local
// D1 — and a production build of the SPA (VITE_DEMO=false) served like the static hosts do; then Playwright with
// tests/first-deploy/playwright.config.ts: the first staff member made with `npm run staff -- grant` (as
// docs/deployment.md says for local), staff create a payment platform, a Pix method and a product in the back
// office, a new customer signs up, orders it, and staff see the order. Everything stopped and the folder deleted at
// the end, whatever happened.
//
// Ports (none shared with the e2e lanes, 4173+ / 8797+30·i, nor the network test, 4183 / 8806–8809):
// FIRST_DEPLOY_PORT (the SPA, 4193), FIRST_DEPLOY_API_PORT (8846) and FIRST_DEPLOY_VPN_API_PORT (8847). PAY_URL
// names :8848, where nothing listens: the card platform is never called (the order is paid by Pix, which needs none).
// Everything on loopback; the Auth emulator is the one on FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099), started
// here unless one already answers (then left running).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EMULATOR_HOST, PROJECT_ID, startAuthEmulator } from './lib/auth-emulator.mjs';
import { CHROMIUM_MISSING, findChromium } from './lib/chromium.mjs';
import { stopProcess } from './lib/processes.mjs';
import { applyMigrations, startWorker, waitFor } from './lib/workers.mjs';

const root = resolve(import.meta.dirname, '..');
const PORTS = {
  app: Number(process.env.FIRST_DEPLOY_PORT ?? 4193),
  api: Number(process.env.FIRST_DEPLOY_API_PORT ?? 8846),
  vpn: Number(process.env.FIRST_DEPLOY_VPN_API_PORT ?? 8847),
  pay: Number(process.env.FIRST_DEPLOY_PAY_PORT ?? 8848),
};
const log = (text) => console.log(`[first-deploy] ${text}`);

if (!findChromium()) {
  console.log(`npm run test:first-deploy não rodou: ${CHROMIUM_MISSING}`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

const APP_HOSTS = ['localhost', '127.0.0.1', 'portal.localhost', 'backoffice.localhost'];

/**
 * What the Workers get: a production's settings (docs/deployment.md), with the two local stand-ins only — the Auth
 * emulator (a demo-* project) instead of Google, and the local shared D1. No DEMO: no demo routes, no seed, no
 * demo defaults. SECRETS_KEY and WEBHOOK_SECRET stand for the Worker secrets (throwaway values of this run).
 */
const VARS = {
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
  LOCAL_SHARED_D1: 'true',
  SECRETS_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'),
  WEBHOOK_SECRET: `first-deploy-${crypto.randomUUID()}`,
  PAY_URL: `http://127.0.0.1:${PORTS.pay}`,
  ALLOWED_ORIGINS: APP_HOSTS.map((host) => `http://${host}:${PORTS.app}`).join(','),
  PORTAL_URL: `http://portal.localhost:${PORTS.app}`,
  SITE_URL: `http://localhost:${PORTS.app}`,
};

/** The SPA's build variables: a production build (no demo helpers) for these Workers and the emulator. */
const BUILD_ENV = {
  VITE_DEMO: 'false',
  VITE_API_URL: `http://localhost:${PORTS.api}`,
  VITE_VPN_API_URL: `http://localhost:${PORTS.vpn}`,
  VITE_PAY_URL: `http://localhost:${PORTS.pay}`,
  VITE_FIREBASE_API_KEY: 'first-deploy-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
  VITE_FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
};

/** Runs a command to its end (output to this terminal); rejects on a non-zero exit or after `seconds`. */
function runToEnd(command, args, { env = {}, seconds, children }) {
  return new Promise((done, failed) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    children.add(child);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      failed(new Error(`${command} ${args.join(' ')}: não terminou em ${seconds} s`));
    }, seconds * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      if (code === 0) done();
      else failed(new Error(`${command} ${args.join(' ')} terminou com ${code ?? signal}`));
    });
  });
}

// Ctrl+C reaches Playwright too; this process stays to stop everything (the `finally`).
let interrupted = false;
const onSignal = () => {
  interrupted = true;
  log('interrompido: encerrando…');
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const started = Date.now();
const folder = mkdtempSync(join(tmpdir(), 'ponte-first-deploy-'));
const persistTo = join(folder, 'd1');
const dist = join(folder, 'dist');
mkdirSync(persistTo);
/** Every process started here, stopped at the end. */
const children = new Set();
let code = 1;
try {
  const emulator = await startAuthEmulator({ log });
  if (emulator) children.add(emulator);
  // The production database: the migrations, nothing else.
  applyMigrations(persistTo);
  log(`D1 vazio (só migrações) em ${persistTo}`);
  // The Workers start while the SPA builds; whatever started is stopped at the end, even when another part failed.
  const ready = await Promise.allSettled([
    startWorker('main', { port: PORTS.api, persistTo, vars: VARS, lean: true }).then((child) => children.add(child)),
    startWorker('vpn', { port: PORTS.vpn, persistTo, vars: VARS, lean: true }).then((child) => children.add(child)),
    runToEnd(join(root, 'node_modules', '.bin', 'vite'), ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      env: BUILD_ENV,
      seconds: 300,
      children,
    }),
  ]);
  const failed = ready.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const server = spawn(process.execPath, [join(root, 'scripts', 'serve-dist.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORTS.app), DIST_DIR: dist },
  });
  children.add(server);
  await waitFor(`http://localhost:${PORTS.app}/`, 30, server);
  log(`Workers em :${PORTS.api} e :${PORTS.vpn} (DEMO desligado), SPA de produção em http://localhost:${PORTS.app}`);
  if (!interrupted) {
    await runToEnd(join(root, 'node_modules', '.bin', 'playwright'), ['test', '-c', 'tests/first-deploy/playwright.config.ts', ...process.argv.slice(2)], {
      env: {
        FIRST_DEPLOY_PORT: String(PORTS.app),
        FIRST_DEPLOY_API_PORT: String(PORTS.api),
        FIRST_DEPLOY_D1: persistTo,
        FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      },
      seconds: 600,
      children,
    });
    code = 0;
  }
} catch (error) {
  console.error(`[first-deploy] ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
} finally {
  await Promise.all([...children].map((child) => stopProcess(child, 'SIGINT')));
  rmSync(folder, { recursive: true, force: true });
  log(`${code === 0 ? 'passou' : 'falhou'} em ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}
process.exit(code);
