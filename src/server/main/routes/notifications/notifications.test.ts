import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { call, makeIdempotencyKey } from '../../../testing/api';
import { MARK_AS_READ_IDS_REQUIRED } from './schemas';
import { nextNotificationId, notificationInsert } from './queries';

type Notification = { id: string; title: string; subject: { kind: string; id: string; label?: string } | null; read: boolean; createdAt: { seconds: number; nanos: number } };

const STAFF = 'staff-notificacoes';
const DAY = 86_400_000;

async function push(title: string, createdAt: number, subject: { kind: 'order'; id: string } | null = null) {
  const db = drizzle(env.DB);
  const id = await nextNotificationId(db);
  await notificationInsert(db, id, { title, message: `${title}.`, subject }, createdAt);
  return id;
}

describe('/backoffice/notification', () => {
  it('staff only: 401 without a session, 403 without the admin claim', async () => {
    expect((await call('GET', '/backoffice/notification/new')).status).toBe(401);
    const refused = await call('GET', '/backoffice/notification/new', { as: 'builder-x' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'forbidden', message: 'Acesso restrito à equipe Ponte IIoT.' } });
    expect((await call('POST', '/backoffice/notification/mark-as-read', { as: 'builder-x', body: { notificationIds: ['x'] } })).status).toBe(403);
  });

  it('answers the unread ones newest first, marks them read (validated), raises a due VPN expiry once', async () => {
    const now = Date.now();
    const older = await push('Novo pedido', now - 2000, { kind: 'order', id: 'order-1' });
    const newer = await push('Pagamento confirmado', now - 1000);
    const vpnId = `vpn-user-${makeIdempotencyKey()}`;
    await env.DB.prepare(
      `INSERT INTO vpn_user (id, owner_uid, name, email, enabled, expires_at, name_key, search, search_compact, created_at, updated_at)
       VALUES (?, NULL, 'Técnico VPN', ?, 1, ?, 'tecnico vpn', '', '', ?, ?)`,
    )
      .bind(vpnId, `${vpnId}@exemplo.com.br`, now + 3 * DAY - 1000, now, now)
      .run();

    const first = await call<Notification[]>('GET', '/backoffice/notification/new', { as: STAFF, admin: true });
    expect(first.status).toBe(200);
    const vpn = first.body.find((n) => n.subject?.kind === 'vpn-user' && n.subject.id === vpnId);
    expect(vpn).toMatchObject({ title: 'Acesso VPN perto de expirar', subject: { label: `${vpnId}@exemplo.com.br` }, read: false });
    expect(vpn && (vpn as unknown as { message: string }).message).toBe('O acesso de "Técnico VPN" expira em 3 dias.');
    const mine = first.body.filter((n) => [older, newer].includes(n.id));
    expect(mine.map((n) => n.id)).toEqual([newer, older]);
    expect(mine[1]?.subject).toEqual({ kind: 'order', id: 'order-1' });
    expect(mine[0]?.subject).toBeNull();
    expect(mine[0]?.createdAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
    // Asked again: the VPN one is not raised twice.
    const second = await call<Notification[]>('GET', '/backoffice/notification/new', { as: STAFF, admin: true });
    expect(second.body.filter((n) => n.subject?.id === vpnId)).toHaveLength(1);

    const bad = await call('POST', '/backoffice/notification/mark-as-read', { as: STAFF, admin: true, body: { notificationIds: 'x' } });
    expect(bad.body).toEqual({ error: { code: 'validation', message: MARK_AS_READ_IDS_REQUIRED, field: 'notificationIds' } });
    const empty = await call('POST', '/backoffice/notification/mark-as-read', { as: STAFF, admin: true, body: { notificationIds: [] } });
    expect(empty.status).toBe(400);
    const ids = second.body.map((n) => n.id);
    const ok = await call('POST', '/backoffice/notification/mark-as-read', { as: STAFF, admin: true, body: { notificationIds: [...ids, ids[0]] } });
    expect(ok.body).toEqual({ updated: ids.length });
    const again = await call('POST', '/backoffice/notification/mark-as-read', { as: STAFF, admin: true, body: { notificationIds: ids } });
    expect(again.body).toEqual({ updated: 0 });
    const after = await call<Notification[]>('GET', '/backoffice/notification/new', { as: STAFF, admin: true });
    expect(after.body.filter((n) => ids.includes(n.id))).toEqual([]);
  });
});
