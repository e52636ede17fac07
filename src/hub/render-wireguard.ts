/** The WireGuard configuration for `wg syncconf <if> <file>`: the interface and one [Peer] per planned peer. */
import type { Plan } from './render-plan';

/** A comment-safe label (ids come from the API). */
const label = (text: string) => text.replace(/[^\w.:@-]/g, '_').slice(0, 80);

export function renderWireguard(plan: Plan, privateKey: string): string {
  const lines = ['[Interface]', `PrivateKey = ${privateKey}`, `ListenPort = ${plan.hub.listenPort}`];
  for (const peer of plan.peers) {
    lines.push(
      '',
      `# ${peer.kind} ${label(peer.id)}`,
      '[Peer]',
      `PublicKey = ${peer.publicKey}`,
      `AllowedIPs = ${peer.allowedIps.join(', ')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
