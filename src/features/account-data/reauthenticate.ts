/**
 * Signing in again before "Excluir conta": the API asks for a sign-in within the last 5 minutes (the ID token's
 * `auth_time`, 403 `recent-sign-in-required`). The identity service checks the person's password
 * (a sign-in of the same person) — or, for an account made with Google, Google's popup — and a fresh ID token is
 * taken, so that the retried request carries the new `auth_time`. The Firebase SDK is loaded on demand (as in
 * src/lib/firebase.ts): this runs only after the API asked for it.
 */
import { identity } from '@/lib/firebase';

export type ReauthMethod = 'password' | 'google';

/** How the signed-in person proves it is them again: their password, unless their account has none (Google). */
export async function reauthMethod(): Promise<ReauthMethod> {
  const user = (await identity()).currentUser();
  const providers = user?.providerData?.map((info) => info.providerId) ?? [];
  return providers.length > 0 && !providers.includes('password') && providers.includes('google.com') ? 'google' : 'password';
}

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Senha incorreta.',
  'auth/invalid-login-credentials': 'Senha incorreta.',
  'auth/wrong-password': 'Senha incorreta.',
  'auth/missing-password': 'Digite sua senha.',
  'auth/too-many-requests': 'Muitas tentativas seguidas. Aguarde alguns minutos e tente novamente.',
  'auth/network-request-failed': 'Não foi possível conectar ao serviço de autenticação. Verifique sua conexão e tente novamente.',
  'auth/popup-closed-by-user': 'A janela do Google foi fechada antes de concluir.',
  'auth/user-mismatch': 'Entre com a mesma conta do Google com que você está conectado.',
};
export const REAUTH_FAILED = 'Não foi possível confirmar que é você. Tente novamente.';

/** The identity service's failure in pt-BR. */
export function reauthErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : null;
  return (typeof code === 'string' ? MESSAGES[code] : undefined) ?? REAUTH_FAILED;
}

/**
 * Signs the current person in again (their password, or Google's popup) and refreshes their ID token. Only named
 * SDK functions, and the popup's on-demand module: a namespace import of the SDK would keep all of it in the chunk
 * every signed-in page loads first.
 */
export async function reauthenticate(password: string): Promise<void> {
  const client = await identity();
  const user = client.currentUser();
  if (!user) throw new Error(REAUTH_FAILED);
  if ((await reauthMethod()) === 'google') {
    const { reauthenticateWithGooglePopup } = await import('@/lib/firebase-popup');
    await reauthenticateWithGooglePopup(user);
    await user.getIdToken(true);
    return;
  }
  // The same person's password sign-in: the SDK checks the password and the new token carries a fresh auth_time.
  const again = await client.signIn(user.email ?? '', password);
  if (again.uid !== user.uid) throw new Error(REAUTH_FAILED);
  await again.getIdToken(true);
}
