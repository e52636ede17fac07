/**
 * A stand-in for '@/lib/firebase' in tests: `vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'))`.
 * Each test gets a fresh fake identity service (see setup-tests.ts) and the API token follows its user.
 */
import { setTokenProvider } from '@/lib/api/token';
import { makeFakeIdentity, type FakeIdentity } from './fake-identity';

let fake: FakeIdentity = makeFakeIdentity();

/** The current test's identity service. */
export function fakeIdentity(): FakeIdentity {
  return fake;
}

export function resetFakeIdentity(): FakeIdentity {
  fake = makeFakeIdentity();
  setTokenProvider(() => currentIdToken());
  return fake;
}

export async function identity(): Promise<FakeIdentity> {
  return fake;
}

export async function currentIdToken(): Promise<string | null> {
  const user = fake.currentUser();
  return user ? user.getIdToken() : null;
}
