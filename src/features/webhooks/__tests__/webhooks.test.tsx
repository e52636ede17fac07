/**
 * Configurações → "Webhooks" (issue 37, item 4) and the demo's receiver page (item 6), against the unit tests' Workers:
 * the seeded endpoint and its delivery log, "Enviar teste" reaching the demo's receiver (signature valid), "Reenviar",
 * the refusals at the field (plain http, a private address), a create with its secret shown once, a delete after its
 * confirmation, the error state, and Leitura's and Técnico's views. Nothing leaves the harness (WEBHOOK_TRANSPORT).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@/contracts/webhooks';
import { preloadToasts, resetToaster, Toaster } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { testFaults, testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { makeTestToken } from '@/testing/test-token';
import WebhooksScreen from '../screens/webhooks';
import DemoWebhooksScreen from '../screens/demo-webhooks';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const juliana = makeTestToken({ uid: 'demo-leitura-juliana', email: 'juliana.nakamura@oliveira.exemplo.com.br' });
const carlos = makeTestToken({ uid: 'demo-tecnico-carlos', email: 'carlos@oliveira.exemplo.com.br' });
const SEEDED_URL = `http://localhost:8787/demo/webhook-receiver/${DEMO_CUSTOMER_UID}`;

beforeAll(() => preloadToasts());
beforeEach(async () => {
  testFaults.set(null);
  await act(() => resetToaster());
});

function renderWebhooks(token = maria) {
  setTokenProvider(() => Promise.resolve(token));
  return renderRoutes(
    [
      {
        path: portalPaths.webhooks,
        element: (
          <>
            <WebhooksScreen />
            <Toaster />
          </>
        ),
      },
      { path: portalPaths.demoWebhooks, element: <DemoWebhooksScreen /> },
    ],
    { path: portalPaths.webhooks },
  );
}

const endpointCard = (url: string) => screen.findByRole('article', { name: url });

/** The delivery log's rows (header row left out), each as its cells' text. */
function expectLogRows(card: HTMLElement, rows: string[][]) {
  const table = within(card).getByRole('table');
  const cells = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
  expect(cells.map((row) => row.slice(1, 5))).toEqual(rows);
}

