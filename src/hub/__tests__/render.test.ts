// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderNftables } from '../render-nftables';
import { MAX_ELEMENT_TIMEOUT_MS, planState, InvalidStateError } from '../render-plan';
import { renderWireguard } from '../render-wireguard';
import { KEYS, NOW, sampleState } from './fixtures';

describe('planState', () => {
  it('leaves expired peers out and finds the next expiry', () => {
    const plan = planState(sampleState(), NOW);
    expect(plan.peers.map((peer) => peer.id)).toEqual(['gw-1', 'user-1', 'sess-1']);
    expect(plan.expired).toEqual(['sess-old']);
    expect(plan.skipped).toEqual([]);
    expect(plan.nextChangeAt).toBe(NOW + 30 * 60_000);
    expect(plan.peers.find((peer) => peer.id === 'sess-1')?.timeoutMs).toBe(30 * 60_000);
  });

  it('gives a far end no timeout yet and re-renders when it comes within the cap', () => {
    const far = NOW + MAX_ELEMENT_TIMEOUT_MS + 60_000;
    const state = sampleState();
    state.peers = state.peers.map((peer) => (peer.kind === 'user' ? { ...peer, expiresAt: far } : peer)).filter((peer) => peer.kind !== 'session');
    const plan = planState(state, NOW);
    expect(plan.peers.find((peer) => peer.id === 'user-1')?.timeoutMs).toBeNull();
    expect(plan.nextChangeAt).toBe(NOW + 60_000);
    expect(planState(state, NOW + 60_000).peers.find((peer) => peer.id === 'user-1')?.timeoutMs).toBe(MAX_ELEMENT_TIMEOUT_MS);
  });

  it('skips peers outside the addressing plan or reusing an address or key, with the reason', () => {
    const state = sampleState();
    state.peers.push(
      { kind: 'gateway', id: 'gw-evil', publicKey: KEYS.other, allowedIps: ['10.86.0.0/16'] },
      {
        kind: 'session',
        id: 'sess-dup',
        publicKey: KEYS.other,
        allowedIps: ['10.86.0.5/32'],
        reach: { network: '10.130.1.0/24', tcp: [22], udp: [] },
        expiresAt: NOW + 60_000,
      },
      {
        kind: 'user',
        id: 'user-wide',
        publicKey: KEYS.other,
        allowedIps: ['10.87.0.9/32'],
        reach: ['0.0.0.0/0'],
        expiresAt: null,
      },
      {
        kind: 'session',
        id: 'sess-port',
        publicKey: KEYS.other,
        allowedIps: ['10.86.0.9/32'],
        reach: { network: '10.130.1.0/24', tcp: [70000], udp: [] },
        expiresAt: NOW + 60_000,
      },
      { kind: 'gateway', id: 'gw-key', publicKey: KEYS.user, allowedIps: ['10.88.0.9/32'] },
    );
    expect(planState(state, NOW).skipped).toEqual([
      { id: 'gw-evil', reason: 'gateway gw-evil: endereço 10.86.0.0/16 fora da faixa permitida.' },
      { id: 'sess-dup', reason: 'sessão sess-dup: endereço 10.86.0.5/32 já usado por sess-1.' },
      { id: 'user-wide', reason: 'usuário VPN user-wide: rede 0.0.0.0/0 fora das sub-redes de túnel.' },
      { id: 'sess-port', reason: 'sessão sess-port: porta 70000 inválida.' },
      { id: 'gw-key', reason: 'gateway gw-key: chave pública já usada por user-1.' },
    ]);
  });

  it('refuses a state whose own address or networks are outside the plan', () => {
    const state = sampleState({ hub: { id: 'h', address: 'x; drop', listenPort: 51820, networks: [] } });
    expect(() => planState(state, NOW)).toThrow(new InvalidStateError('Endereço do hub inválido: x; drop.'));
    const everything = sampleState({ hub: { id: 'h', address: '10.88.0.1/16', listenPort: 51820, networks: ['0.0.0.0/0'] } });
    expect(() => planState(everything, NOW)).toThrow(
      new InvalidStateError('Rede do hub inválida ou fora do plano de endereços: 0.0.0.0/0.'),
    );
  });

  it('normalises networks (host bits cleared) and takes the configured port over the state\'s', () => {
    const state = sampleState();
    state.peers = [{ kind: 'gateway', id: 'gw-1', publicKey: KEYS.gateway, allowedIps: ['10.88.0.2', '10.130.1.7/24'] }];
    const plan = planState(state, NOW, 41000);
    expect(plan.peers[0]?.allowedIps).toEqual(['10.88.0.2/32', '10.130.1.0/24']);
    expect(plan.hub.listenPort).toBe(41000);
  });
});

