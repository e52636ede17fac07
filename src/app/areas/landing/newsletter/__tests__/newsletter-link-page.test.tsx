import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '@/contracts/newsletter';
import { publicFetchSettings } from '@/lib/api/public-fetch';
import { storedNewsletterRows, arrangePendingSubscription } from '@/testing/mail-data';
import { server, testFaults, testSql, TEST_API_URL } from '@/testing/msw-server';
import { newsletterLinkOf } from '../link-path';
import NewsletterLinkPage from '../newsletter-link-page';

/** Shaped as the links' tokens (43 base64url characters), for the path mapping. */
const SHAPED_CONFIRM = 'c'.padEnd(43, 'k');
const SHAPED_CANCEL = 'u'.padEnd(43, 'k');
const EMAIL = 'leitor@fabrica.com.br';

let posts: string[] = [];
/** The tokens of the confirmation e-mail's links (the server keeps only their SHA-256; the demo mailbox, the links). */
let CONFIRM = '';
let CANCEL = '';

beforeEach(async () => {
  posts = [];
  ({ confirm: CONFIRM, cancel: CANCEL } = await arrangePendingSubscription(EMAIL));
  server.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(`${TEST_API_URL}/newsletter/`)) posts.push(request.url.slice(TEST_API_URL.length));
  });
});

afterEach(() => {
  server.events.removeAllListeners();
  publicFetchSettings.timeoutMs = 15_000;
});

function open(action: 'confirm' | 'cancel', token: string) {
  return render(
    <StrictMode>
      <NewsletterLinkPage link={{ action, token }} />
    </StrictMode>,
  );
}

describe('the newsletter e-mail links', () => {
  it('maps /newsletter/confirmar/<token> and /newsletter/cancelar/<token> and nothing else', () => {
    expect(newsletterLinkOf(`/newsletter/confirmar/${SHAPED_CONFIRM}`)).toEqual({ action: 'confirm', token: SHAPED_CONFIRM });
    expect(newsletterLinkOf(`/newsletter/cancelar/${SHAPED_CANCEL}/`)).toEqual({ action: 'cancel', token: SHAPED_CANCEL });
    expect(newsletterLinkOf(`/newsletter/confirmar/${CONFIRM}`)).toEqual({ action: 'confirm', token: CONFIRM });
    expect(newsletterLinkOf('/newsletter/confirmar/')).toBeNull();
    expect(newsletterLinkOf('/newsletter/confirmar/a/b')).toBeNull();
    expect(newsletterLinkOf('/newsletter')).toBeNull();
  });

  it('confirming: says it is working, then confirmed (one request under StrictMode); opened again says already confirmed', async () => {
    const first = open('confirm', CONFIRM);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmação da inscrição na newsletter' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Confirmando sua inscrição…');
    expect(await screen.findByRole('heading', { level: 2, name: 'Inscrição confirmada!' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`newsletter do Ponte IIoT em ${EMAIL}`))).toBeInTheDocument();
    expect(posts).toEqual(['/newsletter/confirm']);
    expect((await storedNewsletterRows()).map((row) => [row.email, row.status])).toEqual([[EMAIL, 'ativo']]);
    expect(document.title).toBe('Confirmação da inscrição na newsletter | Ponte IIoT');
    // The landing's footer follows (subscribe again from there).
    expect(within(screen.getByRole('contentinfo')).getByLabelText('Seu e-mail')).toBeInTheDocument();
    first.unmount();

    open('confirm', CONFIRM);
    expect(await screen.findByRole('heading', { level: 2, name: 'Esta inscrição já estava confirmada' })).toBeInTheDocument();
  });

  it('cancelling: cancelled, then (the link used twice) already cancelled — never an error page', async () => {
    const first = open('cancel', CANCEL);
    expect(screen.getByRole('heading', { level: 1, name: 'Cancelamento da inscrição na newsletter' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Inscrição cancelada' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`Você não vai mais receber a newsletter do Ponte IIoT em ${EMAIL}`))).toBeInTheDocument();
    first.unmount();
    open('cancel', CANCEL);
    expect(await screen.findByRole('heading', { level: 2, name: 'Esta inscrição já estava cancelada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('an unknown link and an expired one say so with the server message, without a retry', async () => {
    const first = open('confirm', 'x'.repeat(43));
    expect(await screen.findByRole('heading', { level: 2, name: 'Não foi possível confirmar a inscrição' })).toBeInTheDocument();
    expect(screen.getByText(NEWSLETTER_MESSAGES.confirmInvalid)).toBeInTheDocument();
    first.unmount();
    await testSql('UPDATE newsletter SET confirm_expires_at = ? WHERE email = ?', [Date.now() - 1, EMAIL]);
    open('confirm', CONFIRM);
    expect(await screen.findByText(NEWSLETTER_MESSAGES.confirmExpired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('no answer from the server: says so and "Tentar novamente" works', async () => {
    testFaults.set({ mode: '500', match: '/newsletter/unsubscribe', remaining: 1 });
    const user = userEvent.setup();
    open('cancel', CANCEL);
    expect(await screen.findByRole('heading', { level: 2, name: 'Não foi possível cancelar agora' })).toBeInTheDocument();
    expect(screen.getByText('Erro interno no servidor. Tente novamente em instantes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Inscrição cancelada' })).toBeInTheDocument();
  });
});
