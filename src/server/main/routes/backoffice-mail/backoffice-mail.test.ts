import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, makeUid } from '../../../testing/api';

type Page = { data: { id: string; store: string; kind: string; to: string; status: string; attempts: number; lastError: string | null }[]; meta: { total: number } };

async function insertMailRows(tag: string) {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO mail (id, owner_uid, to_address, subject, text, link, sent_at, kind, status, attempts, last_error) VALUES (?, 'o', ?, 'Convite', 't', '', ?, 'convite', 'na-fila', 2, 'provedor respondeu 503')`,
    ).bind(`mail-${tag}-1`, `fila-${tag}@ex.com`, now),
    env.DB.prepare(
      `INSERT INTO mail (id, owner_uid, to_address, subject, text, link, sent_at, kind, status, attempts) VALUES (?, 'o', ?, 'Alerta', 't', '', ?, 'alerta', 'enviado', 1)`,
    ).bind(`mail-${tag}-2`, `enviado-${tag}@ex.com`, now + 1),
    env.DB.prepare(
      `INSERT INTO newsletter_mail (id, to_address, subject, text, link, unsubscribe_link, sent_at, status, attempts, last_error) VALUES (?, ?, 'Confirme', 't', NULL, '', ?, 'falhou', 1, 'provedor recusou (422)')`,
    ).bind(`news-${tag}`, `leitor-${tag}@ex.com`, now + 2),
  ]);
}

describe('GET /backoffice/mail (staff): every e-mail and where its delivery stands', () => {
  it('lists both stores newest first, filters by status and kind, searches the address; staff only', async () => {
    const tag = makeUid('m');
    await insertMailRows(tag);
    const staff = makeUid('staff');
    const mine = await call<Page>('GET', `/backoffice/mail?q=${tag}`, { as: staff, admin: true });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((row) => [row.id, row.store, row.kind, row.status])).toEqual([
      [`news-${tag}`, 'newsletter', 'newsletter', 'falhou'],
      [`mail-${tag}-2`, 'mail', 'alerta', 'enviado'],
      [`mail-${tag}-1`, 'mail', 'convite', 'na-fila'],
    ]);
    expect(mine.body.data[2]).toMatchObject({ attempts: 2, lastError: 'provedor respondeu 503', to: `fila-${tag}@ex.com` });
    const queued = await call<Page>('GET', `/backoffice/mail?q=${tag}&status=na-fila`, { as: staff, admin: true });
    expect(queued.body.data.map((row) => row.id)).toEqual([`mail-${tag}-1`]);
    expect(queued.body.meta.total).toBe(1);
    const news = await call<Page>('GET', `/backoffice/mail?q=${tag}&kind=newsletter`, { as: staff, admin: true });
    expect(news.body.data.map((row) => row.id)).toEqual([`news-${tag}`]);
    expect((await call('GET', '/backoffice/mail', { as: makeUid() })).status).toBe(403);
    expect((await call('GET', '/backoffice/mail')).status).toBe(401);
  });
});
