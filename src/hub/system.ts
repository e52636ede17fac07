/** The host side: the commands the hub needs, its WireGuard interface, its address, routes and forwarding. */
import { access } from 'node:fs/promises';
import type { HubConfig } from './config';
import { mustRun, onPath, type Runner } from './run';

/** Command → the Debian/Ubuntu package that brings it. */
export const REQUIRED_COMMANDS = { wg: 'wireguard-tools', nft: 'nftables', ip: 'iproute2' } as const;
export const OPTIONAL_COMMANDS = { conntrack: 'conntrack' } as const;

export class SetupError extends Error {
  override name = 'SetupError';
}

/** One pt-BR line naming what to install; null when nothing required is missing. */
export function missingCommandsMessage(missing: readonly string[]): string | null {
  if (missing.length === 0) return null;
  const packages = missing.map((command) => REQUIRED_COMMANDS[command as keyof typeof REQUIRED_COMMANDS] ?? command);
  return `Comando${missing.length > 1 ? 's' : ''} ausente${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. Instale ${
    packages.length > 1 ? 'os pacotes' : 'o pacote'
  } ${packages.join(', ')} (ex.: apt-get install ${packages.join(' ')}).`;
}

export async function checkCommands(has: (command: string) => Promise<boolean> = (command) => onPath(command)): Promise<{
  missing: string[];
  warnings: string[];
}> {
  const missing: string[] = [];
  for (const command of Object.keys(REQUIRED_COMMANDS)) if (!(await has(command))) missing.push(command);
  const warnings: string[] = [];
  if (!(await has('conntrack')))
    warnings.push(
      'Comando ausente: conntrack (pacote conntrack). Sem ele o hub não corta as conexões abertas de uma sessão encerrada (apt-get install conntrack).',
    );
  return { missing, warnings };
}

export type Implementation = 'kernel' | 'wireguard-go';

const socketPath = (iface: string) => `/var/run/wireguard/${iface}.sock`;
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Makes the WireGuard interface if it is absent: the kernel's (`ip link add … type wireguard`) unless forced to or
 * unavailable, then `wireguard-go <if>` (inside the namespace). An interface already there is kept.
 */
export async function ensureInterface(
  runner: Runner,
  config: Pick<HubConfig, 'interface' | 'implementation' | 'netns'>,
  has: (command: string) => Promise<boolean> = (command) => onPath(command),
): Promise<{ implementation: Implementation; created: boolean }> {
  const iface = config.interface;
  const probe = await runner.run('ip', ['link', 'show', 'lo']);
  if (probe.code !== 0)
    throw new SetupError(
      config.netns
        ? `O namespace de rede ${config.netns} não está acessível (crie-o com: ip netns add ${config.netns}): ${probe.stderr.trim()}`
        : `O comando ip falhou: ${probe.stderr.trim()}`,
    );
  if ((await runner.run('ip', ['link', 'show', 'dev', iface])).code === 0)
    return { implementation: (await exists(socketPath(iface))) ? 'wireguard-go' : 'kernel', created: false };

  if (config.implementation !== 'wireguard-go') {
    const kernel = await runner.run('ip', ['link', 'add', 'dev', iface, 'type', 'wireguard']);
    if (kernel.code === 0) return { implementation: 'kernel', created: true };
    if (config.implementation === 'kernel')
      throw new SetupError(`O kernel não criou a interface WireGuard ${iface}: ${kernel.stderr.trim()} (carregue o módulo wireguard).`);
  }
  if (!(await has('wireguard-go')))
    throw new SetupError(
      'Sem WireGuard no kernel e sem wireguard-go: instale o pacote wireguard-go (ex.: apt-get install wireguard-go) ou use um kernel com o módulo wireguard.',
    );
  // wireguard-go daemonizes once the interface is up; without LOG_LEVEL its child holds none of our pipes.
  await mustRun(runner, 'wireguard-go', [iface], { env: { LOG_LEVEL: undefined, WG_PROCESS_FOREGROUND: undefined } });
  return { implementation: 'wireguard-go', created: true };
}

/** Key, port, link up and IPv4 forwarding (inside the namespace when set). */
export async function configureInterface(
  runner: Runner,
  iface: string,
  options: { privateKeyFile: string; listenPort: number; address: string },
): Promise<void> {
  await mustRun(runner, 'wg', ['set', iface, 'private-key', options.privateKeyFile, 'listen-port', String(options.listenPort)]);
  await mustRun(runner, 'ip', ['address', 'replace', options.address, 'dev', iface]);
  await mustRun(runner, 'ip', ['link', 'set', 'dev', iface, 'up']);
  await mustRun(runner, 'sysctl', ['-q', '-w', 'net.ipv4.ip_forward=1']);
}

export interface HubNetwork {
  address: string;
  networks: string[];
}

/** Moves the interface's address and routes from `current` (null: unknown) to `next`. */
export async function applyHubNetwork(runner: Runner, iface: string, current: HubNetwork | null, next: HubNetwork): Promise<void> {
  if (current?.address !== next.address) {
    await mustRun(runner, 'ip', ['address', 'replace', next.address, 'dev', iface]);
    if (current && current.address !== next.address) await runner.run('ip', ['address', 'del', current.address, 'dev', iface]);
  }
  for (const network of next.networks) await mustRun(runner, 'ip', ['route', 'replace', network, 'dev', iface]);
  for (const network of current?.networks ?? [])
    if (!next.networks.includes(network)) await runner.run('ip', ['route', 'del', network, 'dev', iface]);
}

export const sameNetwork = (a: HubNetwork | null, b: HubNetwork) =>
  a !== null && a.address === b.address && a.networks.join(',') === b.networks.join(',');
