import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { formatBRL } from '@/lib/money';
import { testFaults, testSql } from '@/testing/msw-server';
import { storedOrder, storedOrderItems } from '@/testing/orders-data';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { addressLines, discountRuleText, installmentsText, itemCountText, maskBoletoLine } from '../format';
import OrderDetailScreen from '../screens/order-detail';
import OrdersListScreen from '../screens/orders-list';

function signInAs(uid: string) {
  setTokenProvider(async () => makeTestToken({ uid, email: `${uid}@exemplo.com.br` }));
}

const NBSP = '\u00a0';

function renderDetail(id: string) {
  return renderRoutes([{ path: '/orders/:id', element: <OrderDetailScreen /> }], { path: `/orders/${id}` });
}

describe('order formats', () => {
  it('boleto line, instalments, discount rule, counts and address', () => {
    const line = '40390000000000000000000000000000100000000338590'.padEnd(47, '0').slice(0, 47);
    expect(maskBoletoLine(line)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(maskBoletoLine('123')).toBe('123');
    expect(installmentsText({ installments: 3, installmentAmount: 100_000 })).toBe(`3x de R$${NBSP}1.000,00`);
    expect(installmentsText({ installments: 1, installmentAmount: 100_000 })).toBe('À vista');
    expect(discountRuleText({ id: 'r', name: 'Lote de 20 gateways', percent: 12 })).toBe('Lote de 20 gateways: 12%');
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(30)).toBe('30 itens');
    expect(
      addressLines({ label: '', cep: '01310100', street: 'Avenida Paulista', number: '1578', complement: 'Conj. 42', district: 'Bela Vista', city: 'São Paulo', uf: 'SP' }),
    ).toEqual(['Avenida Paulista, 1578 — Conj. 42', 'Bela Vista — São Paulo/SP', 'CEP 01310-100']);
  });
});

describe('Pedidos (/orders/)', { timeout: 30_000 }, () => {
  beforeEach(() => signInAs(DEMO_CUSTOMER_UID));

  it('lists the account’s orders, newest first, with number, date, status, items and total', async () => {
    renderWithProviders(<OrdersListScreen />, { path: '/orders/' });
    expect(screen.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
    expect(screen.getByText('Gerencie seus pedidos')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Novo pedido' })[0]).toHaveAttribute('href', '/orders/checkout');
    const table = await screen.findByRole('table', { name: 'Pedidos' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7));
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/\s+/g, ' ').trim())).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Pedido/), expect.stringMatching(/^Data/), 'Status', 'Itens', expect.stringMatching(/^Total/)]),
    );
    const first = within(table).getAllByRole('row')[1];
    if (!first) throw new Error('sem linhas');
    expect(within(first).getByRole('link', { name: '#1004' })).toHaveAttribute('href', '/orders/order-1004');
    expect(first).toHaveTextContent('Aguardando pagamento');
    const order = await storedOrder('order-1004');
    const [item] = await storedOrderItems('order-1004');
    expect(first.textContent).toContain(formatBRL(order.total));
    expect(first.textContent).toContain('21/11/2026');
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toContain(String(item?.quantity));
    expect(within(table).getByText('Cancelado')).toBeVisible();
    expect(within(table).getAllByText('Entregue')).toHaveLength(2);
    expect(within(table).queryByText('#1005')).toBeNull();
  });

  it('a new account: "Nenhum pedido cadastrado" with "Novo pedido"', async () => {
    signInAs('uid-montadora-nova');
    renderWithProviders(<OrdersListScreen />, { path: '/orders/' });
    expect(await screen.findByRole('heading', { name: 'Nenhum pedido cadastrado' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Novo pedido' })).toHaveLength(2);
  });

  it('a filter with nothing found offers "Limpar busca"; a failing list offers "Tentar novamente"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OrdersListScreen />, { path: '/orders/?q=9999' });
    expect(await screen.findByText('Nenhum resultado')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByRole('link', { name: '#1004' })).toBeVisible();
  });

  it('an error says so and "Tentar novamente" brings the list', async () => {
    testFaults.set({ mode: '500', match: '/order' });
    renderWithProviders(<OrdersListScreen />, { path: '/orders/' });
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 5000 });
    expect(screen.getByText('Não foi possível carregar os pedidos.')).toBeVisible();
    testFaults.set(null);
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('link', { name: '#1004' })).toBeVisible();
  });
});

