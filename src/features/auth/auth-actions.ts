import { createAction, createAsyncThunk } from '@reduxjs/toolkit';
import { apiErrorCode, apiErrorMessage, apiErrorStatus, isFetchBaseQueryError } from '@/lib/api/errors';
import { identity, type User } from '@/lib/firebase';
import { normalizeCnpj } from '@/contracts/validators/cnpj';
import { AUTH_FALLBACK, AuthFailure, authErrorCode, authErrorMessage, isQuietAuthError, NOT_AUTHORIZED } from './auth-errors';
import { beginAuthFlow } from './auth-flow';
import { forgetAccount, rememberAccount } from './account-data';
import { clearAuthData, readAuthData } from './auth-storage';
import type { AuthArea, AuthUser, Me, PendingProfile } from './types';

/** A failure as the forms need it: the message, and the field it belongs to when there is one. */
export interface AuthError {
  message: string;
  field?: 'name' | 'cnpj' | 'email' | 'password';
  /** Nothing to say (the person closed the Google popup, or a newer popup replaced it): no toast, no message. */
  quiet?: boolean;
}

type ThunkConfig = { rejectValue: AuthError };

const FIELD_BY_CODE: Record<string, AuthError['field']> = {
  'auth/email-already-in-use': 'email',
  'auth/invalid-email': 'email',
  'auth/missing-email': 'email',
  'auth/weak-password': 'password',
  'auth/missing-password': 'password',
  'cnpj-taken': 'cnpj',
};

function fieldOf(error: unknown): AuthError['field'] {
  const code = authErrorCode(error) ?? apiErrorCode(error);
  if (code && FIELD_BY_CODE[code]) return FIELD_BY_CODE[code];
  if (isFetchBaseQueryError(error) && typeof error.data === 'object' && error.data !== null) {
    const field = (error.data as { error?: { field?: unknown } }).error?.field;
    if (field === 'name' || field === 'cnpj' || field === 'email' || field === 'password') return field;
  }
  return undefined;
}

export function toAuthError(message: string, error: unknown): AuthError {
  const field = fieldOf(error);
  return field ? { message, field } : { message };
}

export const IDENTITY_LOAD_FAILED = 'Não foi possível carregar o serviço de autenticação. Recarregue a página.';

/**
 * A signed-in person without a builder record (GET /me answered 404): the portal keeps the session and asks for
 * Nome and CNPJ ("Complete seu cadastro", see components/complete-profile.tsx) before it opens.
 */
export const profileMissing = createAction<PendingProfile>('auth/profileMissing');

export function pendingProfileOf(firebaseUser: User): PendingProfile {
  const email = firebaseUser.email ?? '';
  return { uid: firebaseUser.uid, email, name: firebaseUser.displayName ?? '' };
}

export const PROFILE_MISSING =
  'Não encontramos o cadastro da sua empresa. Conclua o cadastro em "Criar conta" com o mesmo e-mail.';

/**
 * The /me and /assembler endpoints, with RTK Query under them: loaded on the first submit (or by the signed-in
 * screens), never before the sign-in form paints.
 */
const loadAuthApi = () => import('./api').then((module) => module.authApi);

/** GET /me with an explicit token (the header override), always from the network. */
export async function fetchProfile(
  dispatch: (action: unknown) => unknown,
  token: string,
): Promise<Me> {
  const authApi = await loadAuthApi();
  const request = dispatch(
    authApi.endpoints.getMe.initiate({ token }, { forceRefetch: true, subscribe: false }),
  ) as { unwrap(): Promise<Me> };
  return request.unwrap();
}

export function userFrom(firebaseUser: User, me: Me | null, admin: boolean): AuthUser {
  const email = firebaseUser.email ?? me?.email ?? '';
  return {
    uid: firebaseUser.uid,
    email,
    name: me?.name ?? firebaseUser.displayName ?? email,
    cnpj: me?.cnpj ?? '',
    admin,
    emailVerified: firebaseUser.emailVerified !== false,
  };
}

function failureMessage(error: unknown, fallback: string): string {
  if (isFetchBaseQueryError(error)) {
    return apiErrorStatus(error) === 404 ? PROFILE_MISSING : apiErrorMessage(error);
  }
  return authErrorMessage(error, fallback);
}

/**
 * After the identity sign-in: the back office admits only the admin claim; then GET /me. In the portal, a person
 * without a builder record (404) stays signed in and `profileMissing` asks for the registration: null.
 */
