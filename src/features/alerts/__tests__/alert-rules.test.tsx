/**
 * Configurações → "Alertas" (issue 37, item 2) against the unit tests' Workers: the six rules in order with their
 * labels, a save with its toast, the no-recipient refusal at the field (the page's, and the server's own answer), a
 * version conflict, the error state, and Leitura's read-only view.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, type AlertRule } from '@/contracts/alerts';
import { preloadToasts, resetToaster, Toaster } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { call, json } from '@/testing/demo-api';
import { server, TEST_API_URL, testFaults } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { makeTestToken } from '@/testing/test-token';
import AlertRulesScreen from '../screens/alert-rules';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const juliana = makeTestToken({ uid: 'demo-leitura-juliana', email: 'juliana.nakamura@oliveira.exemplo.com.br' });

beforeAll(() => preloadToasts());
beforeEach(async () => {
  testFaults.set(null);
  // A toast of the previous test is not this one's.
  await act(() => resetToaster());
});

function renderAlerts(token = maria) {
  setTokenProvider(() => Promise.resolve(token));
  return renderRoutes(
    [
      {
        path: portalPaths.alerts,
        element: (
          <>
            <AlertRulesScreen />
            <Toaster />
          </>
        ),
      },
    ],
    { path: portalPaths.alerts },
  );
}

async function storedRules(token = maria): Promise<AlertRule[]> {
  return json<AlertRule[]>(await call('/alert-rule', { token }));
}

const card = (label: string) => screen.getByRole('region', { name: label });

describe('Alertas', { timeout: 20_000 }, () => {
  it('shows one card per event, in order, with the seeded "Gateway offline" on', async () => {
    renderAlerts();
    expect(await screen.findByRole('heading', { name: 'Alertas', level: 1 })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Gateway offline' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Gateway offline',
      'Gateway de volta',
      'Acesso remoto iniciado',
      'Aprovação pendente',
      'Pedido atualizado',
      'Pagamento recusado',
    ]);
    const offline = card('Gateway offline');
    expect(within(offline).getByRole('switch', { name: 'Ativo' })).toBeChecked();
    expect(within(offline).getByRole('group', { name: 'Perfis que recebem' })).toBeInTheDocument();
    expect(within(offline).getByRole('checkbox', { name: 'Administrador' })).toBeChecked();
    expect(within(offline).getByRole('checkbox', { name: 'Técnico' })).not.toBeChecked();
    expect(within(offline).getByRole('checkbox', { name: 'Leitura' })).not.toBeChecked();
    expect(within(offline).getByRole('checkbox', { name: 'Portal' })).toBeChecked();
    expect(within(offline).getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    expect(within(offline).getByRole('checkbox', { name: 'Webhook' })).toBeChecked();
    expect(within(offline).getByLabelText('Avisar após (minutos)')).toHaveValue(5);
    expect(within(offline).getByLabelText('Silêncio entre alertas (minutos)')).toHaveValue(30);
    expect(within(offline).getByLabelText('E-mails extras')).toHaveValue('');
    // A rule never saved: its defaults, off, and no "Avisar após" outside "Gateway offline".
    const back = card('Gateway de volta');
    expect(within(back).getByText('Ainda não salva: valores padrão.')).toBeInTheDocument();
    expect(within(back).getByRole('switch', { name: 'Ativo' })).not.toBeChecked();
    expect(within(back).queryByLabelText('Avisar após (minutos)')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Salvar' })).toHaveLength(6);
  });

  it('saves "Gateway offline" after 10 minutes with extra e-mails: "Regra salva."', async () => {
    const user = userEvent.setup();
    renderAlerts();
    const offline = await screen.findByRole('region', { name: 'Gateway offline' });
    const after = within(offline).getByLabelText('Avisar após (minutos)');
    await user.clear(after);
    await user.type(after, '10');
    await user.type(within(offline).getByLabelText('E-mails extras'), 'Plantao@Oliveira.exemplo.com.br, manutencao@oliveira.exemplo.com.br');
    await user.click(within(offline).getByRole('checkbox', { name: 'Técnico' }));
    await user.click(within(offline).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Regra salva.')).toBeInTheDocument();
    const saved = (await storedRules()).find((rule) => rule.event === 'gateway-offline');
    expect(saved).toEqual({
      event: 'gateway-offline',
      enabled: true,
      roles: ['administrador', 'tecnico'],
      extraEmails: ['plantao@oliveira.exemplo.com.br', 'manutencao@oliveira.exemplo.com.br'],
      channels: ['portal', 'email', 'webhook'],
      afterMinutes: 10,
      quietMinutes: 30,
      version: 2,
    });
    // The card starts again from what was saved, and saves again over the new version.
    await waitFor(() => expect(within(offline).getByLabelText('Avisar após (minutos)')).toHaveValue(10));
    await user.clear(within(offline).getByLabelText('Silêncio entre alertas (minutos)'));
    await user.type(within(offline).getByLabelText('Silêncio entre alertas (minutos)'), '60');
    await user.click(within(offline).getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect((await storedRules()).find((rule) => rule.event === 'gateway-offline')?.version).toBe(3));
  });

  it('a rule with no recipient: the refusal at "Perfis que recebem", nothing saved', async () => {
    const user = userEvent.setup();
    renderAlerts();
    const back = await screen.findByRole('region', { name: 'Gateway de volta' });
    await user.click(within(back).getByRole('switch', { name: 'Ativo' }));
    await user.click(within(back).getByRole('checkbox', { name: 'Administrador' }));
    await user.click(within(back).getByRole('button', { name: 'Salvar' }));
    const group = within(back).getByRole('group', { name: 'Perfis que recebem' });
    expect(await within(group).findByText(ALERT_MESSAGES.noRecipient)).toBeInTheDocument();
    expect(ALERT_MESSAGES.noRecipient).toBe('Escolha ao menos um perfil ou informe um e-mail para receber o alerta.');
    expect(within(group).getByRole('checkbox', { name: 'Técnico' })).toHaveAttribute('aria-invalid', 'true');
    // A malformed extra e-mail is said at its field.
    await user.type(within(back).getByLabelText('E-mails extras'), 'plantao@');
    await user.click(within(back).getByRole('button', { name: 'Salvar' }));
    expect(await within(back).findByText(ALERT_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect((await storedRules()).find((rule) => rule.event === 'gateway-online')?.version).toBeNull();
    // An e-mail is a recipient: saved.
    await user.clear(within(back).getByLabelText('E-mails extras'));
    await user.type(within(back).getByLabelText('E-mails extras'), 'plantao@oliveira.exemplo.com.br');
    await user.click(within(back).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Regra salva.')).toBeInTheDocument();
    expect((await storedRules()).find((rule) => rule.event === 'gateway-online')).toMatchObject({
      enabled: true,
      roles: [],
      extraEmails: ['plantao@oliveira.exemplo.com.br'],
      version: 1,
    });
  });

  it('the server\'s own refusal (its 400 with `field`) lands on that field too', async () => {
    // What the Workers answer to a rule with no recipient…
    const refused = await call('/alert-rule/gateway-online', {
      method: 'PUT',
      token: maria,
      json: { enabled: true, roles: [], extraEmails: [], channels: ['portal'], afterMinutes: 5, quietMinutes: 30 },
    });
    expect(refused.status).toBe(400);
    const body = await json<{ error: { code: string; message: string; field: string } }>(refused);
    expect(body.error).toMatchObject({ message: ALERT_MESSAGES.noRecipient, field: 'roles' });
    // …given to a save the page let through (say, a rule the server judges with more than the page knows).
    server.use(http.put(`${TEST_API_URL}/alert-rule/:event`, () => HttpResponse.json(body, { status: 400 })));
    const user = userEvent.setup();
    renderAlerts();
    const back = await screen.findByRole('region', { name: 'Gateway de volta' });
    await user.click(within(back).getByRole('switch', { name: 'Ativo' }));
    await user.click(within(back).getByRole('button', { name: 'Salvar' }));
    const group = within(back).getByRole('group', { name: 'Perfis que recebem' });
    expect(await within(group).findByText(ALERT_MESSAGES.noRecipient)).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('checkbox', { name: 'Administrador' })).toHaveFocus());
    expect(within(back).queryByRole('alert')).toBeNull();
  });

  it('saved elsewhere meanwhile: the conflict banner, then the current version with what was typed', async () => {
    const user = userEvent.setup();
    renderAlerts();
    const offline = await screen.findByRole('region', { name: 'Gateway offline' });
    // Another Administrador saves the rule after the screen loaded it.
    const other = await call('/alert-rule/gateway-offline', {
      method: 'PUT',
      token: maria,
      headers: { 'If-Match': '1' },
      json: { enabled: true, roles: ['administrador'], extraEmails: [], channels: ['portal'], afterMinutes: 5, quietMinutes: 15 },
    });
    expect(other.status).toBe(200);
    const after = within(offline).getByLabelText('Avisar após (minutos)');
    await user.clear(after);
    await user.type(after, '10');
    await user.click(within(offline).getByRole('button', { name: 'Salvar' }));
    await within(offline).findByText('Este registro foi alterado por outra pessoa.', { exact: false });
    await user.click(within(offline).getByRole('button', { name: 'Recarregar versão atual' }));
    await waitFor(() => expect(within(offline).getByLabelText('Silêncio entre alertas (minutos)')).toHaveValue(15));
    expect(within(offline).getByLabelText('Avisar após (minutos)')).toHaveValue(10);
    expect(within(offline).getByRole('checkbox', { name: 'E-mail' })).not.toBeChecked();
    await user.click(within(offline).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Regra salva.')).toBeInTheDocument();
    expect((await storedRules()).find((rule) => rule.event === 'gateway-offline')).toMatchObject({
      afterMinutes: 10,
      quietMinutes: 15,
      channels: ['portal'],
      version: 3,
    });
  });

  it('could not load: says so, and "Tentar novamente" loads the rules', async () => {
    const user = userEvent.setup();
    testFaults.set({ mode: '500', match: '/alert-rule' });
    renderAlerts();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Não foi possível carregar as regras de alerta.');
    testFaults.set(null);
    await user.click(within(failure).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Pagamento recusado' })).toBeInTheDocument();
  });

  it('Leitura sees the rules locked, and why', async () => {
    renderAlerts(juliana);
    const offline = await screen.findByRole('region', { name: 'Gateway offline' });
    expect(
      screen.getByText('Seu perfil (Leitura) não permite alterar as regras de alerta. Fale com um Administrador da sua empresa.'),
    ).toBeInTheDocument();
    expect(within(offline).getByRole('switch', { name: 'Ativo' })).toBeDisabled();
    expect(within(offline).getByRole('checkbox', { name: 'Administrador' })).toBeDisabled();
    expect(within(offline).getByLabelText('Avisar após (minutos)')).toBeDisabled();
    expect(within(offline).getByLabelText('E-mails extras')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(6);
    for (const toggle of screen.getAllByRole('switch', { name: 'Ativo' })) expect(toggle).toBeDisabled();
  });
});
