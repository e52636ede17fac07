/**
 * The module that imports the Firebase SDK (with ./firebase-popup.ts, the Google popup, imported on click). It is
 * loaded on demand by ./firebase.ts so that areas and screens that do not need identity (the landing) never
 * download it.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { FirebaseSettings } from '@/config/env';

export type { User };

export interface IdentityClient {
  auth: Auth;
  currentUser(): User | null;
  ready(): Promise<void>;
  onChange(listener: (user: User | null) => void): () => void;
  signIn(email: string, password: string): Promise<User>;
  createAccount(email: string, password: string, displayName?: string): Promise<User>;
  signInWithToken(token: string): Promise<User>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  updateDisplayName(name: string): Promise<void>;
  /** Firebase's verification e-mail to the signed-in person (issue 35: the CNPJ is held until it is opened). */
  sendEmailVerification(): Promise<void>;
  /**
   * Asks Firebase whether the signed-in person's e-mail is verified now (`user.reload()`); when it is, the token
   * is refreshed (`getIdToken(true)`) so the API sees `email_verified: true`. False without a user.
   */
  refreshEmailVerified(): Promise<boolean>;
}

const TOKEN_SYNC_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Optional token sync (`VITE_FIREBASE_TOKEN_SYNC_URL`, see docs/configuration.md): POST with the bearer token when a token exists, DELETE when none; only for a
 * same-origin URL and a token under five minutes old.
 */
function startTokenSync(auth: Auth, url: string): void {
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return;
  }
  if (target.origin !== window.location.origin) return;
  onIdTokenChanged(auth, (user) => {
    void (async () => {
      if (!user) {
        await fetch(target, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
        return;
      }
      const result = await user.getIdTokenResult();
      const age = Date.now() - new Date(result.issuedAtTime).getTime();
      if (age > TOKEN_SYNC_MAX_AGE_MS) return;
      await fetch(target, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Authorization: `Bearer ${result.token}` },
      }).catch(() => undefined);
    })();
  });
}

export function createIdentityClient(settings: FirebaseSettings): IdentityClient {
  const app = initializeApp({
    apiKey: settings.apiKey,
    authDomain: settings.authDomain,
    projectId: settings.projectId,
    ...(settings.appId ? { appId: settings.appId } : {}),
  });
  // initializeAuth without a popup resolver keeps the popup/redirect code out of the bundle.
  // The session is kept in localStorage: the SDK's IndexedDB store reads the database every 800 ms to notice other
  // tabs (a task of ~10 ms on a slow phone that lands in the middle of a search or a page turn; measured with
  // `npm run bench -- --trace`), where localStorage hears them through `storage` events. A session an older version
  // kept in IndexedDB is found there and moved (the SDK migrates to the first persistence).
  const auth = initializeAuth(app, { persistence: [browserLocalPersistence, indexedDBLocalPersistence] });
  auth.languageCode = 'pt-BR';
  if (settings.emulatorHost) {
    connectAuthEmulator(auth, `http://${settings.emulatorHost}`, { disableWarnings: true });
  }
  if (settings.tokenSyncUrl) startTokenSync(auth, settings.tokenSyncUrl);

  return {
    auth,
    currentUser: () => auth.currentUser,
    ready: () => auth.authStateReady(),
    onChange: (listener) => onAuthStateChanged(auth, listener),
    signIn: async (email, password) => (await signInWithEmailAndPassword(auth, email, password)).user,
    createAccount: async (email, password, displayName) => {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      if (displayName) await updateProfile(user, { displayName }).catch(() => undefined);
      return user;
    },
    signInWithToken: async (token) => (await signInWithCustomToken(auth, token)).user,
    signOut: () => signOut(auth),
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    updateDisplayName: async (name) => {
      if (auth.currentUser) await updateProfile(auth.currentUser, { displayName: name });
    },
    sendEmailVerification: async () => {
      if (!auth.currentUser) throw new Error('Nenhuma sessão para confirmar o e-mail.');
      await sendEmailVerification(auth.currentUser);
    },
    refreshEmailVerified: async () => {
      const user = auth.currentUser;
      if (!user) return false;
      await user.reload();
      if (user.emailVerified) await user.getIdToken(true);
      return user.emailVerified;
    },
  };
}