async function finishSignIn(
  dispatch: (action: unknown) => unknown,
  firebaseUser: User,
  area: AuthArea,
): Promise<AuthUser | null> {
  const tokenResult = await firebaseUser.getIdTokenResult();
  const admin = tokenResult.claims.admin === true;
  if (area === 'backoffice' && !admin) throw new AuthFailure(NOT_AUTHORIZED);
  let me: Me;
  try {
    me = await fetchProfile(dispatch, tokenResult.token);
  } catch (error) {
    if (area !== 'portal' || admin || apiErrorStatus(error) !== 404) throw error;
    clearAuthData();
    dispatch(profileMissing(pendingProfileOf(firebaseUser)));
    return null;
  }
  const user = userFrom(firebaseUser, me, admin);
  rememberAccount(dispatch, { token: tokenResult.token, user });
  return user;
}

/**
 * Sign-in = identity sign-in, then GET /me. The back office admits only tokens with the admin claim. Resolves
 * null when the portal still needs the builder's registration (the state's `pendingProfile`).
 */
export const signIn = createAsyncThunk<AuthUser | null, { email: string; password: string; area: AuthArea }, ThunkConfig>(
  'auth/signIn',
  async ({ email, password, area }, { dispatch, rejectWithValue }) => {
    const endFlow = beginAuthFlow();
    let signedIn = false;
    const id = await identity().catch(() => null);
    try {
      if (!id) throw new AuthFailure(IDENTITY_LOAD_FAILED);
      const firebaseUser = await id.signIn(email.trim(), password);
      signedIn = true;
      return await finishSignIn(dispatch, firebaseUser, area);
    } catch (error) {
      // Never leave a half session behind: the listener would otherwise pick it up.
      if (signedIn && id) await id.signOut().catch(() => undefined);
      clearAuthData();
      return rejectWithValue(toAuthError(failureMessage(error, AUTH_FALLBACK.signIn), error));
    } finally {
      endFlow();
    }
  },
);

/**
 * "Entrar com Google": the identity SDK's popup (its module, with the popup resolver, is loaded on this click),
 * then the same checks as the e-mail sign-in. A closed popup, or one a newer popup replaced, rejects quietly.
 */
export const signInWithGoogle = createAsyncThunk<AuthUser | null, { area: AuthArea }, ThunkConfig>(
  'auth/signInWithGoogle',
  async ({ area }, { dispatch, rejectWithValue }) => {
    const endFlow = beginAuthFlow();
    let signedIn = false;
    const id = await identity().catch(() => null);
    try {
      if (!id) throw new AuthFailure(IDENTITY_LOAD_FAILED);
      // The SDK may have started loading with this very click (identity-start.ts): the popup opens once it is
      // initialised, together with its resolver's module.
      const [popup] = await Promise.all([
        import('@/lib/firebase-popup').catch(() => {
          throw new AuthFailure('Não foi possível carregar o login com Google. Recarregue a página.');
        }),
        id.ready(),
      ]);
      const firebaseUser = await popup.signInWithGooglePopup(id.auth);
      signedIn = true;
      return await finishSignIn(dispatch, firebaseUser, area);
    } catch (error) {
      if (signedIn && id) await id.signOut().catch(() => undefined);
      if (isQuietAuthError(error)) return rejectWithValue({ message: '', quiet: true });
      clearAuthData();
      return rejectWithValue(toAuthError(failureMessage(error, AUTH_FALLBACK.signIn), error));
    } finally {
      endFlow();
    }
  },
);

/** POST /assembler for the signed-in identity; an assembler the account already has (an earlier attempt) is fine. */
export async function registerAssembler(
  dispatch: (action: unknown) => unknown,
  body: { name: string; cnpj: string; email: string },
  idempotencyKey: string,
  token: string,
): Promise<void> {
  const authApi = await loadAuthApi();
  try {
    await (
      dispatch(
        authApi.endpoints.createAssembler.initiate({
          body: { name: body.name.trim(), cnpj: normalizeCnpj(body.cnpj), email: body.email },
          idempotencyKey,
          token,
        }),
      ) as unknown as { unwrap(): Promise<unknown> }
    ).unwrap();
  } catch (error) {
    // This account already has its assembler (an earlier attempt got that far): carry on to GET /me.
    if (apiErrorCode(error) !== 'assembler-exists') throw error;
  }
}

/**
 * The builder's record for a signed-in identity (POST /assembler, then GET /me), kept as the session's auth data:
 * the end of "Criar conta" and of "Complete seu cadastro".
 */
export async function registerAndLoad(
  dispatch: (action: unknown) => unknown,
  firebaseUser: User,
  body: { name: string; cnpj: string; email: string },
  idempotencyKey: string,
): Promise<AuthUser> {
  const token = await firebaseUser.getIdToken();
  await registerAssembler(dispatch, body, idempotencyKey, token);
  const me = await fetchProfile(dispatch, token);
  const tokenResult = await firebaseUser.getIdTokenResult();
  const user = userFrom(firebaseUser, me, tokenResult.claims.admin === true);
  rememberAccount(dispatch, { token, user });
  // Firebase's verification e-mail: the CNPJ is only held until it is opened (issue 35); a failure to send is
  // not the registration's ("Reenviar" in the portal's banner sends it again).
  if (!user.emailVerified) await sendVerificationEmail().catch(() => undefined);
  return user;
}

