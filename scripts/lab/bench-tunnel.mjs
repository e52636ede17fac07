// npm run bench:tunnel (issue 34, item 8): measured in the lab, engineer → PLC A:
//   - round-trip time (HTTP request on a kept-alive connection, median of 50) and TCP throughput (a 32 MiB download)
//     through the tunnel, and the same without WireGuard (a plain veth engineer ↔ gateway A, the same prefix NAT);
//   - "Gerar acesso" (the API request, the key, the profile, wg-quick up) → the first answer through (goal ≤ 5 s);
//   - "Encerrar" (the API call) → the open connection cut (goal ≤ 2 s);
//   - the hub's apply of 10 000 peers with their rules (goal ≤ 2 s; bench-hub.mjs) and the VPN API's time to take one
//     10 000-peer report (the Worker in workerd with D1: the server test that sends it prints it).
// Uses the running lab (and its backend) when there is one; otherwise starts its own, like npm run test:network.
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { backendFrom, builderAccount, signIn } from './backend.mjs';
import { benchHubApply } from './bench-hub.mjs';
import { engineerDown, engineerUp } from './engineer.mjs';
import { cannotRun, inNs, NS, poll, readState, run } from './net.mjs';
import { endSession, grant } from './session.mjs';
import { buildHub, startTestBackend } from './test-backend.mjs';
import { teardown } from './topology.mjs';
import { bringUp } from './up.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const PROBE = join(root, 'scripts/lab/probe.mjs');
const PLAIN = { eng: '10.202.0.1', gw: '10.202.0.2', subnet: '10.202.1.0/24', plc: '10.202.1.10' };

