/**
 * The engineer's WireGuard keys and profile, made in the page (issue 25): an X25519 key pair from Web Crypto, of
 * which only the public key is sent to the server; the private key goes into the `.conf` text assembled here and
 * nowhere else (never sent, never stored: it lives in the dialog's state until the dialog closes).
 */
import { isWireguardKey } from '@/contracts/remote-access';
import type { RemoteAccessProfileView } from './types';

/** Said when the browser's Web Crypto has no X25519 (older browsers): what to use instead. */
export const X25519_UNSUPPORTED_MESSAGE =
  'Este navegador não consegue gerar as chaves do perfil WireGuard (X25519 no Web Crypto). Use a versão atual do ' +
  'Chrome, Edge, Firefox ou Safari (Chrome/Edge 133+, Firefox 130+, Safari 17+) e tente de novo.';

/** A route that would send all of the engineer's traffic through the tunnel: never in a profile. */
const DEFAULT_ROUTES = new Set(['0.0.0.0/0', '::/0']);

export class X25519UnsupportedError extends Error {
  constructor() {
    super(X25519_UNSUPPORTED_MESSAGE);
    this.name = 'X25519UnsupportedError';
  }
}

export interface WireguardKeyPair {
  /** base64 of the 32-byte public key (44 characters): the only part sent. */
  publicKey: string;
  /** base64 of the 32-byte private key: only ever written into the profile's text. */
  privateKey: string;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64UrlToBase64(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return base64 + '='.repeat((4 - (base64.length % 4)) % 4);
}

/** The raw 32-byte private key: the JWK's `d`, else the end of the PKCS #8 wrapping (RFC 8410: 16 bytes + 32). */
async function rawPrivateKey(subtle: SubtleCrypto, key: CryptoKey): Promise<string> {
  try {
    const jwk = await subtle.exportKey('jwk', key);
    if (typeof jwk.d === 'string') return base64UrlToBase64(jwk.d);
  } catch {
    // Some engines export X25519 private keys as PKCS #8 only.
  }
  const pkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', key));
  return bytesToBase64(pkcs8.slice(pkcs8.length - 32));
}

/**
 * A fresh X25519 key pair, as WireGuard writes keys. Throws `X25519UnsupportedError` when Web Crypto cannot make one
 * (no `crypto.subtle`, e.g. outside a secure context, or no X25519).
 */
export async function generateWireguardKeyPair(): Promise<WireguardKeyPair> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (!subtle) throw new X25519UnsupportedError();
  let pair: CryptoKeyPair;
  try {
    pair = (await subtle.generateKey({ name: 'X25519' }, true, ['deriveBits'])) as CryptoKeyPair;
  } catch {
    throw new X25519UnsupportedError();
  }
  const publicKey = bytesToBase64(new Uint8Array(await subtle.exportKey('raw', pair.publicKey)));
  const privateKey = await rawPrivateKey(subtle, pair.privateKey);
  if (!isWireguardKey(publicKey) || !isWireguardKey(privateKey)) throw new X25519UnsupportedError();
  return { publicKey, privateKey };
}

const untilFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/**
 * The `.conf` file: `[Interface]` with the private key and the tunnel address, `[Peer]` with the VPN server's key,
 * its endpoint, `AllowedIPs` = the machine's LAN only (a default route is dropped: the tunnel reaches that machine
 * and nothing else) and the keep-alive. Throws when nothing is left to route.
 */
export function buildWireguardConfig(profile: RemoteAccessProfileView, privateKey: string): string {
  const allowed = profile.peer.allowedIps.map((range) => range.trim()).filter((range) => range !== '' && !DEFAULT_ROUTES.has(range));
  if (allowed.length === 0) throw new Error('O perfil não tem a rede da máquina: gere o acesso de novo.');
  const services = profile.services.map((service) => `${service.name} (${service.protocol}/${service.port})`).join(', ');
  return [
    `# Ponte IIoT: acesso remoto a ${profile.session.machineName}, válido até ${untilFormat.format(profile.validUntil)}`,
    ...(services ? [`# Serviços: ${services}`] : []),
    '[Interface]',
    `PrivateKey = ${privateKey}`,
    `Address = ${profile.interface.address}`,
    '',
    '[Peer]',
    `PublicKey = ${profile.peer.publicKey}`,
    `Endpoint = ${profile.peer.endpointHost}:${profile.peer.endpointPort}`,
    `AllowedIPs = ${allowed.join(', ')}`,
    `PersistentKeepalive = ${profile.peer.persistentKeepalive}`,
    '',
  ].join('\n');
}
