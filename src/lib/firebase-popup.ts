/**
 * Sign-in with Google through the identity SDK's popup. Imported on demand (the click on "Entrar com Google"),
 * never by a sign-in page's first load: it brings the SDK's popup resolver (`browserPopupRedirectResolver`,
 * which ./firebase-client.ts deliberately leaves out of `initializeAuth`).
 *
 * With the Auth emulator (the demo) the SDK opens the emulator's own account chooser instead of Google's.
 * The SDK loads Google's iframe library (apis.google.com) before it opens the popup; when that script cannot be
 * fetched it fails with `auth/internal-error` carrying the script's error event: that is the identity service
 * being unreachable, and it is reported as `auth/network-request-failed` so the user reads the same message as
 * for any other connection failure.
 */
import { browserPopupRedirectResolver, GoogleAuthProvider, reauthenticateWithPopup, signInWithPopup, type Auth, type User } from 'firebase/auth';

/** An error with a Firebase-style code (the SDK's own errors are FirebaseError, which has one too). */
export class PopupSignInError extends Error {
  constructor(
    public readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(`Firebase: Error (${code}).`, options);
    this.name = 'PopupSignInError';
  }
}

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : null;
}

/** The SDK's "script failed to load" (apis.google.com unreachable) as the network failure it is. */
export function normalizePopupError(error: unknown): unknown {
  if (codeOf(error) !== 'auth/internal-error') return error;
  const data = (error as { customData?: unknown }).customData;
  if (typeof Event !== 'undefined' && data instanceof Event && data.type === 'error') {
    return new PopupSignInError('auth/network-request-failed', { cause: error });
  }
  return error;
}

/** Opens the Google popup (500x600, the SDK's defaults) and resolves with the signed-in user. */
export async function signInWithGooglePopup(auth: Auth): Promise<User> {
  const provider = new GoogleAuthProvider();
  // Whoever uses several Google accounts picks one, instead of being signed in with the last one silently.
  provider.setCustomParameters({ prompt: 'select_account' });
  try {
    const credential = await signInWithPopup(auth, provider, browserPopupRedirectResolver);
    return credential.user;
  } catch (error) {
    throw normalizePopupError(error);
  }
}

/** Signs the same person in again with Google's popup (a fresh `auth_time`, e.g. before deleting the account). */
export async function reauthenticateWithGooglePopup(user: User): Promise<void> {
  try {
    await reauthenticateWithPopup(user, new GoogleAuthProvider(), browserPopupRedirectResolver);
  } catch (error) {
    throw normalizePopupError(error);
  }
}
