import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowedStatusChanges, invalidStatusChangeMessage } from '@/contracts/backoffice-order';
import { ORDER_STATUSES, type OrderStatus } from '@/contracts/commerce';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { SETUP_CODE_PATTERN } from '@/contracts/device';
import { testDb, TEST_NOW } from '@/testing/msw-server';
import { DEMO_ADMIN_UID, DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });
const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

type Time = { seconds: number; nanos: number };
interface ApiOrder {
  id: string;
  number: number;
  status: OrderStatus;
  total: number;
  trackingCode: string | null;
  cancelReason: string | null;
  payment: { kind: string; paidAt: Time | null };
  timeline: Array<{ status: string; at: Time; actor: { kind: string; name: string }; note: string | null }>;
  devices: Array<{ id: string; setupCode: string; status: string }>;
  version: number;
  createdAt: Time;
  ownerUid?: string;
  assembler: { uid: string; name: string; cnpj: string; email: string };
  withdrawableDeviceCount: number;
}
interface ApiError {
  error: { code: string; message: string; field?: string; current?: ApiOrder };
}
interface ApiAssembler {
  uid: string;
  name: string;
  cnpj: string;
  email: string;
  createdAt: Time;
  orderCount: number;
  openOrderCount: number;
  devices: { online: number; offline: number; 'never-connected': number; total: number };
}

const stored = (id: string) => {
  const order = testDb().data.orders.find((candidate) => candidate.id === id);
  if (!order) throw new Error(`pedido ${id} ausente do seed`);
  return order;
};
/** POST /backoffice/order/:id/status over the stored version (or the one given). */
function move(id: string, body: Record<string, unknown>, { version = stored(id).version, token = admin }: { version?: number | null; token?: string } = {}) {
  return call(`/backoffice/order/${id}/status`, {
    method: 'POST',
    token,
    headers: version === null ? {} : { 'If-Match': String(version) },
    body: JSON.stringify(body),
  });
}
async function list(search = '') {
  return json<ApiPage<ApiOrder>>(await call(`/backoffice/order${search}`, { token: admin }));
}

describe('/backoffice/order: staff only', () => {
  it('a customer’s token gets 403 on every endpoint, and no token 401', async () => {
    const requests: Array<[string, RequestInit]> = [
      ['/backoffice/order', {}],
      ['/backoffice/order/order-1004', {}],
      ['/backoffice/order/order-1004/status', { method: 'POST', headers: { 'If-Match': '1' }, body: JSON.stringify({ status: 'pago' }) }],
      ['/backoffice/assembler', {}],
      [`/backoffice/assembler/${DEMO_CUSTOMER_UID}`, {}],
    ];
    for (const [path, init] of requests) {
      const forbidden = await call(path, { ...init, token: maria });
      expect(forbidden.status, path).toBe(403);
      expect((await json<ApiError>(forbidden)).error.message).toBe('Acesso restrito à equipe Ponte IIoT.');
      expect((await call(path, init)).status, path).toBe(401);
    }
    expect(stored('order-1004').status).toBe('aguardando-pagamento');
  });
});

