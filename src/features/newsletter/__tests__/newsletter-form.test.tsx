import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadToasts, resetToaster } from '@/components/ui/toast';
import { NEWSLETTER_MESSAGES, PRIVACY_POLICY_VERSION } from '@/contracts/newsletter';
import { publicFetchSettings } from '@/lib/api/public-fetch';
import { storedNewsletterMail, storedNewsletterRows } from '@/testing/mail-data';
import { server, testFaults, testSql, TEST_API_URL } from '@/testing/msw-server';
import { NewsletterForm } from '../components/newsletter-form';

const INVALID = 'E-mail inválido. Use o formato nome@empresa.com.br.';
const PENDING = 'Confirme sua inscrição pelo e-mail';
const CONSENT = 'Aceito receber a newsletter do Ponte IIoT e li a Política de Privacidade.';

// The toast code is a chunk of its own, loaded by the first toast: loaded beforehand, as the signed-in shells do in
// idle time, so the first test's toast waits only for the server.
beforeAll(() => preloadToasts());

let posted: unknown[] = [];
let bodies: unknown[] = [];

beforeEach(() => {
  posted = [];
  bodies = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url === `${TEST_API_URL}/newsletter`) {
      posted.push(request.method);
      void request.clone().json().then((body: unknown) => bodies.push(body));
    }
  });
});

afterEach(async () => {
  await act(() => resetToaster());
  server.events.removeAllListeners();
  publicFetchSettings.timeoutMs = 15_000;
});

function setup() {
  const user = userEvent.setup();
  render(<NewsletterForm />);
  const input = screen.getByLabelText('Seu e-mail');
  const consent = screen.getByRole('checkbox', { name: CONSENT });
  const send = screen.getByRole('button', { name: 'Enviar' });
  return { user, input, consent, send };
}

