/** The account seed's mapping: the demo's people, team, invitations and mailbox answered by the routes. */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { buildSeed } from '@/seed';
import { DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed/utils';
import { DEMO_EXPIRED_INVITATION_TOKEN, DEMO_INVITATION_EMAIL, DEMO_INVITATION_TOKEN } from '@/seed/team/seed';
import { accountSeed } from '../../../demo/seed/account';
import { invitation } from '../../db/account-schema';
import { invitationTokenHash } from './mail';
import { call, makeUid } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { app } from '../../index';

const UID_FIELDS = new Set(['uid', 'accountUid', 'ownerUid', 'invitedByUid', 'acceptedByUid']);
const EMAIL_FIELDS = new Set(['email', 'emailKey', 'to']);

/** The seed's rows made unique to this test (the database is shared): ids, uids, e-mails, tokens, CNPJs, keys. */
function suffixed(row: Record<string, unknown>, suffix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value !== 'string') out[key] = value;
    else if (UID_FIELDS.has(key) || ['id', 'token', 'cnpj', 'key'].includes(key)) out[key] = `${value}-${suffix}`;
    else if (EMAIL_FIELDS.has(key)) out[key] = value.replace('@', `+${suffix}@`);
    else if (key === 'link') out[key] = `${value}-${suffix}`;
    else out[key] = value;
  }
  return out;
}

async function seed(suffix: string) {
  const now = Date.now();
  const data = buildSeed({ now });
  const db = drizzle(env.DB);
  const statements = [];
  // An invitation's token is kept as its SHA-256: the suffixed token's hash (its link is `/invite/<token>-<suffix>`).
  const tokens = new Map(data.invitations.map((record) => [record.id, `${record.token}-${suffix}`]));
  for (const { table, rows } of await accountSeed(data)) {
    const mapped = await Promise.all(
      rows.map(async (row) => {
        const out = suffixed(row as Record<string, unknown>, suffix);
        const token = table === invitation ? tokens.get(String((row as { id: string }).id)) : undefined;
        return token ? { ...out, tokenHash: await invitationTokenHash(token) } : out;
      }),
    );
    const perStatement = Math.max(1, Math.floor(100 / Math.max(1, Object.keys(mapped[0] ?? {}).length)));
    for (let start = 0; start < mapped.length; start += perStatement) {
      statements.push(db.insert(table as SQLiteTable).values(mapped.slice(start, start + perStatement) as never));
    }
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return data;
}

describe('account seed', () => {
  it('maps the demo\'s builders, team, invitations and mailbox to rows the routes answer', async () => {
    const suffix = makeUid('s');
    const data = await seed(suffix);
    const mariaRecord = data.assemblers.find((a) => a.uid === DEMO_CUSTOMER_UID);
    if (!mariaRecord) throw new Error('Maria ausente da semente');
    const maria = {
      token: makeEmulatorToken({ uid: `${DEMO_CUSTOMER_UID}-${suffix}`, email: mariaRecord.email.replace('@', `+${suffix}@`) }),
    };

    const me = await call('GET', '/me', { as: maria });
    expect(me.body).toEqual({
      name: 'Maria Oliveira Santos',
      cnpj: `${mariaRecord.cnpj}-${suffix}`,
      email: mariaRecord.email.replace('@', `+${suffix}@`),
      role: 'administrador',
      accountName: 'Maria Oliveira Santos',
    });
    const carlos = await call('GET', '/me', { as: `demo-tecnico-carlos-${suffix}` });
    expect(carlos.body).toMatchObject({ name: 'Carlos Henrique Prado', role: 'tecnico', accountName: 'Maria Oliveira Santos' });

    const team = await call<{ members: Array<{ name: string; role: string; owner: boolean }>; invitations: Array<{ email: string; status: string; link: string }> }>(
      'GET',
      '/team',
      { as: maria },
    );
    expect(team.body.members.map((m) => [m.name, m.role, m.owner])).toEqual([
      ['Maria Oliveira Santos', 'administrador', true],
      ['Carlos Henrique Prado', 'tecnico', false],
      ['Juliana Nakamura', 'leitura', false],
    ]);
    expect(team.body.invitations.map((i) => [i.email, i.status])).toEqual([
      [DEMO_INVITATION_EMAIL.replace('@', `+${suffix}@`), 'pendente'],
      [`ana.ribeiro+${suffix}@oliveira.exemplo.com.br`, 'expirado'],
    ]);
    // No link in the list (only the token's hash is kept); the seeded link opens the invitation.
    expect(team.body.invitations[0]?.link).toBe('');
    const pending = await call('POST', '/invitation/open', { body: { token: `${DEMO_INVITATION_TOKEN}-${suffix}` } });
    expect(pending.body).toMatchObject({ status: 'pendente' });
    const serra = await call<{ members: Array<{ name: string }> }>('GET', '/team', { as: `${OTHER_ASSEMBLER_UID}-${suffix}` });
    expect(serra.body.members.map((m) => m.name)).toEqual(['João Pereira Costa']);

    const preview = await call('POST', '/invitation/open', { body: { token: `${DEMO_EXPIRED_INVITATION_TOKEN}-${suffix}` } });
    expect(preview.body).toMatchObject({ accountName: 'Maria Oliveira Santos', status: 'expirado', invitedBy: 'Maria Oliveira Santos' });

    const mailbox = await app.fetch(
      new Request('http://localhost/demo/mailbox', { headers: { Authorization: `Bearer ${maria.token}` } }),
      { ...env, DEMO: 'true' },
    );
    expect(((await mailbox.json()) as unknown[]).length).toBe(data.mailbox.filter((m) => m.accountUid === DEMO_CUSTOMER_UID).length);

    const staffRecord = data.staff[0];
    if (staffRecord) {
      const staffMe = await call('GET', '/me', { as: `${staffRecord.uid}-${suffix}`, admin: true });
      expect(staffMe.body).toEqual({ name: staffRecord.name, cnpj: null, email: staffRecord.email.replace('@', `+${suffix}@`) });
      const unread = await call<Array<{ id: string }>>('GET', '/backoffice/notification/new', { as: `${staffRecord.uid}-${suffix}`, admin: true });
      const seededUnread = data.notifications.filter((n) => !n.read).map((n) => `${n.id}-${suffix}`);
      expect(unread.body.map((n) => n.id).filter((id) => id.endsWith(suffix)).sort()).toEqual(seededUnread.sort());
    }
  });
});
