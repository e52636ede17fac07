/**
 * The hub's WireGuard key pair: the private key is made here at first start (X25519, as `wg genkey`), kept in
 * `<stateDir>/private.key` with mode 600 and never sent anywhere; the public key is derived from it.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const toBase64 = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');

/** A fresh private key, base64, clamped as `wg genkey` prints it. */
export function generatePrivateKey(): string {
  const jwk = generateKeyPairSync('x25519').privateKey.export({ format: 'jwk' });
  const raw = Buffer.from(jwk.d ?? '', 'base64url');
  raw[0] = (raw[0] ?? 0) & 248;
  raw[31] = ((raw[31] ?? 0) & 127) | 64;
  return raw.toString('base64');
}

/** The public key of a base64 private key (as `wg pubkey`). */
export function publicKeyOf(privateKey: string): string {
  const d = Buffer.from(privateKey, 'base64');
  if (d.length !== 32) throw new Error('Chave privada WireGuard inválida (esperados 32 bytes em base64).');
  const key = createPrivateKey({ key: { kty: 'OKP', crv: 'X25519', d: d.toString('base64url'), x: '' }, format: 'jwk' });
  const x = createPublicKey(key).export({ format: 'jwk' }).x;
  if (!x) throw new Error('Não foi possível derivar a chave pública.');
  return toBase64(x);
}

export const privateKeyPath = (stateDir: string) => join(stateDir, 'private.key');

/** Reads the private key, making it (and the state directory, mode 700) at first start. */
export async function ensurePrivateKey(stateDir: string): Promise<{ privateKey: string; publicKey: string; created: boolean }> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const path = privateKeyPath(stateDir);
  let created = false;
  let privateKey: string;
  try {
    privateKey = (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    privateKey = generatePrivateKey();
    // 'wx': never overwrite a key another start just made.
    await writeFile(path, `${privateKey}\n`, { mode: 0o600, flag: 'wx' });
    created = true;
  }
  if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
  return { privateKey, publicKey: publicKeyOf(privateKey), created };
}
