import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import OrderDetailScreen from '../screens/order-detail';
import OrdersScreen from '../screens/orders-list';
import { DEMO_ADMIN_UID, DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { testFaults, testSql } from '@/testing/msw-server';
import { storedOrderCount, storedOrder, storedTimeline } from '@/testing/orders-data';
import { renderRoutes } from '@/testing/render';

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true })));
});

function renderList(search = '') {
  return renderRoutes([{ path: '/backoffice-orders', element: <OrdersScreen /> }], { path: `/backoffice-orders${search}` });
}

function renderDetail(id: string) {
  return renderRoutes(
    [
      { path: '/backoffice-orders/:id', element: <OrderDetailScreen /> },
      { path: '/backoffice-orders', element: <OrdersScreen /> },
    ],
    { path: `/backoffice-orders/${id}` },
  );
}

async function openDialog(number: number) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: `Pedido #${number}`, level: 1 });
  await user.click(screen.getByRole('button', { name: 'Alterar status' }));
  const dialog = await screen.findByRole('dialog', { name: `Alterar status do pedido #${number}` });
  return { user, dialog };
}


const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('Ordens de Compra (list)', { timeout: 30_000 }, () => {
  it('every builder’s orders with the builder’s name and CNPJ; search by CNPJ from the URL', async () => {
    renderList();
    expect(screen.getByRole('heading', { name: 'Ordens de Compra', level: 1 })).toBeVisible();
    const all = await storedOrderCount();
    const table = await screen.findByRole('table', { name: 'Ordens de Compra' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(all + 1));
    const serra = within(table).getByRole('link', { name: '#1005' }).closest('tr');
    if (!serra) throw new Error('linha do #1005 ausente');
    expect(serra).toHaveTextContent('João Pereira Costa');
    expect(serra).toHaveTextContent(/\d{2}\.\d{3}\.\d{3}\/0001-\d{2}/);
    expect(serra).toHaveTextContent('Pago');
    expect(within(table).getByRole('link', { name: '#1004' })).toHaveAttribute('href', '/backoffice-orders/order-1004');
    expect(screen.getByRole('searchbox', { name: 'Buscar ordens de compra' })).toBeVisible();
    for (const name of ['Filtrar por status', 'Filtrar por período', 'Filtrar por montadora', 'Filtrar por forma de pagamento']) {
      expect(screen.getByRole('combobox', { name })).toBeVisible();
    }
  });

  it('search by masked CNPJ with a status filter from the URL', async () => {
    renderList('?q=45.278.193%2F0001-85&status=entregue');
    const table = await screen.findByRole('table', { name: 'Ordens de Compra' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('link', { name: '#1001' })).toBeVisible();
    expect(within(table).getByRole('link', { name: '#1002' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Buscar ordens de compra' })).toHaveValue('45.278.193/0001-85');
  });

  it('a search that finds nothing: "Nenhum resultado" and "Limpar busca"', async () => {
    const user = userEvent.setup();
    const all = await storedOrderCount();
    renderList('?q=inexistente');
    expect(await screen.findByText('Nenhum resultado')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    const table = await screen.findByRole('table', { name: 'Ordens de Compra' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(all + 1));
  });

  it('a failed load offers "Tentar novamente"', async () => {
    const user = userEvent.setup();
    testFaults.set({ mode: '500', match: '/backoffice/order', remaining: 4 });
    renderList();
    expect(await screen.findByText('Não foi possível carregar as ordens de compra.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table', { name: 'Ordens de Compra' })).toBeVisible();
  });

  it('?assembler=: the builder’s card (CNPJ, contact, orders, gateways) above its orders, and a way back to all', async () => {
    const user = userEvent.setup();
    renderList(`?assembler=${DEMO_CUSTOMER_UID}`);
    const card = await screen.findByRole('region', { name: 'Maria Oliveira Santos' });
    expect(within(card).getByText('45.278.193/0001-85')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'cliente@example.com' })).toHaveAttribute('href', 'mailto:cliente@example.com');
    expect(within(card).getByText('6 pedidos (3 em aberto)')).toBeVisible();
    const gateways = within(card).getByRole('list', { name: 'Gateways da montadora por status' });
    const devices = await testSql<{ status: string }>('SELECT status FROM device WHERE owner_uid = ?', [DEMO_CUSTOMER_UID]);
    for (const [label, status] of [
      ['Online', 'online'],
      ['Offline', 'offline'],
      ['Nunca conectado', 'never-connected'],
    ] as const) {
      const item = within(gateways).getByText(label).closest('li');
      expect(item).toHaveTextContent(`${label}${devices.filter((device) => device.status === status).length}`);
    }
    const table = await screen.findByRole('table', { name: 'Ordens de Compra' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7));
    expect(within(table).queryByText('João Pereira Costa')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Ver todas as montadoras' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Maria Oliveira Santos' })).toBeNull());
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(8));
  });

  it('an unknown builder says so', async () => {
    renderList('?assembler=ninguem');
    expect(await screen.findByRole('heading', { name: 'Montadora não encontrada', level: 2 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ver todas as montadoras' })).toBeVisible();
  });
});

describe('Ordem de compra (detail)', { timeout: 30_000 }, () => {
  it('an unknown id is "Pedido não encontrado"', async () => {
    renderDetail('order-9999');
    expect(await screen.findByRole('heading', { name: 'Pedido não encontrado', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para Ordens de Compra' })).toHaveAttribute('href', '/backoffice-orders');
  });

  it('shows the builder (linking to its page), items, totals, delivery, payment and the timeline', async () => {
    renderDetail('order-1003');
    await screen.findByRole('heading', { name: 'Pedido #1003', level: 1 });
    const builder = screen.getByRole('region', { name: 'Montadora' });
    expect(within(builder).getByRole('link', { name: 'Maria Oliveira Santos' })).toHaveAttribute(
      'href',
      `/backoffice-orders?assembler=${DEMO_CUSTOMER_UID}`,
    );
    expect(within(builder).getByText('45.278.193/0001-85')).toBeVisible();
    const items = screen.getByRole('region', { name: 'Itens' });
    expect(within(items).getByText('Lote de 5 gateways: 5%')).toBeVisible();
    expect(within(items).getByText('Frete')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Entrega' })).toHaveTextContent(`Código de rastreio: ${(await storedOrder('order-1003')).tracking_code ?? ''}`);
    expect(screen.getByRole('region', { name: 'Pagamento' })).toHaveTextContent('Pix');
    expect(screen.getByRole('list', { name: 'Andamento do pedido #1003' })).toHaveTextContent(/Enviado.*por Rafael Souza Lima/);
    expect(within(screen.getByRole('region', { name: 'Dispositivos provisionados' })).getAllByRole('listitem')).toHaveLength(15);
  });

  it('Alterar status offers only the next steps; Cancelado asks for the reason; Pago is confirmed and recorded', async () => {
    renderDetail('order-1004');
    const { user, dialog } = await openDialog(1004);
    const select = within(dialog).getByLabelText('Novo status');
    expect(select).toBeRequired();
    expect(optionsOf(select)).toEqual(['Selecione o novo status', 'Pago', 'Cancelado']);

    await user.selectOptions(select, 'Cancelado');
    expect(within(dialog).getByLabelText('Motivo')).toBeRequired();
    expect(within(dialog).queryByLabelText('Código de rastreio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText('Informe o motivo do cancelamento.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Motivo'), 'Boleto vencido.');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByRole('heading', { name: 'Confirme a alteração' })).toHaveFocus();
    expect(dialog).toHaveTextContent('O pedido #1004 passará de Aguardando pagamento para Cancelado.');
    expect(dialog).toHaveTextContent('Motivo: Boleto vencido.');
    expect(dialog).not.toHaveTextContent('serão desativados');

    // Back: nothing was sent; the choice changes to Pago.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect((await storedOrder('order-1004')).status).toBe('aguardando-pagamento');
    await user.selectOptions(within(dialog).getByLabelText('Novo status'), 'Pago');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText(/Os 2 gateways deste pedido serão provisionados/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await waitFor(() => expect(screen.getByText(/^Status:/)).toHaveTextContent('Pago'));
    const timeline = screen.getByRole('list', { name: 'Andamento do pedido #1004' });
    await waitFor(() => expect(timeline).toHaveTextContent(/Pago.*por Rafael Souza Lima \(equipe Ponte IIoT\).*Pagamento confirmado pela equipe\./));
    expect(within(screen.getByRole('region', { name: 'Dispositivos provisionados' })).getAllByRole('listitem')).toHaveLength(2);
    expect((await storedTimeline('order-1004')).at(-1)).toMatchObject({ status: 'pago', actor_kind: 'equipe', actor_name: 'Rafael Souza Lima' });
  });

  it('Enviado needs a valid tracking code, checked before the confirmation', async () => {
    renderDetail('order-1006');
    const { user, dialog } = await openDialog(1006);
    await user.selectOptions(within(dialog).getByLabelText('Novo status'), 'Enviado');
    const code = within(dialog).getByLabelText('Código de rastreio');
    expect(code).toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText('Informe o código de rastreio.')).toBeVisible();
    expect(code).toHaveFocus();
    await user.type(code, 'BR123');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText('Código de rastreio inválido.')).toBeVisible();
    await user.clear(code);
    await user.type(code, 'br123456789br');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText('BR123456789BR')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('region', { name: 'Entrega' })).toHaveTextContent('Código de rastreio: BR123456789BR'));
    expect(await storedOrder('order-1006')).toMatchObject({ status: 'enviado', tracking_code: 'BR123456789BR' });
  });

  it('cancelling a paid order says its gateways will be deactivated', async () => {
    renderDetail('order-1006');
    const { user, dialog } = await openDialog(1006);
    await user.selectOptions(within(dialog).getByLabelText('Novo status'), 'Cancelado');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Cliente desistiu.');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(
      await within(dialog).findByText(
        'Os 5 gateways provisionados por este pedido serão desativados e seus códigos de configuração deixarão de valer.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Este pedido foi cancelado. Motivo: Cliente desistiu.')).toBeVisible();
    expect(screen.getByText('Os gateways provisionados por este pedido foram desativados no cancelamento.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Alterar status' })).toBeNull();
  });

  it('changed by someone else meanwhile: "Este registro foi alterado por outra pessoa." and Recarregar', async () => {
    renderDetail('order-1004');
    const { user, dialog } = await openDialog(1004);
    await user.selectOptions(within(dialog).getByLabelText('Novo status'), 'Pago');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    // Another staff member cancels it before this confirmation.
    await testSql(
      "UPDATE purchase_order SET status = 'cancelado', cancel_reason = 'Pedido em duplicidade.', version = version + 1, updated_at = ? WHERE id = 'order-1004'",
      [Date.now()],
    );
    await testSql(
      "INSERT INTO order_timeline (order_id, owner_uid, status, at, actor_kind, actor_name, note) SELECT id, owner_uid, 'cancelado', ?, 'equipe', 'Outra Pessoa', 'Pedido em duplicidade.' FROM purchase_order WHERE id = 'order-1004'",
      [Date.now()],
    );

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Este registro foi alterado por outra pessoa.');
    expect(within(dialog).getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Recarregar' }));
    expect(await within(dialog).findByText('Este pedido está Cancelado: o status não pode mais ser alterado.')).toBeVisible();
    expect(screen.getByText(/^Status:/)).toHaveTextContent('Cancelado');
    expect((await storedOrder('order-1004')).status).toBe('cancelado');
  });
});
