// npm run test:network (issue 34): real WireGuard packets through the lab. Its own backend (test-backend.mjs), the
// lab up against it (up.mjs), then Playwright with tests/network/playwright.config.ts; the lab taken down and
// everything stopped at the end, whatever happened. Where it cannot run (not root, no /dev/net/tun, tools missing)
// it says why in one line and exits 0 — 1 under CI=true, where it must run.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { CHROMIUM_MISSING, findChromium } from '../lib/chromium.mjs';
import { stopProcess } from '../lib/processes.mjs';
import { startWorker } from '../lib/workers.mjs';
import { cannotRun, readState } from './net.mjs';
import { buildHub, buildSpa, PORTS, startTestBackend } from './test-backend.mjs';
import { bringUp } from './up.mjs';
import { teardown } from './topology.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const CONTROL_PORT = Number(process.env.NETWORK_CONTROL_PORT ?? 8806);
const log = (text) => console.log(`[network] ${text}`);

const why = cannotRun() ?? (findChromium() ? null : CHROMIUM_MISSING);
if (why) {
  console.log(`npm run test:network não rodou: ${why}`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}
if ((readState().namespaces ?? []).length > 0) {
  console.error('npm run test:network: um laboratório já está no ar (rode `npm run lab -- down`).');
  process.exit(1);
}

// Ctrl+C reaches Playwright too; this process stays to take the lab down and stop the backend (the `finally`).
process.on('SIGINT', () => log('interrompido: desmontando…'));
process.on('SIGTERM', () => log('interrompido: desmontando…'));

const started = Date.now();
let backend = null;
let control = null;
let code = 1;
try {
  buildSpa(log);
  buildHub(log);
  backend = await startTestBackend(log);
  log(`backend em ${backend.api} / ${backend.vpnApi}, SPA em http://localhost:${PORTS.app}`);
  control = controlServer(backend);
  await bringUp({ api: backend.api, vpnApi: backend.vpnApi });
  // NETWORK_KEEP=1: everything stays up for a person (or a spec run by hand) until Ctrl+C.
  code = process.env.NETWORK_KEEP === '1' ? await untilInterrupted() : await playwright();
} catch (error) {
  console.error(`[network] ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
} finally {
  try {
    teardown({ log });
  } catch (error) {
    console.error(`[network] lab down: ${error.message}`);
  }
  control?.close();
  await backend?.stop();
  log(`${code === 0 ? 'passou' : 'falhou'} em ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}
process.exit(code);

function untilInterrupted() {
  log('no ar (NETWORK_KEEP=1): Ctrl+C encerra.');
  return new Promise((done) => {
    process.once('SIGINT', () => done(0));
    process.once('SIGTERM', () => done(0));
  });
}

function playwright() {
  return new Promise((done) => {
    const child = spawn(resolve(root, 'node_modules/.bin/playwright'), ['test', '-c', 'tests/network/playwright.config.ts', ...process.argv.slice(2)], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        NETWORK_PORT: String(PORTS.app),
        NETWORK_API_PORT: String(PORTS.api),
        NETWORK_VPN_API_PORT: String(PORTS.vpn),
        NETWORK_CONTROL_PORT: String(CONTROL_PORT),
      },
    });
    child.on('exit', (exitCode) => done(exitCode ?? 1));
  });
}

/**
 * The spec's handle on the backend (loopback only): `POST /vpn/stop` and `POST /vpn/start[?window=ms]` stop and
 * start the VPN Worker (the hub's API): the "API stopped" case, and a short gateway online window for the last case.
 */
function controlServer(running) {
  const server = createServer(async (request, response) => {
    try {
      if (request.method === 'POST' && request.url === '/vpn/stop') {
        await stopProcess(running.children.vpn, 'SIGINT');
        response.writeHead(204).end();
      } else if (request.method === 'POST' && request.url?.startsWith('/vpn/start')) {
        // `?window=<ms>`: the gateways' online window for this start (GATEWAY_ONLINE_WINDOW_MS).
        const window = new URL(request.url, 'http://control').searchParams.get('window');
        const vars = window ? { ...running.vars, GATEWAY_ONLINE_WINDOW_MS: window } : running.vars;
        running.children.vpn = await startWorker('vpn', { port: PORTS.vpn, persistTo: running.persistTo, vars, lean: true });
        response.writeHead(204).end();
      } else response.writeHead(404).end();
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  server.listen(CONTROL_PORT, '127.0.0.1');
  return server;
}
