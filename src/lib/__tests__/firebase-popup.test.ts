import { browserPopupRedirectResolver, signInWithPopup, type Auth, type UserCredential } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
import { normalizePopupError, PopupSignInError, signInWithGooglePopup } from '../firebase-popup';

vi.mock('firebase/auth', () => {
  class GoogleAuthProvider {
    readonly providerId = 'google.com';
    parameters: Record<string, string> = {};
    setCustomParameters(parameters: Record<string, string>) {
      this.parameters = parameters;
      return this;
    }
  }
  return {
    GoogleAuthProvider,
    browserPopupRedirectResolver: { name: 'browserPopupRedirectResolver' },
    signInWithPopup: vi.fn(),
  };
});

const auth = {} as Auth;
const popup = vi.mocked(signInWithPopup);

function sdkError(code: string, customData?: unknown): Error {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code, customData });
}

describe('the Google popup module', () => {
  it('signs in with the Google provider through the SDK\'s popup resolver, asking which account', async () => {
    const user = { uid: 'google-ana' };
    popup.mockResolvedValue({ user } as unknown as UserCredential);
    await expect(signInWithGooglePopup(auth)).resolves.toBe(user);
    expect(popup).toHaveBeenCalledTimes(1);
    const [passedAuth, provider, resolver] = popup.mock.calls[0] ?? [];
    expect(passedAuth).toBe(auth);
    expect(provider).toMatchObject({ providerId: 'google.com', parameters: { prompt: 'select_account' } });
    expect(resolver).toBe(browserPopupRedirectResolver);
  });

  it('passes the SDK\'s error codes through (blocked, closed, cancelled)', async () => {
    for (const code of ['auth/popup-blocked', 'auth/popup-closed-by-user', 'auth/cancelled-popup-request']) {
      popup.mockRejectedValueOnce(sdkError(code));
      await expect(signInWithGooglePopup(auth)).rejects.toMatchObject({ code });
    }
  });

  it('Google\'s script that could not load (apis.google.com unreachable) is a network failure', async () => {
    popup.mockRejectedValueOnce(sdkError('auth/internal-error', new Event('error')));
    await expect(signInWithGooglePopup(auth)).rejects.toMatchObject({ code: 'auth/network-request-failed' });
  });

  it('any other internal error stays what it is', () => {
    const internal = sdkError('auth/internal-error', { appName: '[DEFAULT]' });
    expect(normalizePopupError(internal)).toBe(internal);
    const unrelated = new Error('boom');
    expect(normalizePopupError(unrelated)).toBe(unrelated);
    const mapped = normalizePopupError(sdkError('auth/internal-error', new Event('error')));
    expect(mapped).toBeInstanceOf(PopupSignInError);
    expect(mapped).toMatchObject({ code: 'auth/network-request-failed', name: 'PopupSignInError' });
  });
});
