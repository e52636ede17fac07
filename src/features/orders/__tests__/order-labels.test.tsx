import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/contracts/order';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { storedOrderDevices } from '@/testing/orders-data';
import { renderRoutes } from '@/testing/render';
import OrderDetailScreen from '../screens/order-detail';
import OrderLabelsScreen, { deviceProductNames } from '../screens/order-labels';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/orders/:id', element: <OrderDetailScreen /> },
      { path: '/orders/:id/labels', element: <OrderLabelsScreen /> },
    ],
    { path },
  );
}


beforeEach(() => {
  setTokenProvider(async () => makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' }));
});

describe('Etiquetas do pedido (/orders/:id/labels)', { timeout: 30_000 }, () => {
  it('the order’s devices section links to its labels', async () => {
    renderAt('/orders/order-1006');
    const section = await screen.findByRole('region', { name: 'Dispositivos deste pedido' });
    expect(await within(section).findByRole('link', { name: 'Imprimir etiquetas' })).toHaveAttribute('href', '/orders/order-1006/labels');
  });

  it('one label per provisioned gateway: QR code of its setup page, product, serial number and setup code; "Imprimir"', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt('/orders/order-1006/labels');
    expect(await screen.findByRole('heading', { name: 'Etiquetas do pedido #1006', level: 1 })).toBeVisible();
    const list = screen.getByRole('list', { name: 'Etiquetas dos gateways do pedido #1006' });
    const labels = within(list).getAllByRole('listitem');
    const devices = await storedOrderDevices('order-1006');
    expect(labels).toHaveLength(5);
    expect(devices).toHaveLength(5);
    const [first] = devices;
    if (!first) throw new Error('seed sem dispositivo');
    const label = labels[0] as HTMLElement;
    expect(label).toHaveTextContent('Gateway Ponte G1 4G');
    expect(label).toHaveTextContent(first.serial_number);
    expect(label).toHaveTextContent(first.setup_code);
    expect(label).toHaveTextContent(`${window.location.origin}/setup/${first.setup_code}`);
    expect(await within(label).findByRole('img', { name: `QR code de configuração de ${first.name}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('an order without provisioned gateways says so', async () => {
    renderAt('/orders/order-1004/labels');
    expect(await screen.findByRole('heading', { name: 'Etiquetas do pedido #1004', level: 1 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Nenhum gateway provisionado' })).toBeVisible();
    expect(screen.getByText(/As etiquetas ficam prontas assim que o pagamento for confirmado/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).toBeNull();
  });

  it('another account’s order is not found', async () => {
    renderAt('/orders/order-1005/labels');
    expect(await screen.findByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
  });

  it('names each device’s product from the order’s items (one device per gateway unit, in order)', () => {
    const item = (name: string, quantity: number, kind: 'gateway' | 'plan' = 'gateway') => ({
      productId: name,
      sku: name,
      name,
      kind,
      quantity,
      unitPrice: 1,
    });
    const device = (id: string) => ({ id, name: id, serialNumber: id, setupCode: id, status: 'never-connected' as const });
    const order: Pick<Order, 'items' | 'devices'> = {
      items: [item('G1 4G', 2), item('Plano', 3, 'plan'), item('G1 Wi-Fi', 1)],
      devices: [device('a'), device('b'), device('c')],
    };
    expect(deviceProductNames(order)).toEqual(['G1 4G', 'G1 4G', 'G1 Wi-Fi']);
    expect(deviceProductNames({ ...order, devices: [device('a')] })).toEqual([null]);
    expect(deviceProductNames({ items: [item('G1 4G', 3)], devices: [device('a')] })).toEqual(['G1 4G']);
  });
});
