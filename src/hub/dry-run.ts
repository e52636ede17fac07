/** `--dry-run`: what the hub would apply for a state (from the API once, or a file), printed; nothing touched. */
import { join } from 'node:path';
import type { HubDesiredState } from '@/contracts/hub';
import { createApi } from './api';
import { render } from './apply';
import { requireApi, type HubConfig } from './config';
import { planState } from './render-plan';
import { loadState } from './store';

export async function loadDryRunState(config: HubConfig, stateFile: string | null): Promise<HubDesiredState> {
  if (stateFile) {
    const state = await loadState(stateFile);
    if (!state) throw new Error(`Arquivo de estado não encontrado: ${stateFile}.`);
    return state;
  }
  const api = requireApi(config);
  return createApi({ ...api, timeoutMs: config.requestTimeoutMs }).getState();
}

/** The text printed: a header, the WireGuard configuration, the nftables file, the interface commands. */
export function dryRunText(config: HubConfig, state: HubDesiredState, now: number): string {
  const plan = planState(state, now, config.listenPort ?? undefined);
  const iface = config.interface;
  const rendered = render(plan, `(chave privada de ${join(config.stateDir, 'private.key')})`, iface);
  const prefix = config.netns ? `ip netns exec ${config.netns} ` : '';
  const lines = [
    `# ponte-hub --dry-run: estado ${plan.version}, ${plan.peers.length} peer(s) aplicável(is), ${plan.expired.length} expirado(s), ${plan.skipped.length} ignorado(s).`,
    ...plan.skipped.map((skipped) => `# ignorado: ${skipped.reason}`),
    ...(plan.expired.length > 0 ? [`# expirados (fora): ${plan.expired.join(', ')}`] : []),
    '',
    `# --- WireGuard: wg syncconf ${iface} <arquivo> ---`,
    rendered.wireguard,
    `# --- nftables: ${prefix}nft -f <arquivo> ---`,
    rendered.nftables,
    '# --- interface ---',
    `${prefix}ip address replace ${plan.hub.address} dev ${iface}`,
    ...plan.hub.networks.map((network) => `${prefix}ip route replace ${network} dev ${iface}`),
    '',
  ];
  return lines.join('\n');
}