describe('newsletter form', () => {
  it('has a visible label, an unticked consent box linking the privacy policy, and a Send button', () => {
    const { input, consent, send } = setup();
    expect(input).toHaveAttribute('type', 'email');
    expect(consent).not.toBeChecked();
    expect(consent).toBeRequired();
    expect(screen.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacidade');
    expect(send).toHaveAttribute('type', 'submit');
  });

  it('without the consent box ticked nothing is sent: the error sits under the box, which takes the focus', async () => {
    const { user, input, consent, send } = setup();
    await user.type(input, 'compras@fabrica.com.br');
    await user.click(send);
    const error = await screen.findByText('Marque a caixa para aceitar receber a newsletter.');
    expect(error).toBeVisible();
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription('Marque a caixa para aceitar receber a newsletter.');
    expect(consent).toHaveFocus();
    expect(posted).toEqual([]);
    await user.click(consent);
    expect(screen.queryByText('Marque a caixa para aceitar receber a newsletter.')).not.toBeInTheDocument();
  });

  it('an invalid address shows the error next to the field and sends nothing', async () => {
    const { user, input, send } = setup();
    await user.type(input, 'maria@fabrica');
    await user.click(send);
    expect(await screen.findByText(INVALID)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(INVALID);
    expect(input).toHaveFocus();
    expect(input).toHaveValue('maria@fabrica');
    expect(posted).toEqual([]);

    await user.clear(input);
    await user.click(send);
    expect(await screen.findByText('Informe o e-mail.')).toBeVisible();
    expect(posted).toEqual([]);
  });

  it('a valid address with consent is posted (consent, policy version), pending: the toast asks to confirm by e-mail and the form is cleared', async () => {
    const { user, input, consent, send } = setup();
    await user.type(input, '  Compras@Fabrica.com.br ');
    await user.click(consent);
    await user.click(send);
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    expect(
      screen.getByText('Enviamos um link de confirmação para compras@fabrica.com.br. A inscrição só vale depois que você abrir esse link.'),
    ).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(consent).not.toBeChecked();
    expect(posted).toEqual(['POST']);
    await waitFor(() => expect(bodies).toEqual([{ email: 'Compras@Fabrica.com.br', consent: true, policyVersion: PRIVACY_POLICY_VERSION }]));
    expect(await storedNewsletterRows()).toEqual([{ email: 'compras@fabrica.com.br', status: 'pendente', policyVersion: PRIVACY_POLICY_VERSION }]);
  });

  it('the same e-mail again while its confirmation is pending: one subscription, and the same answer as the first time', async () => {
    const { user, input, consent, send } = setup();
    await user.type(input, 'duas@fabrica.com.br');
    await user.click(consent);
    await user.click(send);
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    await user.type(input, 'duas@fabrica.com.br');
    await user.click(consent);
    await user.click(send);
    await waitFor(() => expect(posted).toEqual(['POST', 'POST']));
    // Answered as the first time: pending, the form cleared for the next address.
    await waitFor(() => expect(input).toHaveValue(''));
    expect(screen.getAllByText(PENDING).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await storedNewsletterRows()).toHaveLength(1);
    // One confirmation e-mail: the second ask, minutes after the first, sends none.
    expect(await storedNewsletterMail('duas@fabrica.com.br')).toHaveLength(1);
  });

  it('an address already subscribed gets the same answer as a new one (the API tells no one who is subscribed)', async () => {
    await testSql("INSERT INTO newsletter (email, created_at, status, policy_version) VALUES (?, ?, 'ativo', ?)", ['ja@fabrica.com.br', Date.now(), PRIVACY_POLICY_VERSION]);
    const { user, input, consent, send } = setup();
    await user.type(input, 'ja@fabrica.com.br');
    await user.click(consent);
    await user.click(send);
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await storedNewsletterRows()).toEqual([{ email: 'ja@fabrica.com.br', status: 'ativo', policyVersion: PRIVACY_POLICY_VERSION }]);
    expect(await storedNewsletterMail('ja@fabrica.com.br')).toEqual([]);
  });

  it('disables the button while sending and sends once for repeated clicks', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${TEST_API_URL}/newsletter`, async () => {
        await gate;
        return HttpResponse.json({ email: 'lenta@fabrica.com.br', status: 'pendente' }, { status: 201 });
      }),
    );
    const { user, input, consent, send } = setup();
    await user.type(input, 'lenta@fabrica.com.br');
    await user.click(consent);
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    await user.type(input, '{Enter}');
    release();
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    expect(send).toBeEnabled();
    expect(posted).toEqual(['POST']);
  });

  const failures = [
    ['500', 'Erro interno no servidor. Tente novamente em instantes.'],
    ['offline', 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.'],
    ['timeout', 'O servidor demorou demais para responder. Tente novamente.'],
    ['malformed', 'O servidor enviou uma resposta inválida. Tente novamente em instantes.'],
  ] as const;

  for (const [mode, message] of failures) {
    it(`${mode}: shows a clear pt-BR error, keeps the value and lets the user retry`, async () => {
      testFaults.set({ mode, match: '/newsletter', remaining: 1 });
      publicFetchSettings.timeoutMs = 100;
      const { user, input, consent, send } = setup();
      await user.type(input, 'retry@fabrica.com.br');
      await user.click(consent);
      await user.click(send);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(input).toHaveValue('retry@fabrica.com.br');
      expect(consent).toBeChecked();
      expect(send).toBeEnabled();

      // The retry reaches the real server, which may take longer than the short timeout the fault needed.
      publicFetchSettings.timeoutMs = 15_000;
      await user.click(send);
      expect(await screen.findByText(PENDING)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect((await storedNewsletterRows()).map((entry) => entry.email)).toEqual(['retry@fabrica.com.br']);
    });
  }

  it('a 400 from the backend is shown as the field error', async () => {
    server.use(
      http.post(`${TEST_API_URL}/newsletter`, () =>
        HttpResponse.json({ error: { code: 'validation', message: 'Domínio de e-mail não aceito.' } }, { status: 400 }),
      ),
    );
    const { user, input, consent, send } = setup();
    await user.type(input, 'alguem@dominio.com.br');
    await user.click(consent);
    await user.click(send);
    expect(await screen.findByText('Domínio de e-mail não aceito.')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('alguem@dominio.com.br');
  });

  it('a policy changed since the page loaded: the server refuses the consent, said under the box', async () => {
    server.use(
      http.post(`${TEST_API_URL}/newsletter`, () =>
        HttpResponse.json({ error: { code: 'validation', message: NEWSLETTER_MESSAGES.policyOutdated, field: 'consent' } }, { status: 400 }),
      ),
    );
    const { user, input, consent, send } = setup();
    await user.type(input, 'alguem@fabrica.com.br');
    await user.click(consent);
    await user.click(send);
    expect(await screen.findByText(NEWSLETTER_MESSAGES.policyOutdated)).toBeVisible();
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});
