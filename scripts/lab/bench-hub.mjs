// The hub's time to apply 10 000 peers with their rules (issue 34, item 8; goal ≤ 2 s): the built hub
// (dist-hub/ponte-hub.mjs) against a stand-in VPN API on 127.0.0.1 that serves one desired state of 10 000 peers
// (2 000 gateways with a /24 each, 7 000 sessions, 1 000 VPN users; keys made here), in a namespace of its own
// (`plab-bench`, interface `plbench`) that is removed at the end. Two figures, from the hub's own "applied" log
// line: the first apply into an empty interface, and a second apply after 1 000 sessions changed.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { requireHubBundle } from './hub.mjs';
import { poll, run, WG_ENV } from './net.mjs';

const NS = 'plab-bench';
const IFACE = 'plbench';
const HUB_ID = 'hub-bench';
const TOKEN = 'phub_bench';

/** A WireGuard public key (base64 of the raw 32 bytes). */
function publicKey() {
  const der = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'der' });
  return der.subarray(der.length - 32).toString('base64');
}

const address = (base, n) => `${base}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;

/** 10 000 peers: the shapes of src/contracts/hub.ts. `generation` changes the sessions' ports (a new version). */
function desiredState(keys, generation) {
  const now = Date.now();
  const peers = [];
  for (let i = 0; i < 2000; i += 1) {
    peers.push({ kind: 'gateway', id: `gw-${i}`, publicKey: keys[i], allowedIps: [`${address('10.88', i + 10)}/32`, `10.${128 + Math.floor(i / 256)}.${i % 256}.0/24`] });
  }
  for (let i = 0; i < 7000; i += 1) {
    const gw = i % 2000;
    const ports = i < 1000 && generation > 0 ? [80, 443, 502] : [80, 502];
    peers.push({
      kind: 'session',
      id: `s-${i}`,
      publicKey: keys[2000 + i],
      allowedIps: [`${address('10.86', i + 1)}/32`],
      reach: { network: `10.${128 + Math.floor(gw / 256)}.${gw % 256}.0/24`, tcp: ports, udp: [] },
      expiresAt: now + 3_600_000,
    });
  }
  for (let i = 0; i < 1000; i += 1) {
    const gw = i % 2000;
    peers.push({
      kind: 'user',
      id: `u-${i}`,
      publicKey: keys[9000 + i],
      allowedIps: [`${address('10.87', i + 1)}/32`],
      reach: [`10.${128 + Math.floor(gw / 256)}.${gw % 256}.0/24`],
      expiresAt: null,
    });
  }
  return {
    hub: { id: HUB_ID, address: '10.88.0.1/16', listenPort: 51899, networks: ['10.86.0.0/16', '10.87.0.0/16', '10.88.0.0/16', '10.128.0.0/9'] },
    version: `bench-${generation}`,
    generatedAt: now,
    peers,
  };
}

/** Removes what this bench made (its namespace, the interface's wireguard-go), whatever state it is in. */
function cleanUp() {
  run('ip', ['-n', NS, 'link', 'del', IFACE], { check: false });
  run('ip', ['netns', 'del', NS], { check: false });
}

/** Runs the bench; answers `{ firstMs, changeMs }` (the hub's own figures). */
export async function benchHubApply(root = resolve(import.meta.dirname, '..', '..')) {
  const bundle = requireHubBundle(root);
  const keys = Array.from({ length: 10_000 }, publicKey);
  let generation = 0;
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === `/hub/${HUB_ID}/state`) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(desiredState(keys, generation)));
    } else if (request.method === 'POST' && request.url === `/hub/${HUB_ID}/report`) {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"gateways":0,"sessions":0,"users":0}'));
    } else response.writeHead(404).end();
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const port = server.address().port;
  const stateDir = mkdtempSync(join(tmpdir(), 'ponte-bench-hub-'));
  cleanUp();
  run('ip', ['netns', 'add', NS]);
  const applied = [];
  const hub = spawn(process.execPath, [bundle], {
    env: {
      ...WG_ENV,
      PONTE_HUB_API_URL: `http://127.0.0.1:${port}`,
      PONTE_HUB_ID: HUB_ID,
      PONTE_HUB_TOKEN: TOKEN,
      PONTE_HUB_INTERFACE: IFACE,
      PONTE_HUB_NETNS: NS,
      PONTE_HUB_STATE_DIR: stateDir,
      PONTE_HUB_POLL_MS: '500',
      PONTE_HUB_REPORT_MS: '30000',
      WG_IMPLEMENTATION: 'wireguard-go',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffer = '';
  hub.stdout.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        if (entry.event === 'applied') applied.push(entry);
      } catch {
        // not a log line
      }
    }
  });
  try {
    const first = await poll(() => applied.find((entry) => entry.version === 'bench-0'), { timeoutMs: 120_000, everyMs: 200 });
    if (!first) throw new Error('o hub não aplicou os 10 000 pares em 120 s.');
    generation = 1;
    const change = await poll(() => applied.find((entry) => entry.version === 'bench-1'), { timeoutMs: 60_000, everyMs: 200 });
    if (!change) throw new Error('o hub não aplicou a mudança em 60 s.');
    return { firstMs: first.ms, changeMs: change.ms, peers: first.peers };
  } finally {
    hub.kill('SIGTERM');
    await new Promise((done) => {
      if (hub.exitCode !== null) done();
      else hub.once('exit', done);
    });
    server.close();
    cleanUp();
    rmSync(stateDir, { recursive: true, force: true });
  }
}