describe('GET /backoffice/order', () => {
  it('every builder’s orders, newest first, each with its builder', async () => {
    const page = await list();
    expect(page.meta.total).toBe(testDb().data.orders.length);
    const created = page.data.map((order) => order.createdAt.seconds);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const serra = page.data.find((order) => order.number === 1005);
    expect(serra?.assembler).toMatchObject({ uid: OTHER_ASSEMBLER_UID, name: 'João Pereira Costa' });
    const mine = page.data.find((order) => order.number === 1004);
    expect(mine?.assembler).toEqual({ uid: DEMO_CUSTOMER_UID, name: 'Maria Oliveira Santos', cnpj: '45278193000185', email: 'cliente@example.com' });
    expect(page.data.every((order) => order.ownerUid === undefined)).toBe(true);
  });

  it('searches by number, builder name and CNPJ with or without the mask', async () => {
    const numbers = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).data.map((order) => order.number).sort();
    expect(await numbers('1004')).toEqual([1004]);
    expect(await numbers('#1004')).toEqual([1004]);
    expect(await numbers('joão pereira')).toEqual([1005]);
    expect(await numbers('Joao')).toEqual([1005]);
    expect(await numbers('45.278.193/0001-85')).toEqual([1001, 1002, 1003, 1004, 1006, 1007]);
    expect(await numbers('45278193000185')).toEqual([1001, 1002, 1003, 1004, 1006, 1007]);
    const serraCnpj = testDb().data.assemblers.find((assembler) => assembler.uid === OTHER_ASSEMBLER_UID)?.cnpj ?? '';
    expect(await numbers(serraCnpj.slice(0, 8))).toEqual([1005]);
    expect(await numbers('nada disso')).toEqual([]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('filters by status, builder, payment kind and period; sorts by total', async () => {
    // The seed's "now" (periods count back from the request's time).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW + 60_000);
    expect((await list('?status=enviado')).data.map((order) => order.number)).toEqual([1003]);
    expect((await list(`?assembler=${OTHER_ASSEMBLER_UID}`)).data.map((order) => order.number)).toEqual([1005]);
    expect((await list('?paymentKind=cartao-credito')).data.map((order) => order.number).sort()).toEqual([1005, 1006]);
    expect((await list('?period=7d')).data.map((order) => order.number).sort()).toEqual([1004, 1005, 1006]);
    const totals = (await list('?sort=total')).data.map((order) => order.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });
});

describe('GET /backoffice/order/:id', () => {
  it('the order, its builder and the gateways a cancel would withdraw; an unknown id is 404', async () => {
    const order = await json<ApiOrder>(await call('/backoffice/order/order-1006', { token: admin }));
    expect(order).toMatchObject({ number: 1006, status: 'em-separacao', assembler: { name: 'Maria Oliveira Santos' } });
    expect(order.devices).toHaveLength(5);
    expect(order.withdrawableDeviceCount).toBe(5);
    // Another builder's order is not hidden from the staff.
    expect((await call('/backoffice/order/order-1005', { token: admin })).status).toBe(200);
    const missing = await call('/backoffice/order/order-9999', { token: admin });
    expect(missing.status).toBe(404);
    expect((await json<ApiError>(missing)).error.message).toBe('Pedido não encontrado.');
  });
});

describe('POST /backoffice/order/:id/status', () => {
  it('#1004 goes Pago → Em separação → Enviado → Entregue, each by the staff member, and the portal reads it', async () => {
    const versions: number[] = [stored('order-1004').version];

    const paid = await move('order-1004', { status: 'pago' });
    expect(paid.status).toBe(200);
    const afterPaid = await json<ApiOrder>(paid);
    expect(afterPaid.status).toBe('pago');
    expect(afterPaid.payment.paidAt).not.toBeNull();
    // Paid: its two gateways exist now, the builder's, never connected, each with a setup code.
    expect(afterPaid.devices).toHaveLength(2);
    for (const device of afterPaid.devices) {
      expect(device.setupCode).toMatch(SETUP_CODE_PATTERN);
      expect(device.status).toBe('never-connected');
      expect(testDb().data.devices.find((candidate) => candidate.id === device.id)?.ownerUid).toBe(DEMO_CUSTOMER_UID);
    }
    expect(afterPaid.timeline.at(-1)).toMatchObject({
      status: 'pago',
      actor: { kind: 'equipe', name: 'Rafael Souza Lima' },
      note: 'Pagamento confirmado pela equipe.',
    });
    versions.push(afterPaid.version);

    const picking = await json<ApiOrder>(await move('order-1004', { status: 'em-separacao' }));
    expect(picking.status).toBe('em-separacao');
    versions.push(picking.version);

    // Enviado: the tracking code is required and checked, on its field.
    const noCode = await move('order-1004', { status: 'enviado' });
    expect(noCode.status).toBe(400);
    expect((await json<ApiError>(noCode)).error).toMatchObject({ message: 'Informe o código de rastreio.', field: 'trackingCode' });
    const badCode = await move('order-1004', { status: 'enviado', trackingCode: '12345' });
    expect(badCode.status).toBe(400);
    expect((await json<ApiError>(badCode)).error).toMatchObject({ message: 'Código de rastreio inválido.', field: 'trackingCode' });
    expect(stored('order-1004').status).toBe('em-separacao');
    const shipped = await json<ApiOrder>(await move('order-1004', { status: 'enviado', trackingCode: 'qb123456789br' }));
    expect(shipped).toMatchObject({ status: 'enviado', trackingCode: 'QB123456789BR' });
    expect(shipped.timeline.at(-1)).toMatchObject({ status: 'enviado', note: 'Código de rastreio: QB123456789BR' });
    versions.push(shipped.version);

    const delivered = await json<ApiOrder>(await move('order-1004', { status: 'entregue' }));
    expect(delivered.status).toBe('entregue');
    versions.push(delivered.version);
    expect(versions).toEqual(versions.map((_, index) => (versions[0] ?? 0) + index));

    // The builder sees every change in the portal: the same record.
    const portal = await json<ApiOrder>(await call('/order/order-1004', { token: maria }));
    expect(portal.status).toBe('entregue');
    expect(portal.trackingCode).toBe('QB123456789BR');
    expect(portal.timeline.map((entry) => entry.status)).toEqual(['aguardando-pagamento', 'pago', 'em-separacao', 'enviado', 'entregue']);
    expect(portal.timeline.slice(1).every((entry) => entry.actor.kind === 'equipe' && entry.actor.name === 'Rafael Souza Lima')).toBe(true);
    expect(portal.devices).toHaveLength(2);
  });

  it('refuses every change out of the lifecycle with the reason (409), changing nothing', async () => {
    const samples: Record<OrderStatus, string> = {
      'aguardando-pagamento': 'order-1004',
      pago: 'order-1005',
      'em-separacao': 'order-1006',
      enviado: 'order-1003',
      entregue: 'order-1001',
      cancelado: 'order-1007',
    };
    for (const from of ORDER_STATUSES) {
      const id = samples[from];
      expect(stored(id).status).toBe(from);
      for (const to of ORDER_STATUSES) {
        if (allowedStatusChanges(from).includes(to)) continue;
        const before = stored(id).version;
        const response = await move(id, { status: to, trackingCode: 'BR123456789BR', reason: 'Teste' });
        expect(response.status, `${from} → ${to}`).toBe(409);
        const { error } = await json<ApiError>(response);
        expect(error).toMatchObject({ code: 'invalid-transition', message: invalidStatusChangeMessage(from) });
        expect(error.current?.status).toBe(from);
        expect(stored(id).version).toBe(before);
      }
    }
    const shipped = await json<ApiError>(await move('order-1003', { status: 'cancelado', reason: 'Desistiu.' }));
    expect(shipped.error.message).toBe('Este pedido está Enviado: só pode passar para Entregue.');
  });

  it('a stale version is 409 with the current order; no version is 428; an unknown status is 400', async () => {
    const version = stored('order-1004').version;
    const stale = await move('order-1004', { status: 'pago' }, { version: version - 1 });
    expect(stale.status).toBe(409);
    const body = await json<ApiError>(stale);
    expect(body.error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
    expect(body.error.current).toMatchObject({ id: 'order-1004', version, status: 'aguardando-pagamento' });
    expect((await move('order-1004', { status: 'pago' }, { version: null })).status).toBe(428);
    const unknown = await move('order-1004', { status: 'devolvido' });
    expect(unknown.status).toBe(400);
    expect((await json<ApiError>(unknown)).error).toMatchObject({ message: 'Escolha o novo status.', field: 'status' });
    expect((await move('order-9999', { status: 'pago' }, { version: 1 })).status).toBe(404);
    expect(stored('order-1004').version).toBe(version);
  });

  it('a staff cancel needs a reason; an unpaid order has nothing to withdraw', async () => {
    const noReason = await move('order-1004', { status: 'cancelado', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await json<ApiError>(noReason)).error).toMatchObject({ message: 'Informe o motivo do cancelamento.', field: 'reason' });
    const devices = testDb().data.devices.length;
    const cancelled = await json<ApiOrder>(await move('order-1004', { status: 'cancelado', reason: 'Boleto vencido.' }));
    expect(cancelled).toMatchObject({ status: 'cancelado', cancelReason: 'Boleto vencido.' });
    expect(cancelled.timeline.at(-1)).toMatchObject({ status: 'cancelado', actor: { kind: 'equipe', name: 'Rafael Souza Lima' }, note: 'Boleto vencido.' });
    expect(testDb().data.devices).toHaveLength(devices);
  });

  it('cancelling a paid order withdraws the gateways it provisioned that were never put to use', async () => {
    const order = stored('order-1006');
    const [inUse, ...unused] = order.deviceIds;
    // One of its gateways got installed in a machine meanwhile: it stays with the builder.
    const installed = testDb().data.devices.find((device) => device.id === inUse);
    if (!installed) throw new Error('gateway do pedido ausente');
    installed.machineId = 'machine-1001';
    const codes = testDb()
      .data.devices.filter((device) => unused.includes(device.id))
      .map((device) => device.setupCode);
    expect(codes).toHaveLength(4);

    const detail = await json<ApiOrder>(await call('/backoffice/order/order-1006', { token: admin }));
    expect(detail.withdrawableDeviceCount).toBe(4);
    const cancelled = await json<ApiOrder>(await move('order-1006', { status: 'cancelado', reason: 'Cliente desistiu da compra.' }));
    expect(cancelled.status).toBe('cancelado');
    expect(cancelled.devices.map((device) => device.id)).toEqual([inUse]);
    expect(cancelled.withdrawableDeviceCount).toBe(0);
    expect(testDb().data.devices.some((device) => unused.includes(device.id))).toBe(false);
    expect(testDb().data.devices.some((device) => device.id === inUse)).toBe(true);
    // Their setup codes no longer work.
    for (const code of codes) {
      const lookup = await call(`/device/setup/${code}`, { token: maria });
      expect(lookup.status, code).toBe(404);
      expect((await json<ApiError>(lookup)).error.message).toBe('Código não encontrado ou já vinculado a outra conta.');
    }
    const portal = await json<ApiOrder>(await call('/order/order-1006', { token: maria }));
    expect(portal).toMatchObject({ status: 'cancelado', cancelReason: 'Cliente desistiu da compra.' });
    expect(portal.devices.map((device) => device.id)).toEqual([inUse]);
  });
});

describe('/backoffice/assembler', () => {
  it('lists the builders by name, and one builder with its orders and gateways by status', async () => {
    const builders = await json<ApiPage<ApiAssembler>>(await call('/backoffice/assembler', { token: admin }));
    expect(builders.data.map((builder) => builder.name)).toEqual(['João Pereira Costa', 'Maria Oliveira Santos']);

    const maria = await json<ApiAssembler>(await call(`/backoffice/assembler/${DEMO_CUSTOMER_UID}`, { token: admin }));
    const devices = testDb().data.devices.filter((device) => device.ownerUid === DEMO_CUSTOMER_UID);
    expect(maria).toMatchObject({
      uid: DEMO_CUSTOMER_UID,
      name: 'Maria Oliveira Santos',
      cnpj: '45278193000185',
      email: 'cliente@example.com',
      orderCount: 6,
      openOrderCount: 3,
      devices: {
        online: devices.filter((device) => device.status === 'online').length,
        offline: devices.filter((device) => device.status === 'offline').length,
        'never-connected': devices.filter((device) => device.status === 'never-connected').length,
        total: devices.length,
      },
    });
    expect(maria.devices.total).toBe(70);
    expect(typeof maria.createdAt.seconds).toBe('number');
    const missing = await call('/backoffice/assembler/ninguem', { token: admin });
    expect(missing.status).toBe(404);
    expect((await json<ApiError>(missing)).error.message).toBe('Montadora não encontrada.');
  });
});
