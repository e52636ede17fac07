/**
 * An in-memory identity service with the behaviour the app relies on (accounts, sessions, the admin claim,
 * Firebase-style error codes), issuing emulator-shaped tokens the demo backend accepts. Tests install it with
 * `vi.mock('@/lib/firebase', ...)` through installFakeIdentity().
 */
import type { IdentityClient, User } from '@/lib/firebase';
import { makeTestToken } from '@/testing/test-token';
import accounts from '@/config/demo-accounts.json';

interface Account {
  uid: string;
  email: string;
  password: string;
  displayName: string | null;
  admin: boolean;
  /** The demo's (and Google's) accounts are verified; one made by `createAccount` is not until `verifyEmail`. */
  emailVerified?: boolean;
}

export class FakeAuthError extends Error {
  constructor(public code: string) {
    super(`Firebase: Error (${code}).`);
  }
}

export interface FakeIdentity extends IdentityClient {
  accounts: Map<string, Account>;
  /** Fails the next call of the given operation with this code. */
  failNext(operation: 'signIn' | 'createAccount' | 'signOut' | 'sendPasswordReset' | 'sendEmailVerification', code: string): void;
  resetEmails: string[];
  /** The addresses Firebase's verification e-mail was sent to. */
  verificationEmails: string[];
  /** Opens the verification link: the account is verified (its next reload and token say so). */
  verifyEmail(email: string): void;
  emit(): void;
}

export function makeFakeIdentity(): FakeIdentity {
  const accountMap = new Map<string, Account>(
    accounts.accounts.map((a) => [
      a.email,
      { uid: a.localId, email: a.email, password: a.password, displayName: a.displayName, admin: a.admin, emailVerified: true },
    ]),
  );
  let current: User | null = null;
  const listeners = new Set<(user: User | null) => void>();
  const failures = new Map<string, string>();
  const resetEmails: string[] = [];
  const verificationEmails: string[] = [];
  let nextUid = 1;

  const maybeFail = (operation: string) => {
    const code = failures.get(operation);
    if (code) {
      failures.delete(operation);
      throw new FakeAuthError(code);
    }
  };

  const userFor = (account: Account): User => {
    // What the SDK knows: the account's verification as of the sign-in or the last reload().
    let seenVerified = account.emailVerified !== false;
    const token = () =>
      makeTestToken({
        uid: account.uid,
        email: account.email,
        admin: account.admin,
        name: account.displayName ?? undefined,
        emailVerified: seenVerified,
      });
    const user = {
      uid: account.uid,
      email: account.email,
      displayName: account.displayName,
      get emailVerified() {
        return seenVerified;
      },
      reload: async () => {
        seenVerified = account.emailVerified !== false;
      },
      getIdToken: async () => token(),
      getIdTokenResult: async () => ({
        token: token(),
        claims: account.admin ? { admin: true } : {},
        issuedAtTime: new Date().toUTCString(),
        expirationTime: new Date(Date.now() + 3600_000).toUTCString(),
        authTime: new Date().toUTCString(),
        signInProvider: 'password',
        signInSecondFactor: null,
      }),
    };
    return user as unknown as User;
  };

  const emit = () => {
    for (const listener of listeners) listener(current);
  };
  const setCurrent = (user: User | null) => {
    current = user;
    queueMicrotask(emit);
  };

  const fake: FakeIdentity = {
    auth: {} as IdentityClient['auth'],
    accounts: accountMap,
    resetEmails,
    verificationEmails,
    emit,
    verifyEmail(email) {
      const account = accountMap.get(email.toLowerCase());
      if (account) account.emailVerified = true;
    },
    failNext(operation, code) {
      failures.set(operation, code);
    },
    currentUser: () => current,
    ready: async () => undefined,
    onChange(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(current));
      return () => listeners.delete(listener);
    },
    async signIn(email, password) {
      maybeFail('signIn');
      const account = accountMap.get(email.toLowerCase());
      if (!account || account.password !== password) throw new FakeAuthError('auth/invalid-credential');
      const user = userFor(account);
      setCurrent(user);
      return user;
    },
    async createAccount(email, password, displayName) {
      maybeFail('createAccount');
      if (accountMap.has(email.toLowerCase())) throw new FakeAuthError('auth/email-already-in-use');
      if (password.length < 6) throw new FakeAuthError('auth/weak-password');
      const account: Account = {
        uid: `fake-uid-${nextUid++}`,
        email: email.toLowerCase(),
        password,
        displayName: displayName ?? null,
        admin: false,
        emailVerified: false,
      };
      accountMap.set(account.email, account);
      const user = userFor(account);
      setCurrent(user);
      return user;
    },
    async signInWithToken() {
      throw new FakeAuthError('auth/invalid-custom-token');
    },
    async signOut() {
      maybeFail('signOut');
      setCurrent(null);
    },
    async sendPasswordReset(email) {
      maybeFail('sendPasswordReset');
      resetEmails.push(email);
    },
    async updateDisplayName(name) {
      if (current) (current as { displayName: string | null }).displayName = name;
    },
    async sendEmailVerification() {
      maybeFail('sendEmailVerification');
      if (!current?.email) throw new FakeAuthError('auth/no-current-user');
      verificationEmails.push(current.email);
    },
    async refreshEmailVerified() {
      if (!current) return false;
      await current.reload();
      return current.emailVerified;
    },
  };
  return fake;
}
