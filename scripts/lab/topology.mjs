// The lab's network (issue 34), in namespaces:
//
//   plab-eng (10.201.3.2) ─┐
//   plab-gwa (10.201.1.2) ─┼─ plab-hub (endpoint 10.201.0.1:51820 on its loopback)
//   plab-gwb (10.201.2.2) ─┘
//   plab-gwa lan0 192.168.0.1/24 ── plab-plca eth0 192.168.0.10/24   (factory A)
//   plab-gwb lan0 192.168.0.1/24 ── plab-plcb eth0 192.168.0.10/24   (factory B, identical)
//
// The PLC namespaces have no default route: the gateway masquerades (a PLC needs no route back).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { inNs, NS, readState, run, updateState, HUB_ENDPOINT, PLC_ADDRESS, STATE_DIR } from './net.mjs';

/** Uplinks: [namespace, hub-side interface, /30 index]. */
const UPLINKS = [
  [NS.gwa, 'hv-gwa', 1],
  [NS.gwb, 'hv-gwb', 2],
  [NS.eng, 'hv-eng', 3],
];
const FACTORIES = [
  [NS.gwa, NS.plca],
  [NS.gwb, NS.plcb],
];

const existingNamespaces = () =>
  new Set(
    run('ip', ['netns', 'list'])
      .stdout.split('\n')
      .map((line) => line.split(' ')[0])
      .filter(Boolean),
  );

/** The uplink address of a namespace (gateways and engineer): 10.201.<n>.2. */
export const uplinkAddress = (ns) => {
  const found = UPLINKS.find(([name]) => name === ns);
  return found ? `10.201.${found[2]}.2` : null;
};

/** Builds the namespaces and links (refuses when one of them already exists: `down` first). */
export function buildTopology() {
  const present = existingNamespaces();
  const clash = Object.values(NS).filter((ns) => present.has(ns));
  if (clash.length > 0) throw new Error(`os namespaces ${clash.join(', ')} já existem: rode \`npm run lab -- down\` antes.`);
  for (const ns of Object.values(NS)) {
    run('ip', ['netns', 'add', ns]);
    updateState((state) => state.namespaces.push(ns));
    inNs(ns, ['ip', 'link', 'set', 'lo', 'up']);
    inNs(ns, ['sysctl', '-qw', 'net.ipv4.ip_forward=1']);
  }
  // The hub's endpoint.
  // The hub's endpoint, on its loopback (no dummy module needed).
  inNs(NS.hub, ['ip', 'addr', 'add', `${HUB_ENDPOINT.host}/32`, 'dev', 'lo']);
  for (const [ns, hubSide, n] of UPLINKS) {
    run('ip', ['link', 'add', hubSide, 'netns', NS.hub, 'type', 'veth', 'peer', 'name', 'up0', 'netns', ns]);
    inNs(NS.hub, ['ip', 'addr', 'add', `10.201.${n}.1/30`, 'dev', hubSide]);
    inNs(NS.hub, ['ip', 'link', 'set', hubSide, 'up']);
    inNs(ns, ['ip', 'addr', 'add', `10.201.${n}.2/30`, 'dev', 'up0']);
    inNs(ns, ['ip', 'link', 'set', 'up0', 'up']);
    inNs(ns, ['ip', 'route', 'add', `${HUB_ENDPOINT.host}/32`, 'via', `10.201.${n}.1`]);
  }
  for (const [gw, plc] of FACTORIES) {
    run('ip', ['link', 'add', 'lan0', 'netns', gw, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', plc]);
    inNs(gw, ['ip', 'addr', 'add', '192.168.0.1/24', 'dev', 'lan0']);
    inNs(gw, ['ip', 'link', 'set', 'lan0', 'up']);
    inNs(plc, ['ip', 'addr', 'add', `${PLC_ADDRESS}/24`, 'dev', 'eth0']);
    inNs(plc, ['ip', 'link', 'set', 'eth0', 'up']);
  }
}

/** The uplink veth (hub side) of a gateway namespace: `ip link set … down` takes the factory offline. */
export const hubSideOf = (ns) => UPLINKS.find(([name]) => name === ns)?.[1] ?? null;

/** Kills a recorded process if it is still the one the lab started (same command line). */
function killRecorded({ pid, match }) {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline)) return;
  let text = '';
  try {
    text = readFileSync(cmdline, 'utf8').replaceAll('\0', ' ');
  } catch {
    return;
  }
  if (match && !text.includes(match)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

const isZombie = (pid) => {
  try {
    return / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^\d+ \(.*\)/, ''));
  } catch {
    return true;
  }
};

/** Removes everything the lab recorded: processes, wg-quick interfaces, namespaces, sockets. */
export function teardown({ log = console.log } = {}) {
  const state = readState();
  for (const proc of state.processes ?? []) killRecorded(proc);
  // Up to 3 s for them to exit (the hub takes its interface down on SIGTERM).
  const alive = () => (state.processes ?? []).some(({ pid }) => existsSync(`/proc/${pid}`) && !isZombie(pid));
  for (let i = 0; i < 30 && alive(); i += 1) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  for (const { ns, conf } of state.wgQuick ?? []) {
    if (existsSync(conf)) inNs(ns, ['wg-quick', 'down', conf], { check: false });
  }
  const present = existingNamespaces();
  for (const ns of state.namespaces ?? []) {
    if (!present.has(ns)) continue;
    // Any process still inside (wireguard-go of an interface, a PLC) goes with it.
    const pids = run('ip', ['netns', 'pids', ns], { check: false }).stdout.split('\n').filter(Boolean);
    for (const pid of pids) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone
      }
    }
    run('ip', ['netns', 'delete', ns], { check: false });
  }
  for (const name of state.interfaces ?? []) rmSync(`/var/run/wireguard/${name}.sock`, { force: true });
  // Its files too: the configurations (private keys), the hub's key and state, the logs.
  rmSync(STATE_DIR, { recursive: true, force: true });
  log(`laboratório removido (${(state.namespaces ?? []).length} namespaces).`);
}
