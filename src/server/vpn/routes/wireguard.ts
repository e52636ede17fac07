/**
 * WireGuard keys (X25519 in Web Crypto: the private key leaves the Worker only inside the file it is made for) and
 * the nodes' credentials (random, kept as a SHA-256 hash).
 */

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64UrlToBase64(value: string): string {
  const plain = value.replace(/-/g, '+').replace(/_/g, '/');
  return plain + '='.repeat((4 - (plain.length % 4)) % 4);
}

export interface WireguardKeyPair {
  /** base64 of the 32-byte private key (only ever written into a configuration file). */
  privateKey: string;
  /** base64 of the 32-byte public key (what the server keeps). */
  publicKey: string;
}

export async function wireguardKeyPair(): Promise<WireguardKeyPair> {
  const pair = (await crypto.subtle.generateKey({ name: 'X25519' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicRaw = (await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer;
  const privateJwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  if (!privateJwk.d) throw new Error('X25519 private key not exportable');
  return { privateKey: base64UrlToBase64(privateJwk.d), publicKey: base64(new Uint8Array(publicRaw)) };
}

/** Hex SHA-256 of a text. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A node's credential: 32 random bytes, base64url, prefixed so it is recognisable in a config file. */
export function newNodeToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `pnode_${base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** A hub's credential: like a node's, prefixed `phub_`. */
export function newHubToken(): string {
  return `phub_${newNodeToken().slice('pnode_'.length)}`;
}
