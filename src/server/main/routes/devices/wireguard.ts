/**
 * WireGuard keys and the gateway's client configuration. A key pair is X25519 (Web Crypto): the public key is the
 * raw 32 bytes, the private key the JWK's `d` (Web Crypto exports no raw private key), both in base64 as
 * WireGuard writes them.
 */
import { deviceFileBaseName } from '@/contracts/device';
import { VPN_ENDPOINT, VPN_NETWORK, VPN_SERVER_ADDRESS } from './constants';

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

export interface ConfigurationFields {
  name: string;
  serialNumber: string;
  vpnAddress: string;
  privateKey: string;
  serverPublicKey: string;
  /** The LAN behind the gateway (its machine's), routed through the VPN. */
  lanSubnet: string | null;
  now: number;
}

/** The WireGuard client configuration of a gateway (the file "Baixar configuração VPN" saves), as the demo's. */
export function vpnConfiguration(fields: ConfigurationFields): string {
  return [
    `# Ponte IIoT — configuração VPN do dispositivo ${fields.name}`,
    `# Número de série: ${fields.serialNumber}`,
    `# Gerada em: ${new Date(fields.now).toISOString()}`,
    '# Copie este arquivo para o gateway (ou importe-o no cliente WireGuard). Não compartilhe: contém a chave privada.',
    '',
    '[Interface]',
    `PrivateKey = ${fields.privateKey}`,
    `Address = ${fields.vpnAddress}/32`,
    `DNS = ${VPN_SERVER_ADDRESS}`,
    '',
    '[Peer]',
    `PublicKey = ${fields.serverPublicKey}`,
    `Endpoint = ${VPN_ENDPOINT}`,
    `AllowedIPs = ${[VPN_NETWORK, fields.lanSubnet].filter(Boolean).join(', ')}`,
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
