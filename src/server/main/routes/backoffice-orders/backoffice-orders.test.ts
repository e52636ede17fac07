import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { allowedStatusChanges, invalidStatusChangeMessage } from '@/contracts/backoffice-order';
import { ORDER_STATUSES, type OrderStatus } from '@/contracts/commerce';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { SETUP_CODE_PATTERN } from '@/contracts/device';
import { DEMO_ADMIN_UID } from '@/seed/utils';
import { call, type CallOptions } from '../../../testing/api';
import { storedRowCount, MARIA, SERRA, seedDemo, arrangeSql, type ApiFailure, type ApiOrder, type ApiPage } from '../orders/test-helpers';

type StaffOrder = ApiOrder & { assembler: { uid: string; name: string; cnpj: string; email: string }; withdrawableDeviceCount: number };
type Failure = ApiFailure & { error: { current?: StaffOrder } };

const asStaff = <T = StaffOrder>(method: string, path: string, options: CallOptions = {}) =>
  call<T>(method, path, { as: DEMO_ADMIN_UID, admin: true, ...options });
const list = async (search = '') => (await asStaff<ApiPage<StaffOrder>>('GET', `/backoffice/order${search}`)).body;
const versionOf = async (id: string) => (await asStaff('GET', `/backoffice/order/${id}`)).body.version;
const statusOf = async (id: string) => (await asStaff('GET', `/backoffice/order/${id}`)).body.status;

/** POST /backoffice/order/:id/status over the current version (or the one given; null: none). */
async function move(id: string, body: Record<string, unknown>, version?: number | null) {
  const v = version === undefined ? await versionOf(id) : version;
  return asStaff<StaffOrder & Failure>('POST', `/backoffice/order/${id}/status`, { body, headers: v === null ? {} : { 'If-Match': String(v) } });
}

beforeEach(async () => {
  await seedDemo();
});

describe('/backoffice/order: staff only', () => {
  it('a builder’s token gets 403 on every endpoint, and no token 401', async () => {
    const requests: Array<[string, string, CallOptions]> = [
      ['GET', '/backoffice/order', {}],
      ['GET', '/backoffice/order/order-1004', {}],
      ['POST', '/backoffice/order/order-1004/status', { headers: { 'If-Match': '1' }, body: { status: 'pago' } }],
    ];
    for (const [method, path, options] of requests) {
      const forbidden = await call<Failure>(method, path, { ...options, as: MARIA });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body.error.message).toBe('Acesso restrito à equipe Ponte IIoT.');
      expect((await call(method, path, options)).status, path).toBe(401);
    }
    expect(await statusOf('order-1004')).toBe('aguardando-pagamento');
  });
});