describe('renderWireguard', () => {
  it('renders the interface and one peer per active peer', () => {
    expect(renderWireguard(planState(sampleState(), NOW), KEYS.hubPrivate)).toBe(`[Interface]
PrivateKey = ${KEYS.hubPrivate}
ListenPort = 51820

# gateway gw-1
[Peer]
PublicKey = ${KEYS.gateway}
AllowedIPs = 10.88.0.2/32, 10.130.1.0/24

# user user-1
[Peer]
PublicKey = ${KEYS.user}
AllowedIPs = 10.87.0.2/32

# session sess-1
[Peer]
PublicKey = ${KEYS.session}
AllowedIPs = 10.86.0.5/32
`);
  });
});

describe('renderNftables', () => {
  it('renders one table: grants as timed set elements, deny by default on the interface', () => {
    const state = sampleState();
    const session = state.peers[2];
    if (session?.kind === 'session') session.reach.udp = [47808];
    expect(renderNftables(planState(state, NOW), 'ponte0')).toBe(`table inet ponte_hub {}
delete table inet ponte_hub
table inet ponte_hub {
  set session_tcp {
    type ipv4_addr . ipv4_addr . inet_service
    flags interval, timeout
    elements = {
      10.86.0.5 . 10.130.1.0/24 . 80 timeout 1800000ms,
      10.86.0.5 . 10.130.1.0/24 . 502 timeout 1800000ms
    }
  }
  set session_udp {
    type ipv4_addr . ipv4_addr . inet_service
    flags interval, timeout
    elements = {
      10.86.0.5 . 10.130.1.0/24 . 47808 timeout 1800000ms
    }
  }
  set user_reach {
    type ipv4_addr . ipv4_addr
    flags interval, timeout
    elements = {
      10.87.0.2 . 10.130.1.0/24
    }
  }
  chain forward {
    type filter hook forward priority filter; policy accept;
    iifname != "ponte0" oifname != "ponte0" accept
    ip saddr . ip daddr . tcp dport @session_tcp accept
    ip saddr . ip daddr . udp dport @session_udp accept
    ct state established ip daddr . ip saddr . tcp sport @session_tcp accept
    ct state established ip daddr . ip saddr . udp sport @session_udp accept
    ip saddr . ip daddr @user_reach accept
    ct state established ip daddr . ip saddr @user_reach accept
    meta l4proto tcp counter reject with tcp reset
    counter drop
  }
  chain input {
    type filter hook input priority filter; policy accept;
    iifname != "ponte0" accept
    ct state established,related accept
    icmp type echo-request accept
    counter drop
  }
}
`);
  });

  it('leaves empty sets without elements (nothing allowed)', () => {
    const text = renderNftables(planState(sampleState({ peers: [] }), NOW), 'pht0');
    expect(text).toContain('  set session_tcp {\n    type ipv4_addr . ipv4_addr . inet_service\n    flags interval, timeout\n  }\n');
    expect(text).not.toContain('elements');
    expect(text).toContain('iifname != "pht0" oifname != "pht0" accept');
  });
});
