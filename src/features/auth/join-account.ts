/**
 * Joining a builder's team from an invitation's link (the /invite/:token page): sign in, or create the identity
 * account (no company, no CNPJ: the invitee joins the builder's), then `join` (the invitation's acceptance, given
 * the new ID token), then GET /me, and only then the signed-in user, as a sign-in would. The identity listener
 * stands aside meanwhile (a new identity has no profile until it has joined). Any failure leaves nobody half signed
 * in; a retry of a created account signs in with the same e-mail and password and joins.
 *
 * Only the invitation's return path: the other sign-in and sign-up flows are in auth-actions.ts.
 */
import { apiErrorMessage, isFetchBaseQueryError } from '@/lib/api/errors';
import { identity, type IdentityClient, type User } from '@/lib/firebase';
import type { AppDispatch } from '@/lib/redux';
import { fetchProfile, sendVerificationEmail, userFrom } from './auth-actions';
import { AUTH_FALLBACK, authErrorCode, authErrorMessage } from './auth-errors';
import { beginAuthFlow } from './auth-flow';
import { setUser } from './auth-slice';
import { rememberAccount } from './account-data';
import { clearAuthData } from './auth-storage';
import type { AuthUser } from './types';

export interface JoinCredentials {
  email: string;
  password: string;
  /** With a name: a new account ("Criar conta"); without: an existing one ("Entrar para aceitar"). */
  name?: string;
}

/** A failed join, said to the person; `field` when it belongs to one of the form's fields. */
export class JoinFailure extends Error {
  constructor(
    message: string,
    readonly field?: 'name' | 'password',
  ) {
    super(message);
  }
}

async function signedInIdentity(id: IdentityClient, { email, password, name }: JoinCredentials): Promise<User> {
  const current = id.currentUser();
  if (current && current.email?.toLowerCase() === email.toLowerCase()) return current;
  if (current) await id.signOut();
  if (name === undefined) return id.signIn(email, password);
  try {
    return await id.createAccount(email, password, name);
  } catch (error) {
    // Our own account from an earlier attempt that did not get to join: the same password finishes it.
    if (authErrorCode(error) !== 'auth/email-already-in-use') throw error;
    return id.signIn(email, password).catch(() => {
      throw error;
    });
  }
}

export async function joinWithCredentials(
  dispatch: AppDispatch,
  credentials: JoinCredentials,
  join: (idToken: string) => Promise<unknown>,
): Promise<AuthUser> {
  const endFlow = beginAuthFlow();
  let id: IdentityClient | null = null;
  let signedIn = false;
  const creating = credentials.name !== undefined;
  try {
    id = await identity().catch(() => {
      throw new JoinFailure('Não foi possível carregar o serviço de autenticação. Recarregue a página.');
    });
    const firebaseUser = await signedInIdentity(id, { ...credentials, email: credentials.email.trim() });
    signedIn = true;
    const tokenResult = await firebaseUser.getIdTokenResult();
    await join(tokenResult.token);
    const me = await fetchProfile(dispatch, tokenResult.token);
    const user = userFrom(firebaseUser, me, tokenResult.claims.admin === true);
    rememberAccount(dispatch, { token: tokenResult.token, user });
    // A new identity's e-mail is verified through Firebase's link (issue 35: connecting waits for it).
    if (!user.emailVerified) await sendVerificationEmail().catch(() => undefined);
    dispatch(setUser(user));
    return user;
  } catch (error) {
    if (signedIn && id) await id.signOut().catch(() => undefined);
    clearAuthData();
    if (error instanceof JoinFailure) throw error;
    if (isFetchBaseQueryError(error)) throw new JoinFailure(apiErrorMessage(error));
    const code = authErrorCode(error);
    const field = code === 'auth/weak-password' || code === 'auth/invalid-credential' || code === 'auth/wrong-password' ? 'password' : undefined;
    throw new JoinFailure(authErrorMessage(error, creating ? AUTH_FALLBACK.signUp : AUTH_FALLBACK.signIn), field);
  } finally {
    endFlow();
  }
}
