import { ACCOUNT_DELETED_CODE } from '@/contracts/account-deleted';
import { apiErrorCode, apiErrorMessage, apiErrorStatus, isFetchBaseQueryError } from '@/lib/api/errors';
import { identity, type IdentityClient, type User } from '@/lib/firebase';
import type { AppDispatch } from '@/lib/redux';
import { fetchProfile, pendingProfileOf, PROFILE_MISSING, profileMissing, userFrom } from './auth-actions';
import { NOT_AUTHORIZED } from './auth-errors';
import { isAuthFlowActive } from './auth-flow';
import { forgetAccount, rememberAccount } from './account-data';
import { clearAuthData, readAuthData } from './auth-storage';
import { setError, setUser } from './auth-slice';
import type { AuthArea, AuthUser } from './types';

/**
 * With no current user, a stored token is verified by signing in with it; on failure it is logged as
 * "Token inválido:" and the stored data removed.
 */
export async function verifyStoredToken(id: IdentityClient): Promise<void> {
  const stored = readAuthData();
  if (id.currentUser() || !stored?.token) return;
  try {
    await id.signInWithToken(stored.token);
  } catch (error) {
    console.error('Token inválido:', error);
    clearAuthData();
  }
}

/**
 * Builds the user on every identity change: no user → clear user, auth_data and what the browser keeps of the
 * person (account-data.ts); else drop what another account left, and rebuild from auth_data, or — for non-admins
 * without it — from GET /me. Admin always comes from the token's claim, so the back office re-checks it on every
 * load. In the portal, a person whose builder record is missing (GET /me 404) stays signed in and is asked to
 * complete the registration (`profileMissing`).
 */
export async function handleIdentityChange(
  dispatch: AppDispatch,
  id: IdentityClient,
  firebaseUser: User | null,
  area: AuthArea,
): Promise<void> {
  if (isAuthFlowActive()) return;
  if (!firebaseUser) {
    // Signed out here or in another tab (or nobody was signed in): nothing of the person's stays.
    clearAuthData();
    forgetAccount(dispatch);
    dispatch(setUser(null));
    return;
  }
  try {
    const tokenResult = await firebaseUser.getIdTokenResult(area === 'backoffice');
    const admin = tokenResult.claims.admin === true;
    if (area === 'backoffice' && !admin) {
      await id.signOut();
      clearAuthData();
      forgetAccount(dispatch);
      dispatch(setUser(null));
      dispatch(setError(NOT_AUTHORIZED));
      return;
    }
    const stored = readAuthData();
    let user: AuthUser;
    if (stored && stored.user.uid === firebaseUser.uid) {
      user = { ...stored.user, admin, emailVerified: firebaseUser.emailVerified !== false };
    } else if (!admin) {
      user = userFrom(firebaseUser, await fetchProfile(dispatch, tokenResult.token), false);
    } else {
      user = userFrom(firebaseUser, null, true);
    }
    if (isAuthFlowActive()) return;
    rememberAccount(dispatch, { token: tokenResult.token, user });
    dispatch(setUser(user));
  } catch (error) {
    if (area === 'portal' && isFetchBaseQueryError(error) && apiErrorStatus(error) === 404) {
      if (isAuthFlowActive()) return;
      clearAuthData();
      dispatch(profileMissing(pendingProfileOf(firebaseUser)));
      return;
    }
    if (apiErrorCode(error) === ACCOUNT_DELETED_CODE) {
      // The account was deleted ("Excluir conta"): nothing of the session stays; the sign-in says why.
      await id.signOut().catch(() => undefined);
      clearAuthData();
      forgetAccount(dispatch);
      dispatch(setUser(null));
      dispatch(setError(apiErrorMessage(error)));
      return;
    }
    if (isFetchBaseQueryError(error) && apiErrorStatus(error) === 404) {
      // An identity without a company profile cannot use the portal: end it, the user may register again.
      await id.signOut().catch(() => undefined);
      clearAuthData();
      forgetAccount(dispatch);
      dispatch(setUser(null));
      dispatch(setError(PROFILE_MISSING));
      return;
    }
    dispatch(setUser(null));
    dispatch(setError(isFetchBaseQueryError(error) ? apiErrorMessage(error) : 'Não foi possível restaurar sua sessão.'));
  }
}

/** Starts the identity listener for an area; returns the unsubscribe function. */
export function startAuthListener(dispatch: AppDispatch, area: AuthArea): () => void {
  let unsubscribe: () => void = () => undefined;
  let stopped = false;
  void (async () => {
    let id: IdentityClient;
    try {
      id = await identity();
      await id.ready();
    } catch (error) {
      console.error(error);
      dispatch(setError('Não foi possível carregar o serviço de autenticação. Recarregue a página.'));
      return;
    }
    await verifyStoredToken(id);
    if (stopped) return;
    unsubscribe = id.onChange((firebaseUser) => {
      void handleIdentityChange(dispatch, id, firebaseUser, area);
    });
  })();
  return () => {
    stopped = true;
    unsubscribe();
  };
}