/** Firebase's verification e-mail to the signed-in person. */
export async function sendVerificationEmail(): Promise<void> {
  const id = await identity();
  await id.sendEmailVerification();
}

/** The person's e-mail turned out verified (the banner's check): the state follows, the banner goes. */
export const emailVerified = createAction('auth/emailVerified');

/**
 * Whether the signed-in person has verified the e-mail since (`user.reload()`); if so the token is refreshed, GET
 * /me with it tells the server (the CNPJ is kept from then on), the stored session and the state follow.
 */
export async function refreshEmailVerification(dispatch: (action: unknown) => unknown): Promise<boolean> {
  const id = await identity();
  if (!(await id.refreshEmailVerified())) return false;
  const firebaseUser = id.currentUser();
  if (!firebaseUser) return false;
  const token = await firebaseUser.getIdToken();
  const stored = readAuthData();
  await fetchProfile(dispatch, token).catch(() => undefined);
  if (stored && stored.user.uid === firebaseUser.uid) {
    rememberAccount(dispatch, { token, user: { ...stored.user, emailVerified: true } });
  }
  dispatch(emailVerified());
  return true;
}

/** A registration's failure as the form shows it: the server's message (at its field), or the identity's. */
export function registrationFailure(error: unknown): AuthError {
  const message = isFetchBaseQueryError(error) ? apiErrorMessage(error) : authErrorMessage(error, AUTH_FALLBACK.signUp);
  return toAuthError(message, error);
}

export interface SignUpInput {
  name: string;
  cnpj: string;
  email: string;
  password: string;
  /** Same key for every retry of one submission: the backend never creates two assemblers. */
  idempotencyKey: string;
}

/**
 * Sign-up = create the identity account, then POST /assembler, then GET /me. When /assembler fails after the
 * account was made, the account stays signed in so that a retry completes it instead of creating another;
 * after a reload the retry signs in with the same e-mail and password and finishes the registration.
 */
export const signUp = createAsyncThunk<AuthUser, SignUpInput, ThunkConfig>(
  'auth/signUp',
  async ({ name, cnpj, email, password, idempotencyKey }, { dispatch, rejectWithValue }) => {
    const endFlow = beginAuthFlow();
    try {
      const id = await identity().catch(() => {
        throw new AuthFailure(IDENTITY_LOAD_FAILED);
      });
      const cleanEmail = email.trim();
      let firebaseUser = id.currentUser();
      if (firebaseUser && firebaseUser.email?.toLowerCase() !== cleanEmail.toLowerCase()) {
        await id.signOut();
        firebaseUser = null;
      }
      if (!firebaseUser) {
        try {
          firebaseUser = await id.createAccount(cleanEmail, password, name.trim());
        } catch (error) {
          if (authErrorCode(error) !== 'auth/email-already-in-use') throw error;
          // Maybe our own half-made account from an earlier attempt: finish it if the password matches.
          firebaseUser = await id.signIn(cleanEmail, password).catch(() => {
            throw error;
          });
          const token = await firebaseUser.getIdToken();
          const existing = await fetchProfile(dispatch, token).catch((profileError: unknown) => {
            if (apiErrorStatus(profileError) === 404) return null;
            throw profileError;
          });
          if (existing) {
            await id.signOut();
            throw error; // a complete account: the e-mail really is taken
          }
        }
      }
      return await registerAndLoad(dispatch, firebaseUser, { name, cnpj, email: cleanEmail }, idempotencyKey);
    } catch (error) {
      return rejectWithValue(registrationFailure(error));
    } finally {
      endFlow();
    }
  },
);

/**
 * Sign-out clears the user, auth_data, every cached API response and everything the browser keeps of the person
 * (the cart and its order key, the wizard's progress: features/auth/account-data.ts), whether or not the identity
 * service answered.
 */
export const signOut = createAsyncThunk<void, void, ThunkConfig>(
  'auth/signOut',
  async (_, { dispatch, rejectWithValue }) => {
    try {
      const id = await identity();
      await id.signOut();
    } catch (error) {
      return rejectWithValue({ message: authErrorMessage(error, AUTH_FALLBACK.signOut) });
    } finally {
      clearAuthData();
      forgetAccount(dispatch);
    }
    return undefined;
  },
);

export const resetPassword = createAsyncThunk<void, { email: string }, ThunkConfig>(
  'auth/resetPassword',
  async ({ email }, { rejectWithValue }) => {
    try {
      const id = await identity();
      await id.sendPasswordReset(email.trim());
    } catch (error) {
      return rejectWithValue(toAuthError(authErrorMessage(error, AUTH_FALLBACK.resetPassword), error));
    }
    return undefined;
  },
);