function toTunnel(machine, lanAddress = '192.168.0.10') {
  const int = (a) => a.split('.').reduce((s, p) => s * 256 + Number(p), 0);
  const value = int(machine.tunnelSubnet.split('/')[0]) + int(lanAddress) - int(machine.lanSubnet.split('/')[0]);
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

const curl = (url, max = 2) => inNs(NS.eng, ['curl', '-s', '--max-time', String(max), url], { check: false });

/** Median request round trip (ms) on one kept-alive connection, 50 requests. */
function rtt(host) {
  const script = `
    const net = require('node:net');
    const s = net.connect(80, ${JSON.stringify(host)});
    const times = []; let t0 = 0; let buf = '';
    const ask = () => { t0 = process.hrtime.bigint(); s.write('GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n'); };
    s.on('connect', ask);
    s.on('data', (d) => { buf += d; if (!buf.includes('</h1>')) return; buf = '';
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (times.length < 50) ask(); else { times.sort((a, b) => a - b); console.log(times[25].toFixed(2)); s.destroy(); } });
    s.setTimeout(5000, () => process.exit(1));`;
  return Number(inNs(NS.eng, [process.execPath, '-e', script]).stdout.trim());
}

/** MB/s of a 32 MiB download. */
function throughput(host) {
  const out = inNs(NS.eng, ['curl', '-s', '-o', '/dev/null', '--max-time', '60', '-w', '%{speed_download}', `http://${host}/bytes`]).stdout;
  return Number(out) / 1e6;
}

function addPlainPath() {
  run('ip', ['link', 'add', 'bench0', 'netns', NS.eng, 'type', 'veth', 'peer', 'name', 'bench0', 'netns', NS.gwa]);
  inNs(NS.eng, ['ip', 'addr', 'add', `${PLAIN.eng}/30`, 'dev', 'bench0']);
  inNs(NS.eng, ['ip', 'link', 'set', 'bench0', 'up']);
  inNs(NS.eng, ['ip', 'route', 'add', PLAIN.subnet, 'via', PLAIN.gw]);
  inNs(NS.gwa, ['ip', 'addr', 'add', `${PLAIN.gw}/30`, 'dev', 'bench0']);
  inNs(NS.gwa, ['ip', 'link', 'set', 'bench0', 'up']);
  inNs(NS.gwa, ['nft', '-f', '-'], {
    input: `table ip plab_bench {
  chain pre { type nat hook prerouting priority dstnat - 5; ip daddr ${PLAIN.subnet} dnat ip prefix to 192.168.0.0/24; }
  chain post { type nat hook postrouting priority srcnat - 5; ip saddr ${PLAIN.eng} oifname "lan0" masquerade; }
}\n`,
  });
}

function removePlainPath() {
  inNs(NS.gwa, ['nft', 'delete', 'table', 'ip', 'plab_bench'], { check: false });
  inNs(NS.eng, ['ip', 'link', 'delete', 'bench0'], { check: false });
}

async function bench(state) {
  const backend = backendFrom(state.backend ?? {});
  const [machine] = state.machines;
  const builder = await signIn(backend, state.builder ?? builderAccount().email);
  const target = toTunnel(machine);
  const page = `CLP — ${machine.name}`;

  // "Gerar acesso" → first answer through the tunnel.
  const t0 = Date.now();
  const { sessionId, conf } = await grant(backend, builder, machine.id, [80]);
  const tProfile = Date.now();
  engineerUp(conf);
  const first = await poll(() => (curl(`http://${target}/`, 0.5).stdout.includes(page) ? Date.now() : null), { timeoutMs: 20_000, everyMs: 100 });
  if (!first) throw new Error('nenhuma resposta pelo túnel em 20 s após "Gerar acesso".');

  const tunnelRtt = rtt(target);
  const tunnelMbps = throughput(target);
  addPlainPath();
  const plainOk = await poll(() => curl(`http://${PLAIN.plc}/`, 0.5).stdout.includes(page), { timeoutMs: 5000, everyMs: 100 });
  if (!plainOk) throw new Error('o caminho sem WireGuard não respondeu.');
  const plainRtt = rtt(PLAIN.plc);
  const plainMbps = throughput(PLAIN.plc);
  removePlainPath();

  // "Encerrar" → the open connection cut.
  const probe = spawn('ip', ['netns', 'exec', NS.eng, process.execPath, PROBE, '--mode', 'http', '--host', target, '--every', '50', '--max-ms', '30000'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const events = [];
  let buffer = '';
  probe.stdout.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) if (line) events.push(JSON.parse(line));
  });
  await poll(() => events.filter((e) => e.reply).length >= 5, { timeoutMs: 5000, everyMs: 50 });
  const tEnd = Date.now();
  await endSession(backend, builder, sessionId);
  const cutAt = await poll(
    () => {
      const closed = events.find((e) => e.closed);
      if (closed) return closed.at;
      const last = events.filter((e) => e.reply).at(-1)?.at ?? tEnd;
      return Date.now() - last > 500 ? Math.max(last, tEnd) : null;
    },
    { timeoutMs: 15_000, everyMs: 50 },
  );
  probe.kill('SIGTERM');
  engineerDown();

  const row = (label, value, goal = '') => console.log(`${label.padEnd(48)} ${value}${goal ? `  (meta ${goal})` : ''}`);
  console.log(`npm run bench:tunnel — engenheiro → CLP de ${machine.name} (${target}), wireguard-go em namespaces`);
  row('RTT HTTP (mediana de 50), pelo túnel', `${tunnelRtt.toFixed(2)} ms`);
  row('RTT HTTP (mediana de 50), sem WireGuard', `${plainRtt.toFixed(2)} ms`);
  row('RTT túnel / sem WireGuard', `${(tunnelRtt / plainRtt).toFixed(2)}×`);
  row('Vazão TCP (32 MiB), pelo túnel', `${tunnelMbps.toFixed(1)} MB/s`);
  row('Vazão TCP (32 MiB), sem WireGuard', `${plainMbps.toFixed(1)} MB/s`);
  row('Vazão túnel / sem WireGuard', `${(tunnelMbps / plainMbps).toFixed(2)}×`);
  row('"Gerar acesso" → perfil (API)', `${tProfile - t0} ms`);
  row('"Gerar acesso" → primeira resposta pelo túnel', `${first - t0} ms`, '≤ 5000 ms');
  row('"Encerrar" → conexão aberta cortada', cutAt ? `≤ ${cutAt - tEnd} ms` : 'não cortou em 15 s', '≤ 2000 ms');

  const hub = await benchHubApply(root);
  row(`Hub: primeira aplicação de ${hub.peers} pares e regras`, `${hub.firstMs} ms`, '≤ 2000 ms');
  row('Hub: nova versão com 1 000 sessões mudadas', `${hub.changeMs} ms`);
  const report = reportTime();
  row('API VPN: um relatório de 10 000 pares', report === null ? 'não medido (o teste do servidor não imprimiu)' : `${report} ms`);
}

/** The VPN API's time for a 10 000-peer report, as the server test that sends it prints it (workerd + D1). */
function reportTime() {
  const result = spawnSync(
    resolve(root, 'node_modules/.bin/vitest'),
    ['run', '--config', 'src/server/vitest.config.mts', 'src/server/vpn/routes/hubs/hub-report.test.ts', '-t', '10 000'],
    { cwd: root, encoding: 'utf8', timeout: 300_000 },
  );
  const match = /10 000-peer hub report: (\d+) ms/.exec(`${result.stdout}${result.stderr}`);
  return match ? Number(match[1]) : null;
}

const why = cannotRun();
if (why) {
  console.log(`npm run bench:tunnel não rodou: ${why}`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

const quiet = () => undefined;
let ownBackend = null;
let code = 0;
try {
  let state = readState();
  if ((state.machines ?? []).length === 0) {
    buildHub(console.log);
    ownBackend = await startTestBackend(quiet);
    await bringUp({ api: ownBackend.api, vpnApi: ownBackend.vpnApi });
    state = readState();
  }
  await bench(state);
} catch (error) {
  console.error(`npm run bench:tunnel: ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
} finally {
  removePlainPath();
  if (ownBackend) {
    teardown({ log: quiet });
    await ownBackend.stop();
  }
}
process.exit(code);
