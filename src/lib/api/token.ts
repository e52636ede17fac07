/**
 * Where the base query gets the bearer token. The default reads the Firebase current user; tests install
 * their own provider. The Firebase SDK itself stays in its own chunk (lib/firebase loads it on demand).
 */
import { currentIdToken } from '../firebase';

export type TokenProvider = () => Promise<string | null>;

let provider: TokenProvider = () => currentIdToken();

export function setTokenProvider(next: TokenProvider): void {
  provider = next;
}

export function getToken(): Promise<string | null> {
  return provider();
}