describe('Pedido (/orders/:id)', { timeout: 30_000 }, () => {
  beforeEach(() => signInAs(DEMO_CUSTOMER_UID));

  it('an unpaid boleto order: the line with Copy and due date, "Já paguei" then "Confirmando pagamento…"', async () => {
    const user = userEvent.setup();
    renderDetail('order-1004');
    expect(await screen.findByRole('heading', { name: 'Pedido #1004', level: 1 })).toBeVisible();
    const pay = screen.getByRole('region', { name: 'Pague com boleto' });
    const line = (await storedOrder('order-1004')).boleto_line ?? '';
    expect(within(pay).getByText(maskBoletoLine(line))).toBeVisible();
    expect(within(pay).getByRole('button', { name: 'Copiar linha digitável' })).toBeVisible();
    expect(within(pay).getByText(/Vencimento:/)).toBeVisible();
    expect(screen.getByRole('list', { name: 'Andamento do pedido #1004' })).toHaveTextContent(/Aguardando pagamento.*por Maria Oliveira Santos/);
    expect(screen.getByRole('region', { name: 'Dispositivos deste pedido' })).toHaveTextContent('Aguardando o pagamento');

    await user.click(within(pay).getByRole('button', { name: 'Já paguei' }));
    expect(await within(pay).findByText('Confirmando pagamento…')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
  });

  it('a paid order: items, discount with its rule, totals, instalments, history and its devices with setup links', async () => {
    renderDetail('order-1006');
    expect(await screen.findByRole('heading', { name: 'Pedido #1006', level: 1 })).toBeVisible();
    const items = screen.getByRole('table', { name: 'Itens do pedido #1006' });
    expect(within(items).getByText('Gateway Ponte G1 4G')).toBeVisible();
    expect(screen.getByText('Lote de 5 gateways: 5%')).toBeVisible();
    expect(screen.getByText(/^3x de R\$/)).toBeVisible();
    expect(screen.getByText('Visa final 1111')).toBeVisible();
    const devices = within(screen.getByRole('list', { name: 'Dispositivos deste pedido' })).getAllByRole('listitem');
    expect(devices).toHaveLength(5);
    const link = within(devices[0] as HTMLElement).getByRole('link', { name: /^\/setup\/PNT-/ });
    expect(link.getAttribute('href')).toMatch(/^\/setup\/PNT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(devices[0]).toHaveTextContent('Nunca conectado');
    const history = screen.getByRole('list', { name: 'Andamento do pedido #1006' });
    expect(history).toHaveTextContent(/Pago.*Plataforma de pagamento/);
    expect(history).toHaveTextContent(/Em separação.*por Rafael Souza Lima/);
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
  });

  it('cancelling asks first, takes an optional reason, and shows Cancelado with it', async () => {
    const user = userEvent.setup();
    renderDetail('order-1004');
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancelar o pedido #1004?' });
    await user.type(within(dialog).getByLabelText('Motivo'), 'Comprei pelo distribuidor.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText(/Este pedido foi cancelado\. Motivo: Comprei pelo distribuidor\./)).toBeVisible();
    expect(screen.getByRole('list', { name: 'Andamento do pedido #1004' })).toHaveTextContent('Motivo: Comprei pelo distribuidor.');
    expect((await storedOrder('order-1004')).status).toBe('cancelado');
  });

  it('a paid order the staff cancelled, its unused gateways withdrawn, says so (not "before the payment")', async () => {
    // The staff cancelled it after the payment and withdrew its unused gateways.
    await testSql("UPDATE purchase_order SET status = 'cancelado', version = version + 1 WHERE id = 'order-1006'");
    await testSql("DELETE FROM device WHERE order_id = 'order-1006'");
    renderDetail('order-1006');
    expect(await screen.findByRole('heading', { name: 'Pedido #1006', level: 1 })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Dispositivos deste pedido' })).toHaveTextContent(
      'O pedido foi cancelado depois do pagamento: os gateways que ainda não estavam em uso foram retirados.',
    );
  });

  it('another account’s order is "Pedido não encontrado"', async () => {
    renderDetail('order-1005');
    expect(await screen.findByRole('heading', { name: 'Pedido não encontrado', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para Pedidos' })).toHaveAttribute('href', '/orders/');
  });
});
