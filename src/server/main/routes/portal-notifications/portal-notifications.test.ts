import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PortalNotification } from '@/contracts/alerts';
import { arrangeMember, call, makeUid } from '../../../testing/api';
import { drizzle } from 'drizzle-orm/d1';
import { NOTIFICATION_RETENTION_MS, purgeAlerts } from '../../alerts/retention';
import { PORTAL_NOTIFICATION_NOT_FOUND } from './routes';

interface List {
  data: PortalNotification[];
  unread: number;
}

/** `count` notifications of one person, the i-th created at `base + i` ms ("Aviso 1"…). */
async function insertNotifications(owner: string, member: string, count: number, base = Date.now()): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => ({ id: `${member}-n-${String(index + 1).padStart(3, '0')}`, title: `Aviso ${index + 1}`, at: base + index }));
  await env.DB.prepare(
    `INSERT INTO portal_notification (id, owner_uid, member_uid, event, title, message, subject_kind, subject_id, read_at, created_at)
     SELECT j.value ->> 'id', ?, ?, 'gateway-offline', j.value ->> 'title', 'O gateway "GW" está offline há 5 minutos.', 'device', 'device-1', NULL,
       j.value ->> 'at'
     FROM json_each(?) AS j`,
  )
    .bind(owner, member, JSON.stringify(rows))
    .run();
  return rows.map((row) => row.id);
}

describe('/notification', () => {
  it("answers the person's own notifications, newest first, at most 50, with the unread count", async () => {
    const owner = makeUid();
    const tecnico = `${owner}-tecnico`;
    await arrangeMember(owner, tecnico, 'tecnico');
    await insertNotifications(owner, owner, 55);
    await insertNotifications(owner, tecnico, 2);

    const mine = await call<List>('GET', '/notification', { as: owner });
    expect(mine.status).toBe(200);
    expect(mine.body.unread).toBe(55);
    expect(mine.body.data).toHaveLength(50);
    expect(mine.body.data[0]).toEqual({
      id: `${owner}-n-055`,
      event: 'gateway-offline',
      title: 'Aviso 55',
      message: 'O gateway "GW" está offline há 5 minutos.',
      subject: { kind: 'device', id: 'device-1' },
      read: false,
      createdAt: { seconds: expect.any(Number), nanos: expect.any(Number) },
    });
    expect(mine.body.data.at(-1)?.title).toBe('Aviso 6');

    const theirs = await call<List>('GET', '/notification', { as: tecnico });
    expect(theirs.body.data.map((item) => item.title)).toEqual(['Aviso 2', 'Aviso 1']);
    expect(theirs.body.unread).toBe(2);
  });

  it('"Marcar todas como lidas" reads only the caller\'s; one is marked read when opened (another person\'s: 404)', async () => {
    const owner = makeUid();
    const leitura = `${owner}-leitura`;
    await arrangeMember(owner, leitura, 'leitura');
    await insertNotifications(owner, owner, 3);
    const [theirFirst = ''] = await insertNotifications(owner, leitura, 2);

    const all = await call('POST', '/notification/mark-all-read', { as: owner });
    expect(all.body).toEqual({ updated: 3 });
    expect((await call('POST', '/notification/mark-all-read', { as: owner })).body).toEqual({ updated: 0 });
    const mine = await call<List>('GET', '/notification', { as: owner });
    expect(mine.body.unread).toBe(0);
    expect(mine.body.data.every((item) => item.read)).toBe(true);
    expect((await call<List>('GET', '/notification', { as: leitura })).body.unread).toBe(2);

    const notMine = await call('POST', `/notification/${theirFirst}/read`, { as: owner });
    expect(notMine.status).toBe(404);
    expect(notMine.body).toEqual({ error: { code: 'not-found', message: PORTAL_NOTIFICATION_NOT_FOUND } });
    expect((await call('POST', `/notification/${theirFirst}/read`, { as: leitura })).body).toEqual({ updated: 1 });
    expect((await call('POST', `/notification/${theirFirst}/read`, { as: leitura })).body).toEqual({ updated: 0 });
    expect((await call<List>('GET', '/notification', { as: leitura })).body.unread).toBe(1);
  });

  it("another builder never sees the account's notifications; no session is 401", async () => {
    const owner = makeUid();
    const other = makeUid();
    const [id = ''] = await insertNotifications(owner, owner, 1);
    expect((await call<List>('GET', '/notification', { as: other })).body).toEqual({ data: [], unread: 0 });
    expect((await call('POST', '/notification/mark-all-read', { as: other })).body).toEqual({ updated: 0 });
    expect((await call('POST', `/notification/${id}/read`, { as: other })).status).toBe(404);
    expect((await call<List>('GET', '/notification', { as: owner })).body.unread).toBe(1);
    expect((await call('GET', '/notification')).status).toBe(401);
  });

  it('the daily purge removes the notifications older than 90 days', async () => {
    const owner = makeUid();
    const now = Date.now();
    await insertNotifications(owner, owner, 1, now - NOTIFICATION_RETENTION_MS - 1);
    await insertNotifications(owner, `${owner}-b`, 1, now - NOTIFICATION_RETENTION_MS + 60_000);
    await purgeAlerts(drizzle(env.DB), now);
    const left = await env.DB.prepare('SELECT member_uid FROM portal_notification WHERE owner_uid = ?').bind(owner).all();
    expect(left.results).toEqual([{ member_uid: `${owner}-b` }]);
  });
});
