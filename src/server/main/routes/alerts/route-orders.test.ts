/** "Pedido atualizado" through the back office's status change (after the answer: the test waits for the rows). */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN_UID } from '@/seed/utils';
import { call } from '../../../testing/api';
import { arrangeRule, storedNotifications } from '../../alerts/fixtures';
import { MARIA, seedDemo } from '../orders/test-helpers';

const callMove = async (id: string, body: unknown) => {
  const version = await env.DB.prepare('SELECT version FROM purchase_order WHERE id = ?').bind(id).first<number>('version');
  return call<{ status: string; number: number }>('POST', `/backoffice/order/${id}/status`, {
    as: DEMO_ADMIN_UID,
    admin: true,
    body,
    headers: { 'If-Match': String(version) },
  });
};

beforeAll(async () => {
  await seedDemo();
  await arrangeRule(MARIA, 'order-updated', { roles: ['administrador'], channels: ['portal'] });
});

describe('"Pedido atualizado"', () => {
  it('each status the staff set alerts the order\'s account once', async () => {
    const paid = await callMove('order-1004', { status: 'pago' });
    expect(paid.status).toBe(200);
    const label = `#${paid.body.number}`;
    const orderAlerts = async () => (await storedNotifications(MARIA)).filter((row) => row.event === 'order-updated' && row.member_uid === MARIA);
    await vi.waitFor(async () => expect(await orderAlerts()).toHaveLength(1));
    expect((await callMove('order-1004', { status: 'em-separacao' })).status).toBe(200);
    await vi.waitFor(async () => expect(await orderAlerts()).toHaveLength(2));
    expect((await orderAlerts()).map((row) => [row.title, row.message, row.subject_kind, row.subject_id])).toEqual([
      [`Pedido atualizado: Pedido ${label}`, `O pedido ${label} mudou para "Pago".`, 'order', 'order-1004'],
      [`Pedido atualizado: Pedido ${label}`, `O pedido ${label} mudou para "Em separação".`, 'order', 'order-1004'],
    ]);
  });
});
