import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeSearchResults } from '@/contracts/backoffice-search';
import { call, makeUid } from '../../../testing/api';
import { assembler } from '../../../shared/db/core-schema';
import { vpnUser } from '../../../vpn/db/vpn-schema';
import { purchaseOrder } from '../../db/commerce-schema';
import { assemblerRow, insertRows, orderRow, vpnUserRow } from '../backoffice-dashboard/test-rows';

const DAY = 24 * 60 * 60 * 1000;
const MARIA = 'demo-cliente-maria';
const SERRA = 'demo-montadora-serra';
const SERRA_CNPJ = '38592017000109';
const staff = makeUid('staff');

async function search(q: string): Promise<BackofficeSearchResults> {
  const answer = await call<BackofficeSearchResults>('GET', `/backoffice/search?q=${encodeURIComponent(q)}`, { as: staff, admin: true });
  expect(answer.status).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  const db = drizzle(env.DB);
  const now = Date.now();
  await insertRows(db, assembler, [
    assemblerRow(MARIA, 'Maria Oliveira Santos', '45278193000185'),
    assemblerRow(SERRA, 'João Pereira Costa', SERRA_CNPJ),
    assemblerRow('montadora-3', 'Mariana Jordão', '11222333000181'),
  ]);
  await insertRows(db, purchaseOrder, [
    orderRow({ number: 1001, ownerUid: MARIA, status: 'entregue', createdAt: now - 200 * DAY }),
    orderRow({ number: 1002, ownerUid: MARIA, status: 'entregue', createdAt: now - 160 * DAY }),
    orderRow({ number: 1003, ownerUid: MARIA, status: 'enviado', createdAt: now - 8 * DAY }),
    orderRow({ number: 1004, ownerUid: MARIA, status: 'aguardando-pagamento', createdAt: now - DAY }),
    orderRow({ number: 1005, ownerUid: SERRA, status: 'pago', createdAt: now - 2 * DAY }),
    orderRow({ number: 1006, ownerUid: MARIA, status: 'em-separacao', createdAt: now - 6 * DAY }),
    orderRow({ number: 1007, ownerUid: MARIA, status: 'cancelado', createdAt: now - 40 * DAY }),
    orderRow({ number: 2100, ownerUid: 'sem-montadora', status: 'pago', createdAt: now }),
    orderRow({ number: 11004, ownerUid: SERRA, status: 'pago', createdAt: now + 1000 }),
  ]);
  await insertRows(db, vpnUser, [
    vpnUserRow('vpn-user-1001', 'Carlos Henrique Prado', 'carlos.prado@oliveira.exemplo.com.br'),
    vpnUserRow('vpn-user-1002', 'Juliana Nakamura', 'juliana.nakamura@oliveira.exemplo.com.br'),
    vpnUserRow('vpn-user-1003', 'Técnico terceirizado — Automax', 'suporte@automax.exemplo.com.br'),
    vpnUserRow('vpn-user-1004', 'Ana Juliana Reis', 'ana@example.com'),
  ]);
});

describe('GET /backoffice/search', () => {
  it('is for staff only (403 for a builder, 401 without a session)', async () => {
    const builder = await call('GET', '/backoffice/search?q=maria', { as: makeUid() });
    expect(builder.status).toBe(403);
    expect(builder.body).toEqual({ error: { code: 'forbidden', message: 'Acesso restrito à equipe Ponte IIoT.' } });
    expect((await call('GET', '/backoffice/search?q=maria')).status).toBe(401);
  });

  it('finds an order by its number, with or without "#", naming its builder', async () => {
    for (const q of ['1004', '#1004', ' # 1004 ']) {
      const { q: searched, orders } = await search(q);
      expect(searched).toBe('1004');
      expect(orders[0]).toEqual({ id: 'order-1004', number: 1004, status: 'aguardando-pagamento', total: 100_000, assemblerName: 'Maria Oliveira Santos' });
      // The exact number first, then the newest (11004 is newer).
      expect(orders.map((order) => order.number)).toEqual([1004, 11004]);
    }
    const { orders } = await search('100');
    // At most 5, the newest first (orders 11004 and 2100 hold "100" too).
    expect(orders.map((order) => order.number)).toEqual([11004, 2100, 1004, 1005, 1006]);
    expect((await search('2100')).orders).toMatchObject([{ number: 2100, assemblerName: '' }]);
    expect((await search('abc1004')).orders).toEqual([]);
  });

  it('finds builders by name (accents and case ignored), CNPJ with or without its mask, and e-mail', async () => {
    const masked = `${SERRA_CNPJ.slice(0, 2)}.${SERRA_CNPJ.slice(2, 5)}.${SERRA_CNPJ.slice(5, 8)}/${SERRA_CNPJ.slice(8, 12)}-${SERRA_CNPJ.slice(12)}`;
    for (const q of ['joão pereira', 'JOAO', SERRA_CNPJ, masked, 'montadora-serra@']) {
      const { assemblers } = await search(q);
      expect(assemblers, q).toEqual([{ id: SERRA, name: 'João Pereira Costa', cnpj: SERRA_CNPJ }]);
    }
    // Names that start with the text first, then the others, each group by name.
    expect((await search('mari')).assemblers.map((a) => a.name)).toEqual(['Maria Oliveira Santos', 'Mariana Jordão']);
    expect((await search('jorda')).assemblers.map((a) => a.name)).toEqual(['Mariana Jordão']);
  });

  it('finds VPN users by name or e-mail, names starting with the text first', async () => {
    expect((await search('automax')).vpnUsers.map((u) => u.id)).toEqual(['vpn-user-1003']);
    expect((await search('tecnico')).vpnUsers.map((u) => u.id)).toEqual(['vpn-user-1003']);
    expect((await search('Juliana')).vpnUsers).toEqual([
      { id: 'vpn-user-1002', name: 'Juliana Nakamura', email: 'juliana.nakamura@oliveira.exemplo.com.br' },
      { id: 'vpn-user-1004', name: 'Ana Juliana Reis', email: 'ana@example.com' },
    ]);
    expect((await search('oliveira.exemplo')).vpnUsers.map((u) => u.id)).toEqual(['vpn-user-1001', 'vpn-user-1002']);
  });

  it('asks for two characters, answers nothing found as empty groups, and refuses over 100 characters', async () => {
    expect(await search('j')).toEqual({ q: 'j', orders: [], assemblers: [], vpnUsers: [] });
    expect(await search('#1')).toEqual({ q: '1', orders: [], assemblers: [], vpnUsers: [] });
    expect(await search('')).toEqual({ q: '', orders: [], assemblers: [], vpnUsers: [] });
    expect(await search('zzzz-nada')).toEqual({ q: 'zzzz-nada', orders: [], assemblers: [], vpnUsers: [] });
    for (const q of ['%', '__', `'; DROP TABLE assembler; --`, '🏭🏭']) {
      expect(await search(q)).toEqual({ q: q.trim(), orders: [], assemblers: [], vpnUsers: [] });
    }
    const long = await call('GET', `/backoffice/search?q=${'x'.repeat(101)}`, { as: staff, admin: true });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: { code: 'validation', message: 'A busca aceita até 100 caracteres.', field: 'q' } });
  });
});
