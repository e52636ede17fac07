import type { AuthUser } from './types';

/** localStorage key of the spec: a token plus the user. */
export const AUTH_DATA_KEY = 'auth_data';

export interface AuthData {
  token: string;
  user: AuthUser;
}

function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.uid === 'string' &&
    v.uid !== '' &&
    typeof v.email === 'string' &&
    typeof v.name === 'string' &&
    (typeof v.cnpj === 'string' || v.cnpj === null) &&
    typeof v.admin === 'boolean'
  );
}

/** The stored auth data, or null. Malformed data is removed rather than trusted. */
export function readAuthData(): AuthData | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(AUTH_DATA_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null) {
      const { token, user } = parsed as { token?: unknown; user?: unknown };
      if (typeof token === 'string' && isAuthUser(user)) {
        return { token, user: { ...user, cnpj: user.cnpj ?? '' } };
      }
    }
  } catch {
    // fall through: malformed JSON
  }
  clearAuthData();
  return null;
}

export function saveAuthData(data: AuthData): void {
  try {
    localStorage.setItem(AUTH_DATA_KEY, JSON.stringify(data));
  } catch {
    // storage full or blocked: the session still works, only the refresh shortcut is lost
  }
}

export function clearAuthData(): void {
  try {
    localStorage.removeItem(AUTH_DATA_KEY);
  } catch {
    // nothing to clear
  }
}

/** Keeps auth_data in step when the profile changes (a new name, say). */
export function updateStoredUser(user: AuthUser): void {
  const stored = readAuthData();
  if (stored && stored.user.uid === user.uid) saveAuthData({ ...stored, user });
}
