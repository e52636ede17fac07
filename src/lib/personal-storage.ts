/**
 * What the app keeps in the browser for the signed-in person, besides `auth_data` (features/auth/auth-storage.ts):
 * every such localStorage or sessionStorage key starts with `ponte-` — the checkout's cart and its order key
 * (`ponte-checkout`, which holds its `owner`), the connection wizard's progress (`ponte-first-steps:<uid>`) — and so
 * does every IndexedDB database of the app (`ponte-demo`, the old embedded demo's). A new key of a person's follows
 * the same rule, and says whose it is by ending in `:<uid>` or holding `"owner": "<uid>"`.
 *
 * Not the person's, and kept: the app's own keys (`ponte:` with a colon, e.g. the chunk-reload guard), the sidebar's
 * cookie, and Firebase's own persistence (its SDK signs the person out of it).
 */

export const PERSONAL_PREFIX = 'ponte-';

/** Databases an older version of the app made, for browsers whose `indexedDB.databases()` is missing. */
const KNOWN_DATABASES = ['ponte-demo'];

type KeyedStorage = Pick<Storage, 'key' | 'length' | 'getItem' | 'removeItem'>;

function browserStorages(): KeyedStorage[] {
  const storages: KeyedStorage[] = [];
  for (const pick of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      if (typeof window !== 'undefined') storages.push(pick());
    } catch {
      // Blocked by privacy settings: nothing was kept there either.
    }
  }
  return storages;
}

function personalKeys(storage: KeyedStorage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(PERSONAL_PREFIX)) keys.push(key);
  }
  return keys;
}

function removeWhere(storages: readonly KeyedStorage[], remove: (key: string, storage: KeyedStorage) => boolean): void {
  for (const storage of storages) {
    try {
      for (const key of personalKeys(storage)) if (remove(key, storage)) storage.removeItem(key);
    } catch {
      // A storage that fails now has nothing this page could still remove.
    }
  }
}

/** Removes every key of a person's (`ponte-…`) from localStorage and sessionStorage: at sign-out. */
export function clearPersonalStorage(storages: readonly KeyedStorage[] = browserStorages()): void {
  removeWhere(storages, () => true);
}

/** Whether a stored value says it is `uid`'s (`"owner": "<uid>"`). */
function ownedBy(raw: string | null, uid: string): boolean {
  if (!raw) return false;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && (value as { owner?: unknown }).owner === uid;
  } catch {
    return false;
  }
}

/**
 * Removes the keys of anyone but `uid`: when an account is signed in on this browser, whatever another one left
 * (its cart, its wizard's progress) goes, even when nobody signed out in between.
 */
export function clearOtherAccountsStorage(uid: string, storages: readonly KeyedStorage[] = browserStorages()): void {
  removeWhere(storages, (key, storage) => !key.endsWith(`:${uid}`) && !ownedBy(storage.getItem(key), uid));
}

type DatabaseFactory = Pick<IDBFactory, 'deleteDatabase'> & { databases?: IDBFactory['databases'] };

/** Deletes the app's IndexedDB databases (`ponte-…`); resolves once asked (a blocked deletion completes later). */
export async function deletePersonalDatabases(
  factory: DatabaseFactory | undefined = typeof indexedDB === 'undefined' ? undefined : indexedDB,
): Promise<void> {
  if (!factory) return;
  const names = new Set(KNOWN_DATABASES);
  try {
    for (const database of (await factory.databases?.()) ?? []) {
      if (database.name?.startsWith(PERSONAL_PREFIX)) names.add(database.name);
    }
  } catch {
    // Listing is not supported everywhere: the known names are still deleted.
  }
  for (const name of names) {
    try {
      factory.deleteDatabase(name);
    } catch {
      // Nothing to delete, or storage blocked.
    }
  }
}