describe('GET /backoffice/order', () => {
  it('every builder’s orders, newest first, each with its builder', async () => {
    const page = await list();
    expect(page.meta.total).toBe(await storedRowCount('purchase_order'));
    const created = page.data.map((order) => order.createdAt.seconds);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(page.data.find((order) => order.number === 1005)?.assembler).toMatchObject({ uid: SERRA, name: 'João Pereira Costa' });
    expect(page.data.find((order) => order.number === 1004)?.assembler).toEqual({
      uid: MARIA,
      name: 'Maria Oliveira Santos',
      cnpj: '45278193000185',
      email: 'cliente@example.com',
    });
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
    expect(await numbers('nada disso')).toEqual([]);
  });

  it('filters by status, builder, payment kind and period; sorts by total', async () => {
    expect((await list('?status=enviado')).data.map((order) => order.number)).toEqual([1003]);
    expect((await list(`?assembler=${SERRA}`)).data.map((order) => order.number)).toEqual([1005]);
    expect((await list('?paymentKind=cartao-credito')).data.map((order) => order.number).sort()).toEqual([1005, 1006]);
    expect((await list('?period=7d')).data.map((order) => order.number).sort()).toEqual([1004, 1005, 1006]);
    const totals = (await list('?sort=total')).data.map((order) => order.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });
});

describe('GET /backoffice/order/:id', () => {
  it('the order, its builder and the gateways a cancel would withdraw; an unknown id is 404', async () => {
    const order = await asStaff('GET', '/backoffice/order/order-1006');
    expect(order.body).toMatchObject({ number: 1006, status: 'em-separacao', assembler: { name: 'Maria Oliveira Santos' } });
    expect(order.body.devices).toHaveLength(5);
    expect(order.body.withdrawableDeviceCount).toBe(5);
    expect((await asStaff('GET', '/backoffice/order/order-1005')).status).toBe(200);
    const missing = await asStaff<Failure>('GET', '/backoffice/order/order-9999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Pedido não encontrado.');
  });
});

describe('POST /backoffice/order/:id/status', () => {
  it('#1004 goes Pago → Em separação → Enviado → Entregue, each by the staff member, and the portal reads it', async () => {
    const versions: number[] = [await versionOf('order-1004')];
    const paid = await move('order-1004', { status: 'pago' });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('pago');
    expect(paid.body.payment.paidAt).not.toBeNull();
    expect(paid.body.devices).toHaveLength(2);
    for (const device of paid.body.devices) {
      expect(device.setupCode).toMatch(SETUP_CODE_PATTERN);
      expect(device.status).toBe('never-connected');
      expect(await storedRowCount('device', 'id = ? AND owner_uid = ?', device.id, MARIA)).toBe(1);
    }
    expect(paid.body.timeline.at(-1)).toMatchObject({
      status: 'pago',
      actor: { kind: 'equipe', name: 'Rafael Souza Lima' },
      note: 'Pagamento confirmado pela equipe.',
    });
    versions.push(paid.body.version);

    const picking = await move('order-1004', { status: 'em-separacao' });
    expect(picking.body.status).toBe('em-separacao');
    versions.push(picking.body.version);

    const noCode = await move('order-1004', { status: 'enviado' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error).toMatchObject({ message: 'Informe o código de rastreio.', field: 'trackingCode' });
    const badCode = await move('order-1004', { status: 'enviado', trackingCode: '12345' });
    expect(badCode.body.error).toMatchObject({ message: 'Código de rastreio inválido.', field: 'trackingCode' });
    expect(await statusOf('order-1004')).toBe('em-separacao');
    const shipped = await move('order-1004', { status: 'enviado', trackingCode: 'qb123456789br' });
    expect(shipped.body).toMatchObject({ status: 'enviado', trackingCode: 'QB123456789BR' });
    expect(shipped.body.timeline.at(-1)).toMatchObject({ status: 'enviado', note: 'Código de rastreio: QB123456789BR' });
    versions.push(shipped.body.version);

    const delivered = await move('order-1004', { status: 'entregue' });
    expect(delivered.body.status).toBe('entregue');
    versions.push(delivered.body.version);
    expect(versions).toEqual(versions.map((_, index) => (versions[0] ?? 0) + index));

    const portal = await call<ApiOrder>('GET', '/order/order-1004', { as: MARIA });
    expect(portal.body.status).toBe('entregue');
    expect(portal.body.trackingCode).toBe('QB123456789BR');
    expect(portal.body.timeline.map((entry) => entry.status)).toEqual(['aguardando-pagamento', 'pago', 'em-separacao', 'enviado', 'entregue']);
    expect(portal.body.timeline.slice(1).every((entry) => entry.actor.kind === 'equipe' && entry.actor.name === 'Rafael Souza Lima')).toBe(true);
    expect(portal.body.devices).toHaveLength(2);
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
      const before = await versionOf(id);
      expect(await statusOf(id)).toBe(from);
      for (const to of ORDER_STATUSES) {
        if (allowedStatusChanges(from).includes(to)) continue;
        const answer = await move(id, { status: to, trackingCode: 'BR123456789BR', reason: 'Teste' }, before);
        expect(answer.status, `${from} → ${to}`).toBe(409);
        expect(answer.body.error).toMatchObject({ code: 'invalid-transition', message: invalidStatusChangeMessage(from) });
        expect(answer.body.error.current?.status).toBe(from);
      }
      expect(await versionOf(id)).toBe(before);
    }
    const shipped = await move('order-1003', { status: 'cancelado', reason: 'Desistiu.' });
    expect(shipped.body.error.message).toBe('Este pedido está Enviado: só pode passar para Entregue.');
  });

  it('a stale version is 409 with the current order; no version is 428; an unknown status is 400', async () => {
    const version = await versionOf('order-1004');
    const stale = await move('order-1004', { status: 'pago' }, version - 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
    expect(stale.body.error.current).toMatchObject({ id: 'order-1004', version, status: 'aguardando-pagamento' });
    expect((await move('order-1004', { status: 'pago' }, null)).status).toBe(428);
    const unknown = await move('order-1004', { status: 'devolvido' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ message: 'Escolha o novo status.', field: 'status' });
    expect((await move('order-9999', { status: 'pago' }, 1)).status).toBe(404);
    expect(await versionOf('order-1004')).toBe(version);
  });

  it('a staff cancel needs a reason; an unpaid order has nothing to withdraw', async () => {
    const noReason = await move('order-1004', { status: 'cancelado', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toMatchObject({ message: 'Informe o motivo do cancelamento.', field: 'reason' });
    const devices = await storedRowCount('device');
    const cancelled = await move('order-1004', { status: 'cancelado', reason: 'Boleto vencido.' });
    expect(cancelled.body).toMatchObject({ status: 'cancelado', cancelReason: 'Boleto vencido.' });
    expect(cancelled.body.timeline.at(-1)).toMatchObject({
      status: 'cancelado',
      actor: { kind: 'equipe', name: 'Rafael Souza Lima' },
      note: 'Boleto vencido.',
    });
    expect(await storedRowCount('device')).toBe(devices);
  });

  it('cancelling a paid order withdraws, in the same batch, the gateways it provisioned that were never put to use', async () => {
    const detail = await asStaff('GET', '/backoffice/order/order-1006');
    const [inUse, ...unused] = detail.body.devices;
    if (!inUse) throw new Error('gateways do pedido ausentes');
    // One of its gateways got installed in a machine meanwhile: it stays with the builder.
    await arrangeSql("UPDATE device SET machine_id = 'machine-1001' WHERE id = ?", inUse.id);
    expect(unused).toHaveLength(4);
    expect((await asStaff('GET', '/backoffice/order/order-1006')).body.withdrawableDeviceCount).toBe(4);

    const cancelled = await move('order-1006', { status: 'cancelado', reason: 'Cliente desistiu da compra.' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelado');
    expect(cancelled.body.devices.map((device) => device.id)).toEqual([inUse.id]);
    expect(cancelled.body.withdrawableDeviceCount).toBe(0);
    // Gone, so their setup codes find nothing.
    for (const device of unused) expect(await storedRowCount('device', 'setup_code = ?', device.setupCode)).toBe(0);
    expect(await storedRowCount('device', 'id = ?', inUse.id)).toBe(1);

    const portal = await call<ApiOrder>('GET', '/order/order-1006', { as: MARIA });
    expect(portal.body).toMatchObject({ status: 'cancelado', cancelReason: 'Cliente desistiu da compra.' });
    expect(portal.body.devices.map((device) => device.id)).toEqual([inUse.id]);
  });

  it('a change made meanwhile (same version read) withdraws nothing and answers 409', async () => {
    const version = await versionOf('order-1006');
    const devices = await storedRowCount('device', 'order_id = ?', 'order-1006');
    // Someone moves it on between our read and our batch: simulated by bumping the row under the same status.
    await env.DB.prepare('UPDATE purchase_order SET version = version + 1 WHERE id = ?').bind('order-1006').run();
    const answer = await move('order-1006', { status: 'cancelado', reason: 'Teste' }, version);
    expect(answer.status).toBe(409);
    expect(await storedRowCount('device', 'order_id = ?', 'order-1006')).toBe(devices);
    expect(await statusOf('order-1006')).toBe('em-separacao');
  });
});
