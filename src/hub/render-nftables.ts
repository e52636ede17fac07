/**
 * The hub's one nftables table, replaced in one `nft -f` run (create-if-absent, delete, define: atomic and
 * idempotent). Deny by default for whatever enters or leaves the WireGuard interface; allowed:
 *
 * - a session: its address → its machine's tunnel subnet on the chosen TCP/UDP ports, and the replies;
 * - a VPN user: its address → each subnet it may reach (every port), and the replies;
 * - gateways initiate nothing: no element ever has a gateway's or a machine's address on the initiating side.
 *
 * The grants are set elements (one lookup per packet, 10 000 peers in one small file), each carrying its remaining
 * time as the element's timeout: the kernel stops forwarding at the end even if the hub process is gone. Replies
 * match the same elements reversed (`ip daddr . ip saddr . sport`), so an element's removal or timeout stops both
 * directions of an open connection at once. A refused TCP packet gets a reset (the client sees "refused" or its
 * connection cut at once), anything else is dropped. The hub's own address answers only ping and replies.
 */
import type { Plan, PlannedPeer } from './render-plan';

export const NFT_TABLE = 'ponte_hub';

const address = (cidr: string) => (cidr.endsWith('/32') ? cidr.slice(0, -3) : cidr);
const timeout = (peer: PlannedPeer) => (peer.timeoutMs === null ? '' : ` timeout ${Math.max(1, Math.ceil(peer.timeoutMs))}ms`);

function sessionElements(plan: Plan, protocol: 'tcp' | 'udp'): string[] {
  const out: string[] = [];
  for (const peer of plan.peers) {
    if (peer.kind !== 'session') continue;
    for (const source of peer.allowedIps)
      for (const network of peer.reach)
        for (const port of peer[protocol]) out.push(`${address(source)} . ${address(network)} . ${port}${timeout(peer)}`);
  }
  return out;
}

function userElements(plan: Plan): string[] {
  const out: string[] = [];
  for (const peer of plan.peers) {
    if (peer.kind !== 'user') continue;
    for (const source of peer.allowedIps)
      for (const network of peer.reach) out.push(`${address(source)} . ${address(network)}${timeout(peer)}`);
  }
  return out;
}

function set(name: string, type: string, elements: string[]): string[] {
  const lines = [`  set ${name} {`, `    type ${type}`, '    flags interval, timeout'];
  if (elements.length > 0) lines.push('    elements = {', elements.map((element) => `      ${element}`).join(',\n'), '    }');
  lines.push('  }');
  return lines;
}

export function renderNftables(plan: Plan, iface: string): string {
  const dev = JSON.stringify(iface);
  const grant = 'ipv4_addr . ipv4_addr . inet_service';
  return [
    `table inet ${NFT_TABLE} {}`,
    `delete table inet ${NFT_TABLE}`,
    `table inet ${NFT_TABLE} {`,
    ...set('session_tcp', grant, sessionElements(plan, 'tcp')),
    ...set('session_udp', grant, sessionElements(plan, 'udp')),
    ...set('user_reach', 'ipv4_addr . ipv4_addr', userElements(plan)),
    '  chain forward {',
    '    type filter hook forward priority filter; policy accept;',
    `    iifname != ${dev} oifname != ${dev} accept`,
    '    ip saddr . ip daddr . tcp dport @session_tcp accept',
    '    ip saddr . ip daddr . udp dport @session_udp accept',
    '    ct state established ip daddr . ip saddr . tcp sport @session_tcp accept',
    '    ct state established ip daddr . ip saddr . udp sport @session_udp accept',
    '    ip saddr . ip daddr @user_reach accept',
    '    ct state established ip daddr . ip saddr @user_reach accept',
    '    meta l4proto tcp counter reject with tcp reset',
    '    counter drop',
    '  }',
    '  chain input {',
    '    type filter hook input priority filter; policy accept;',
    `    iifname != ${dev} accept`,
    '    ct state established,related accept',
    '    icmp type echo-request accept',
    '    counter drop',
    '  }',
    '}',
    '',
  ].join('\n');
}
