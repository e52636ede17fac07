/**
 * The network spec's hands on the lab (scripts/lab): its state (machines, tunnel subnets), commands in the
 * engineer namespace, the probe (a TCP client there), and the backend's handles. Everything polls with a bound.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const STATE_DIR = process.env.PONTE_LAB_DIR ?? '/run/ponte-lab';
export const ENG_NS = 'plab-eng';
export const PLC_ADDRESS = '192.168.0.10';

export const PORT = Number(process.env.NETWORK_PORT ?? 4183);
export const PORTAL = `http://portal.localhost:${PORT}`;
export const API = `http://127.0.0.1:${Number(process.env.NETWORK_API_PORT ?? 8807)}`;
export const VPN_API = `http://127.0.0.1:${Number(process.env.NETWORK_VPN_API_PORT ?? 8808)}`;
const CONTROL = `http://127.0.0.1:${Number(process.env.NETWORK_CONTROL_PORT ?? 8806)}`;

export interface LabMachine {
  id: string;
  name: string;
  deviceId: string;
  lanSubnet: string;
  tunnelSubnet: string;
  ns: string;
  plcNs: string;
  iface: string;
}
interface LabState {
  machines: LabMachine[];
  hub: { id: string; pid: number; log: string } | null;
}

export function labState(): LabState {
  return JSON.parse(readFileSync(join(STATE_DIR, 'state.json'), 'utf8')) as LabState;
}

const toInt = (address: string) => address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
const toAddress = (value: number) => [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');

/** The tunnel address of a LAN address: the same offset in the machine's tunnel subnet (1:1 mapping). */
export function tunnelAddress(machine: LabMachine, lanAddress = PLC_ADDRESS): string {
  const lan = toInt(machine.lanSubnet.split('/')[0] ?? '');
  const tunnel = toInt(machine.tunnelSubnet.split('/')[0] ?? '');
  return toAddress(tunnel + (toInt(lanAddress) - lan));
}

/** `npm run lab -- <args>` (throws with its output on failure). */
export function lab(...args: string[]): string {
  return execFileSync(process.execPath, [join(root, 'scripts/lab/lab.mjs'), ...args], { encoding: 'utf8', stdio: 'pipe' });
}

/** A command in namespace `ns`: its exit code and output (never throws). */
export function inNs(ns: string, args: string[], timeoutMs = 10_000): { code: number; stdout: string } {
  const result = spawnSync('ip', ['netns', 'exec', ns, ...args], { encoding: 'utf8', timeout: timeoutMs });
  return { code: result.status ?? 1, stdout: result.stdout ?? '' };
}

/** `curl` in `ns` with a short timeout: the body, or null when nothing answered. */
export function curl(ns: string, url: string, maxSeconds = 1.5): string | null {
  const result = inNs(ns, ['curl', '-s', '--max-time', String(maxSeconds), url], (maxSeconds + 3) * 1000);
  return result.code === 0 ? result.stdout : null;
}

/** One TCP connection attempt from `ns` (the probe, `timeoutMs` connect timeout). */
export function tcpConnects(ns: string, host: string, port: number, timeoutMs = 1500): boolean {
  const result = inNs(ns, [process.execPath, join(root, 'scripts/lab/probe.mjs'), '--mode', 'connect', '--host', host, '--port', String(port), '--timeout', String(timeoutMs)], timeoutMs + 5000);
  return result.code === 0;
}

/** Polls `check` every `everyMs` until it returns a truthy value; null after `timeoutMs`. */
export async function pollFor<T>(check: () => T | Promise<T>, timeoutMs = 15_000, everyMs = 200): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (let i = 0; i <= Math.ceil(timeoutMs / everyMs); i += 1) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) break;
    await new Promise((done) => setTimeout(done, everyMs));
  }
  return null;
}

export interface ProbeEvent {
  connected?: boolean;
  reply?: number;
  closed?: string;
  at: number;
}

