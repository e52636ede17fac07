import { getEnv } from '@/config/env';
import type { IdentityClient } from './firebase-client';

export type { IdentityClient, User } from './firebase-client';

let client: Promise<IdentityClient> | null = null;

/** The identity client, created on first use (the Firebase SDK is a separate chunk). */
export function identity(): Promise<IdentityClient> {
  client ??= import('./firebase-client').then(({ createIdentityClient }) =>
    createIdentityClient(getEnv().firebase),
  );
  return client;
}

/** The current user's ID token, or null when nobody is signed in. */
export async function currentIdToken(forceRefresh = false): Promise<string | null> {
  const id = await identity();
  const user = id.currentUser();
  return user ? user.getIdToken(forceRefresh) : null;
}
