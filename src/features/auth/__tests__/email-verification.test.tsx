import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { Toaster } from '@/components/ui/toast';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import type { FakeIdentity } from '@/testing/fake-identity';
import { TEST_API_URL } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { makeTestToken } from '@/testing/test-token';
import { signIn, signUp } from '../auth-actions';
import { EmailVerificationBanner, RESEND_FAILED, resentMessage } from '../components/email-verification-banner';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

let fake: FakeIdentity;
beforeEach(() => {
  fake = resetFakeIdentity();
});

/** This 2-core machine is shared: a busy moment must not fail a wait. */
const SLOW = { timeout: 5000 };
const EMAIL = 'nova@exemplo.com.br';
const input = { name: 'Usinagem Nova Ltda', cnpj: '12.ABC.345/01DE-35', email: EMAIL, password: 'segredo1', idempotencyKey: 'k1' };

async function signedUp() {
  const store = createAppStore();
  await store.dispatch(signUp(input)).unwrap();
  renderWithProviders(
    <>
      <EmailVerificationBanner />
      <Toaster />
    </>,
    { store },
  );
  return store;
}

describe('"Confirme seu e-mail" (issue 35: the CNPJ is held until the e-mail is verified)', () => {
  it('registration sends the verification e-mail; the portal shows "Confirme seu e-mail" with "Reenviar"', async () => {
    const store = await signedUp();
    expect(fake.verificationEmails).toEqual([EMAIL]);
    expect(store.getState().auth.user?.emailVerified).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Confirme seu e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar' })).toBeInTheDocument();
  });

  it('"Reenviar" sends it again, with a toast', async () => {
    const user = userEvent.setup();
    await signedUp();
    await user.click(await screen.findByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText(resentMessage(EMAIL), {}, SLOW)).toBeInTheDocument();
    expect(fake.verificationEmails).toEqual([EMAIL, EMAIL]);
  });

  it('a failed "Reenviar" says so', async () => {
    const user = userEvent.setup();
    await signedUp();
    fake.failNext('sendEmailVerification', 'auth/something-new');
    await user.click(await screen.findByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText(RESEND_FAILED, {}, SLOW)).toBeInTheDocument();
  });

  it('once the link is opened, coming back to the page refreshes the token and the banner goes', async () => {
    const store = await signedUp();
    await screen.findByRole('heading', { name: 'Confirme seu e-mail' });
    fake.verifyEmail(EMAIL);
    act(() => {
      fireEvent.focus(window);
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Confirme seu e-mail' })).toBeNull(), SLOW);
    expect(store.getState().auth.user?.emailVerified).toBe(true);
    // The API's token now says so.
    const token = await fake.currentUser()?.getIdToken();
    expect(JSON.parse(atob((token ?? '').split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? ''))).toMatchObject({ email_verified: true });
  });

  it('a demo account is verified: no banner', async () => {
    const store = createAppStore();
    await store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'portal' })).unwrap();
    renderWithProviders(<EmailVerificationBanner />, { store });
    expect(store.getState().auth.user?.emailVerified).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Confirme seu e-mail' })).toBeNull();
  });

  it('the API refuses an unverified account buying, with the reason', async () => {
    const token = makeTestToken({ uid: 'fake-uid-x', email: EMAIL, emailVerified: false });
    const answer = await fetch(`${TEST_API_URL}/order`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: { code: 'email-unverified', message: 'Confirme seu e-mail para continuar.' } });
  });
});