/** A keep-alive HTTP client in the engineer namespace asking every 200 ms; its events as they come. */
export function startProbe(host: string, port = 80): { child: ChildProcess; events: ProbeEvent[]; stop(): void } {
  const child = spawn('ip', ['netns', 'exec', ENG_NS, process.execPath, join(root, 'scripts/lab/probe.mjs'), '--mode', 'http', '--host', host, '--port', String(port), '--every', '200', '--max-ms', '60000'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const events: ProbeEvent[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) events.push(JSON.parse(line) as ProbeEvent);
  });
  return { child, events, stop: () => void child.kill('SIGTERM') };
}

/** A fresh WireGuard private key (`wg genkey`). */
export const wgGenkey = (): string => execFileSync('wg', ['genkey'], { encoding: 'utf8' }).trim();

/**
 * Stops or starts the VPN Worker (the hub's API) through the runner's control port; `windowMs`: the gateways'
 * online window (GATEWAY_ONLINE_WINDOW_MS) of that start.
 */
export async function vpnWorker(action: 'stop' | 'start', windowMs?: number): Promise<void> {
  const query = windowMs ? `?window=${windowMs}` : '';
  const response = await fetch(`${CONTROL}/vpn/${action}${query}`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`vpn ${action}: ${response.status} ${await response.text()}`);
}

/** A gateway sending a UDP datagram to the hub's tunnel address every 500 ms (at most 2 min) until killed. */
export function startGatewayTraffic(ns: string): ChildProcess {
  const script = `const s = require('node:dgram').createSocket('udp4'); let n = 0;
    const t = setInterval(() => { s.send('ponte-lab', 9, '10.88.0.1', () => undefined); if (++n >= 240) process.exit(0); }, 500);
    process.on('SIGTERM', () => { clearInterval(t); process.exit(0); });`;
  return spawn('ip', ['netns', 'exec', ns, process.execPath, '-e', script], { stdio: 'ignore' });
}

/** The hub's log lines (JSON) since `since` (ms). */
export function hubEvents(since: number): Array<{ at: string; event: string; [key: string]: unknown }> {
  const log = labState().hub?.log;
  if (!log) return [];
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { at: string; event: string })
    .filter((entry) => Date.parse(entry.at) >= since);
}

/** "Gerar acesso" through the API (the portal's calls): a key pair made here, the wg-quick file assembled. */
export async function grantByApi(
  api: string,
  token: string,
  machineId: string,
  ports: number[],
  durationHours: 1 | 4 | 8 | 24 = 24,
): Promise<{ sessionId: string; conf: string; windowEnd: number }> {
  const post = async (path: string, body: unknown, idempotent = false) => {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        ...(idempotent ? { 'Idempotency-Key': crypto.randomUUID() } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as unknown;
  };
  const answer = (await post(`/machine/${machineId}/remote-access`, { reason: 'Teste de rede do laboratório', durationHours, services: ports }, true)) as {
    session: { id: string };
  };
  const privateKey = wgGenkey();
  const publicKey = execFileSync('wg', ['pubkey'], { input: `${privateKey}\n`, encoding: 'utf8' }).trim();
  const profile = (await post(`/remote-access/session/${answer.session.id}/profile`, { publicKey })) as {
    interface: { address: string };
    peer: { publicKey: string; endpointHost: string; endpointPort: number; allowedIps: string[]; persistentKeepalive: number };
    validUntil: { seconds: number; nanos: number };
  };
  const conf = [
    '[Interface]',
    `PrivateKey = ${privateKey}`,
    `Address = ${profile.interface.address}`,
    '',
    '[Peer]',
    `PublicKey = ${profile.peer.publicKey}`,
    `Endpoint = ${profile.peer.endpointHost}:${profile.peer.endpointPort}`,
    `AllowedIPs = ${profile.peer.allowedIps.join(', ')}`,
    `PersistentKeepalive = ${profile.peer.persistentKeepalive}`,
    '',
  ].join('\n');
  const windowEnd = profile.validUntil.seconds * 1000 + Math.floor(profile.validUntil.nanos / 1e6);
  return { sessionId: answer.session.id, conf, windowEnd };
}
