/**
 * A payment platform's secret key at rest: AES-GCM with the Worker's `SECRETS_KEY` (base64 of 32 bytes), a random
 * 12-byte IV per write; the row keeps the base64 ciphertext, the IV and the key's last four characters. The key
 * itself is never answered, logged or put in an error. Without a usable `SECRETS_KEY`, writing a secret is a 503.
 */
import { secretKeyLast4 } from '@/contracts/payment-platform';
import { ApiError } from '../../../shared/errors';

export const SECRETS_KEY_MISSING_MESSAGE = 'Chave de criptografia não configurada.';
const IV_BYTES = 12;
const KEY_BYTES = 32;

export const secretsKeyMissing = () => new ApiError(503, 'secrets-key-missing', SECRETS_KEY_MISSING_MESSAGE);

export interface SealedSecret {
  secretKeyCipher: string;
  secretKeyIv: string;
  secretKeyLast4: string | null;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const raw = atob(text.trim());
    const bytes = new Uint8Array(raw.length);
    for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

/** The AES-GCM key of `SECRETS_KEY`, or null when it is missing or not base64 of 32 bytes. */
async function importKey(secretsKey: string | undefined): Promise<CryptoKey | null> {
  if (!secretsKey) return null;
  const bytes = fromBase64(secretsKey);
  if (!bytes || bytes.length !== KEY_BYTES) return null;
  return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Whether `SECRETS_KEY` is usable (a secret can be written). */
export async function hasSecretsKey(secretsKey: string | undefined): Promise<boolean> {
  return (await importKey(secretsKey)) !== null;
}

/** Encrypts a secret key for storage: 503 without a usable `SECRETS_KEY`. */
export async function sealSecret(secretsKey: string | undefined, secret: string): Promise<SealedSecret> {
  const key = await importKey(secretsKey);
  if (!key) throw secretsKeyMissing();
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(secret));
  return { secretKeyCipher: toBase64(new Uint8Array(cipher)), secretKeyIv: toBase64(iv), secretKeyLast4: secretKeyLast4(secret) };
}

/** The stored secret key in clear (for a charge at the provider): 503 without a usable key; null when none is stored. */
export async function openSecret(
  secretsKey: string | undefined,
  sealed: { secretKeyCipher: string | null; secretKeyIv: string | null },
): Promise<string | null> {
  if (sealed.secretKeyCipher === null || sealed.secretKeyIv === null) return null;
  const key = await importKey(secretsKey);
  if (!key) throw secretsKeyMissing();
  const iv = fromBase64(sealed.secretKeyIv);
  const cipher = fromBase64(sealed.secretKeyCipher);
  if (!iv || !cipher) return null;
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, cipher);
  return new TextDecoder().decode(plain);
}
