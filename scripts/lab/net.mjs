// Shell helpers of the lab (issue 34): commands (in a namespace or not), the lab's state directory (what it made, so
// `down` removes exactly that), and the preflight that says what is missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the lab keeps what it made: namespaces, interfaces, processes, configuration files, logs. */
export const STATE_DIR = process.env.PONTE_LAB_DIR ?? '/run/ponte-lab';
const STATE_FILE = join(STATE_DIR, 'state.json');

export const NS = {
  hub: 'plab-hub',
  gwa: 'plab-gwa',
  gwb: 'plab-gwb',
  plca: 'plab-plca',
  plcb: 'plab-plcb',
  eng: 'plab-eng',
};
export const IFACE = { hub: 'plhub', gwa: 'plgwa', gwb: 'plgwb', eng: 'pleng' };
export const HUB_ENDPOINT = { host: '10.201.0.1', port: 51820 };
export const PLC_ADDRESS = '192.168.0.10';

/** wg-quick on wireguard-go (no kernel module needed). */
export const WG_ENV = { ...process.env, WG_QUICK_USERSPACE_IMPLEMENTATION: 'wireguard-go', WG_ENDPOINT_RESOLUTION_RETRIES: '3' };

/** Runs a command; throws with its output when it fails (unless `check: false`). */
export function run(cmd, args, { check = true, input, env = WG_ENV, timeout = 30_000 } = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', input, env, timeout });
  if (check && result.status !== 0) {
    const why = result.error ? result.error.message : `${result.stderr}${result.stdout}`.trim();
    throw new Error(`${cmd} ${args.join(' ')} falhou (${result.status}): ${why}`);
  }
  return result;
}

/** Runs a command inside namespace `ns`. */
export const inNs = (ns, args, options) => run('ip', ['netns', 'exec', ns, ...args], options);

/** Starts a background process inside `ns` (null: the root namespace), output to `logFile`; returns its pid. */
export function spawnInNs(ns, args, logFile, env = WG_ENV) {
  const out = openLog(logFile);
  const [file, argv] = ns ? ['ip', ['netns', 'exec', ns, ...args]] : [args[0], args.slice(1)];
  const child = spawn(file, argv, { detached: true, stdio: ['ignore', out, out], env });
  child.unref();
  return child.pid;
}

/** A file descriptor the child inherits (appending to `file`). */
const openLog = (file) => openSync(file, 'a');

/** The lab's record of what it made. */
export function readState() {
  if (!existsSync(STATE_FILE)) return { namespaces: [], processes: [], wgQuick: [], hub: null };
  return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
}
export function writeState(state) {
  mkdirSync(STATE_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
}
export function updateState(change) {
  const state = readState();
  change(state);
  writeState(state);
  return state;
}

const which = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status === 0;

/**
 * Why the lab cannot run here (one pt-BR line with what to install), or null when it can: root, /dev/net/tun,
 * iproute2 with namespaces, nftables, wireguard-go, wg/wg-quick, conntrack, curl.
 */
export function cannotRun() {
  if (process.platform !== 'linux') return 'o laboratório de rede precisa de Linux (namespaces de rede).';
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    return 'o laboratório de rede precisa de root (rode com sudo).';
  }
  if (!existsSync('/dev/net/tun')) return 'falta /dev/net/tun (carregue o módulo tun ou rode num host/contêiner com --device /dev/net/tun).';
  const tools = [
    ['ip', 'iproute2'],
    ['nft', 'nftables'],
    ['wg', 'wireguard-tools'],
    ['wg-quick', 'wireguard-tools'],
    ['wireguard-go', 'wireguard-go'],
    ['conntrack', 'conntrack'],
    ['curl', 'curl'],
  ];
  const missing = tools.filter(([bin]) => !which(bin));
  if (missing.length > 0) {
    const packages = [...new Set(missing.map(([, pkg]) => pkg))].join(' ');
    return `faltam ${missing.map(([bin]) => bin).join(', ')}: instale com \`apt-get install -y ${packages}\`.`;
  }
  return null;
}

/** Polls `check` every `everyMs` until it returns a truthy value or `timeoutMs` passes (then null). */
export async function poll(check, { timeoutMs = 15_000, everyMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (let i = 0; i < Math.ceil(timeoutMs / everyMs) + 1; i += 1) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) break;
    await new Promise((done) => setTimeout(done, everyMs));
  }
  return null;
}
