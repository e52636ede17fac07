/**
 * WireGuard keys and the gateway's client configuration. A key pair is X25519 (Web Crypto): the public key is the
 * raw 32 bytes, the private key the JWK's `d` (Web Crypto exports no raw private key), both in base64 as
 * WireGuard writes them.
 */
import { deviceFileBaseName } from '@/contracts/device';
import { HUB_ADDRESS, SESSION_NETWORK, VPN_USER_NETWORK } from '@/contracts/hub';

export interface WireGuardKeyPair {
  privateKey: string;
  publicKey: string;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const base64UrlToBase64 = (value: string): string => {
  const plain = value.replace(/-/g, '+').replace(/_/g, '/');
  return plain + '='.repeat((4 - (plain.length % 4)) % 4);
};

export async function generateWireGuardKeyPair(): Promise<WireGuardKeyPair> {
  const pair = (await crypto.subtle.generateKey({ name: 'X25519' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicRaw = (await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer;
  const privateJwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  if (!privateJwk.d) throw new Error('X25519 private key without d');
  return { privateKey: base64UrlToBase64(privateJwk.d), publicKey: bytesToBase64(new Uint8Array(publicRaw)) };
}

/** What the gateway's file says of its hub. */
export interface ConfigurationHub {
  name: string;
  endpointHost: string;
  endpointPort: number;
  publicKey: string;
}

/** A machine behind the gateway: its LAN and the tunnel subnet mapped 1:1 onto it. */
export interface ConfigurationMachine {
  name: string;
  lanSubnet: string;
  tunnelSubnet: string;
}

export interface ConfigurationFields {
  name: string;
  serialNumber: string;
  vpnAddress: string;
  privateKey: string;
  hub: ConfigurationHub;
  machines: readonly ConfigurationMachine[];
  now: number;
}

/** The hub's networks a gateway routes into the tunnel: sessions, VPN users, the hub itself (never its own LAN). */
export const GATEWAY_ALLOWED_IPS = [SESSION_NETWORK, VPN_USER_NETWORK, `${HUB_ADDRESS}/32`] as const;
/** Who may reach the machines through the gateway (masqueraded there): sessions and VPN users, 10.86.0.0/15. */
const ENGINEERS = '10.86.0.0/15';

/**
 * wg-quick's hooks (run by bash; `%i` is the interface): one nftables table `ponte_%i` — per machine a 1:1 prefix
 * DNAT of its tunnel subnet onto its LAN and a masquerade toward the LAN (a PLC needs no route back); from the
 * tunnel, forward only what was DNATed — and IPv4 forwarding on. PostDown deletes the table.
 */
function hooks(machines: readonly ConfigurationMachine[]): string[] {
  if (machines.length === 0) return ['# Nenhuma máquina com rede neste gateway: nada é encaminhado para a rede local.'];
  const nft = (command: string) => `PostUp = nft '${command}'`;
  const table = 'ip ponte_%i';
  return [
    '# Encaminhamento: cada sub-rede do túnel é mapeada 1:1 na rede da máquina (DNAT de prefixo), com mascaramento',
    '# na saída (o CLP não precisa de rota de volta). Do túnel, só passa o que foi mapeado. Requer nftables.',
    'PostUp = sysctl -q -w net.ipv4.ip_forward=1',
    nft(`add table ${table}`),
    nft(`flush table ${table}`),
    nft(`add chain ${table} prerouting { type nat hook prerouting priority dstnat; policy accept; }`),
    nft(`add chain ${table} postrouting { type nat hook postrouting priority srcnat; policy accept; }`),
    nft(`add chain ${table} forward { type filter hook forward priority filter; policy accept; }`),
    ...machines.flatMap((machine) => [
      `# ${machine.name}: ${machine.tunnelSubnet} → ${machine.lanSubnet}`,
      nft(`add rule ${table} prerouting iifname "%i" ip daddr ${machine.tunnelSubnet} dnat ip prefix to ${machine.lanSubnet}`),
      nft(`add rule ${table} postrouting ip saddr ${ENGINEERS} ip daddr ${machine.lanSubnet} masquerade`),
    ]),
    nft(`add rule ${table} forward iifname "%i" ct status dnat accept`),
    nft(`add rule ${table} forward iifname "%i" drop`),
    `PostDown = nft 'delete table ${table}'`,
  ];
}

/**
 * The gateway's WireGuard configuration (the file "Baixar configuração VPN" saves), complete for `wg-quick up` on
 * a Linux gateway: its tunnel address, its hub's key and endpoint, AllowedIPs limited to the hub's networks, and
 * the hooks that map its machines' tunnel subnets onto their LANs.
 */
export function vpnConfiguration(fields: ConfigurationFields): string {
  const { hub } = fields;
  return [
    `# Ponte IIoT — configuração VPN do dispositivo ${fields.name}`,
    `# Número de série: ${fields.serialNumber}`,
    `# Gerada em: ${new Date(fields.now).toISOString()}`,
    `# Hub VPN: ${hub.name}`,
    '# No gateway (Linux com WireGuard e nftables): salve como /etc/wireguard/ponte.conf e rode `wg-quick up ponte`.',
    '# Não compartilhe: contém a chave privada.',
    '',
    '[Interface]',
    `PrivateKey = ${fields.privateKey}`,
    `Address = ${fields.vpnAddress}/32`,
    ...hooks(fields.machines),
    '',
    '[Peer]',
    `# O hub ${hub.name}`,
    `PublicKey = ${hub.publicKey}`,
    `Endpoint = ${hub.endpointHost}:${hub.endpointPort}`,
    `AllowedIPs = ${GATEWAY_ALLOWED_IPS.join(', ')}`,
    'PersistentKeepalive = 25',
    '',
  ].join('\n');
}

/** `attachment` with the file name in ASCII and, for any other character, in RFC 5987 form. */
export function attachment(name: string): string {
  const filename = `${deviceFileBaseName(name)}.conf`;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The first free address of the VPN (10.88.x.y, y from 10 to 254) given the ones taken. */
export function firstFreeVpnAddress(taken: ReadonlySet<string>): string {
  for (let third = 0; third < 256; third += 1) {
    for (let fourth = 10; fourth < 255; fourth += 1) {
      const address = `10.88.${third}.${fourth}`;
      if (!taken.has(address)) return address;
    }
  }
  return '10.88.255.254';
}