describe('Webhooks', { timeout: 30_000 }, () => {
  it("lists the demo's endpoint with its events, status and delivery log; never its secret", async () => {
    renderWebhooks();
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 1 })).toBeInTheDocument();
    const card = await endpointCard(SEEDED_URL);
    expect(within(card).getByText('Gateway offline, Gateway de volta')).toBeInTheDocument();
    expect(within(card).getByText('Ativo')).toBeInTheDocument();
    await within(card).findByRole('table');
    expectLogRows(card, [
      ['Gateway offline', 'Entregue', '200', '1'],
      ['Gateway de volta', 'FalhouO endereço respondeu 503.', '503', '27'],
    ]);
    expect(document.body.textContent).not.toContain('whsec_');
    expect(screen.getByRole('link', { name: 'Ver webhooks recebidos (demonstração)' })).toHaveAttribute('href', portalPaths.demoWebhooks);
  });

  it('"Enviar teste" reaches the demo receiver, whose page shows it with a valid signature; "Reenviar" sends a failed one again', async () => {
    const user = userEvent.setup();
    renderWebhooks();
    const card = await endpointCard(SEEDED_URL);
    await within(card).findByRole('table');
    await user.click(within(card).getByRole('button', { name: 'Enviar teste' }));
    expect(await screen.findByText('Teste enviado.')).toBeInTheDocument();
    await waitFor(() => expectLogRows(card, [
      ['Teste', 'Entregue', '200', '1'],
      ['Gateway offline', 'Entregue', '200', '1'],
      ['Gateway de volta', 'FalhouO endereço respondeu 503.', '503', '27'],
    ]));

    const failed = within(card).getAllByRole('row').at(-1) as HTMLElement;
    await user.click(within(failed).getByRole('button', { name: /^Reenviar a entrega de / }));
    expect(await screen.findByText('Entrega reenviada.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getAllByRole('row').at(-1)).toHaveTextContent('Gateway de voltaEntregue20028'));

    await user.click(screen.getByRole('link', { name: 'Ver webhooks recebidos (demonstração)' }));
    expect(await screen.findByRole('heading', { name: 'Webhooks recebidos (demonstração)', level: 1 })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^assinatura /).textContent)).toEqual(['assinatura válida', 'assinatura válida']);
    expect(items[0]).toHaveTextContent('Gateway de volta');
    expect(items[1]).toHaveTextContent('Teste');
    expect(within(items[1] as HTMLElement).getByLabelText('Corpo recebido')).toHaveTextContent('"type": "test"');
  });

  it('"Novo webhook": plain http and private addresses refused at the field; a public HTTPS one shows its secret once', async () => {
    const user = userEvent.setup();
    renderWebhooks();
    await endpointCard(SEEDED_URL);
    await user.click(screen.getByRole('button', { name: 'Novo webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo webhook' });
    const url = within(dialog).getByLabelText(/^URL/);
    await user.type(url, 'http://erp.fabrica.com.br/ponte');
    await user.click(within(dialog).getByRole('button', { name: 'Criar webhook' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.https)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');

    await user.clear(url);
    await user.type(url, 'https://10.0.0.1/ponte');
    await user.click(within(dialog).getByRole('button', { name: 'Criar webhook' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.privateAddress)).toBeInTheDocument();

    // No event chosen: the form says so before sending.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gateway offline' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gateway de volta' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar webhook' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.noEvent)).toBeInTheDocument();

    await user.clear(url);
    await user.type(url, 'https://200.160.2.3/ponte');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pedido atualizado' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar webhook' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Segredo do webhook' });
    expect(within(secretDialog).getByText(WEBHOOK_MESSAGES.secretNotice)).toBeInTheDocument();
    const secret = within(secretDialog).getByLabelText('Segredo').textContent ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(within(secretDialog).getByRole('button', { name: 'Copiar segredo' })).toBeInTheDocument();
    await user.click(within(secretDialog).getByRole('button', { name: 'Já guardei o segredo' }));
    const card = await endpointCard('https://200.160.2.3/ponte');
    expect(within(card).getByText('Pedido atualizado')).toBeInTheDocument();
    expect(await within(card).findByText('Nenhuma entrega ainda. Use "Enviar teste" para conferir o seu endereço.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secret);
  });

  it('"Excluir" asks first, then the endpoint and its log are gone', async () => {
    const user = userEvent.setup();
    renderWebhooks();
    const card = await endpointCard(SEEDED_URL);
    await user.click(within(card).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir webhook?' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Nenhum webhook')).toBeInTheDocument();
    expect(await screen.findByText('Webhook excluído.')).toBeInTheDocument();
    expect(await testSql('SELECT id FROM webhook_delivery WHERE endpoint_id = ?', ['webhook-1001'])).toEqual([]);
  });

  it('could not load: says so, and "Tentar novamente" loads them', async () => {
    const user = userEvent.setup();
    testFaults.set({ mode: '500', match: '/webhook' });
    renderWebhooks();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Não foi possível carregar os webhooks.');
    testFaults.set(null);
    await user.click(within(failure).getByRole('button', { name: 'Tentar novamente' }));
    expect(await endpointCard(SEEDED_URL)).toBeInTheDocument();
  });

  it('Leitura reads the endpoints and their logs, without any action; Técnico sees none', async () => {
    const view = renderWebhooks(juliana);
    const card = await endpointCard(SEEDED_URL);
    await within(card).findByRole('table');
    expect(screen.getByText(/O perfil Leitura vê os webhooks, mas só um Administrador os altera\./)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Novo webhook' })).toBeNull();
    view.unmount();

    renderWebhooks(carlos);
    expect(await screen.findByText(/O perfil Técnico não acessa os webhooks da conta\./)).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
