import { resetLoadedApis } from '@/lib/api/api-registry';
import { clearOtherAccountsStorage, clearPersonalStorage, deletePersonalDatabases } from '@/lib/personal-storage';
import { saveAuthData, type AuthData } from './auth-storage';

/**
 * What this page and browser hold of the signed-in account, kept to that account: everything goes at sign-out
 * (or when the session ends in another tab), and whatever another account left goes when one signs in, even
 * without a sign-out in between (an invitation accepted as someone else, a sign-in in another tab).
 */

type Dispatch = (action: unknown) => unknown;

/** Whose responses this page's API caches hold (null: nobody's yet, or emptied). */
let cacheOwner: string | null = null;

function resetCaches(dispatch: Dispatch): void {
  for (const reset of resetLoadedApis()) dispatch(reset);
  cacheOwner = null;
}

/** The session ended: the API caches, the person's keys in storage (lib/personal-storage.ts) and the app's databases. */
export function forgetAccount(dispatch: Dispatch): void {
  resetCaches(dispatch);
  clearPersonalStorage();
  void deletePersonalDatabases().catch(() => undefined);
}

/**
 * `data.user` is signed in: another account's cached responses and stored keys are dropped first, then the
 * session's auth data is kept (auth_data).
 */
export function rememberAccount(dispatch: Dispatch, data: AuthData): void {
  const { uid } = data.user;
  if (cacheOwner !== null && cacheOwner !== uid) resetCaches(dispatch);
  cacheOwner = uid;
  clearOtherAccountsStorage(uid);
  saveAuthData(data);
}
