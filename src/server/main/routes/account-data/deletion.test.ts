/**
 * "Excluir conta" that can be undone and cannot be done by surprise (issue 35, item 4; item 9's factory links): only
 * the Titular asks, with a recent sign-in and the company's name; the erasure waits DELETION_GRACE_DAYS (every
 * Administrador e-mailed, any of them may cancel) and the daily job erases it as the deletion always did.
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETED_MESSAGE,
  DELETION_GRACE_MS,
  DELETION_NAME_MISMATCH,
  DELETION_NOT_SCHEDULED,
  deletionDay,
  RECENT_SIGN_IN_CODE,
  RECENT_SIGN_IN_MESSAGE,
} from '@/contracts/account-data';
import { TITULAR_CODE, TITULAR_MESSAGES } from '@/contracts/titular';
import { arrangeMember, call, makeUid } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { makePerson, callRegister } from '../team/team-fixtures';
import { seedAccount, COMPANY, storedCount, seedRecords } from './fixtures';
import { eraseDueAccounts } from './grace';
import { ACCESS_RECORDS_RETENTION_MS, purgeDeletedAccessRecords } from './deletion';

type Schedule = { requestedAt: { seconds: number }; eraseAt: { seconds: number }; requestedBy: string };
type Mail = { to_address: string; subject: string; text: string; link: string };

const DAY = 24 * 60 * 60 * 1000;
const db = () => drizzle(env.DB);

const schedule = (as: { token: string } | string, companyName = COMPANY) => call<Schedule>('POST', '/account/deletion', { as, body: { companyName } });
const state = (as: { token: string } | string) => call<{ schedule: Schedule | null }>('GET', '/account/deletion', { as });
const mails = async (owner: string) =>
  (await env.DB.prepare('SELECT to_address, subject, text, link FROM mail WHERE owner_uid = ? ORDER BY id').bind(owner).all<Mail>()).results;
const scheduledRow = (owner: string) => env.DB.prepare('SELECT * FROM account_deletion_request WHERE owner_uid = ?').bind(owner).first();

/** A second Administrador of `owner`'s account, with an e-mail of its own. */
async function secondAdmin(owner: string): Promise<{ uid: string; token: { token: string } }> {
  const uid = makeUid('admin2');
  await arrangeMember(owner, uid, 'administrador');
  return { uid, token: { token: makeEmulatorToken({ uid }) } };
}

describe('POST /account/deletion: asked', () => {
  it('refuses a wrong name (400 at companyName) and other roles (403); nothing is scheduled', async () => {
    const { owner, tecnico } = await seedAccount();
    const wrong = await schedule(owner.token, 'metalúrgica privacidade ltda');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: { code: 'validation', message: DELETION_NAME_MISMATCH, field: 'companyName' } });
    const byTecnico = await schedule(tecnico);
    expect(byTecnico.status).toBe(403);
    expect(byTecnico.body).toMatchObject({ error: { code: 'role-forbidden' } });
    expect(await scheduledRow(owner.uid)).toBeNull();
    expect(await mails(owner.uid)).toEqual([]);
  });

  it('a deletion with a stale sign-in: 403 recent-sign-in-required, nothing scheduled; signed in again, it is scheduled', async () => {
    const { owner } = await seedAccount();
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const stale = { token: makeEmulatorToken({ uid: owner.uid, email: owner.email, auth_time: sixMinutesAgo, iat: Math.floor(Date.now() / 1000) }) };
    const refused = await schedule(stale);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: RECENT_SIGN_IN_CODE, message: RECENT_SIGN_IN_MESSAGE } });
    expect(await scheduledRow(owner.uid)).toBeNull();
    expect(await mails(owner.uid)).toEqual([]);

    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 4 * 60;
    const recent = { token: makeEmulatorToken({ uid: owner.uid, email: owner.email, auth_time: fourMinutesAgo }) };
    expect((await schedule(recent)).status).toBe(200);
  });

  it('a second Administrador cannot delete the Titular: 403 with the reason, nothing scheduled', async () => {
    const { owner } = await seedAccount();
    const other = await secondAdmin(owner.uid);
    const refused = await schedule(other.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: TITULAR_CODE, message: TITULAR_MESSAGES.deletion } });
    expect(await scheduledRow(owner.uid)).toBeNull();
  });

  it('schedules the erasure 14 days later: every Administrador e-mailed, shown to the team, the account works meanwhile; asked again, nothing changes', async () => {
    const { owner, tecnico } = await seedAccount();
    const other = await secondAdmin(owner.uid);
    const before = Date.now();
    const asked = await schedule(owner.token, `  ${COMPANY.replace(' ', '  ')} `);
    expect(asked.status).toBe(200);
    const eraseAt = asked.body.eraseAt.seconds * 1000;
    expect(eraseAt - asked.body.requestedAt.seconds * 1000).toBeGreaterThanOrEqual(DELETION_GRACE_MS - 1000);
    expect(eraseAt).toBeGreaterThanOrEqual(Math.floor((before + 14 * DAY) / 1000) * 1000);
    expect(asked.body.requestedBy).toBe(COMPANY);

    const day = deletionDay(eraseAt);
    const sent = await mails(owner.uid);
    expect(sent.map((mail) => mail.to_address).sort()).toEqual([owner.email, `${other.uid}@example.com`].sort());
    for (const mail of sent) {
      expect(mail.subject).toBe(`Exclusão da conta de ${COMPANY} agendada para ${day}`);
      expect(mail.text).toContain(`Os dados serão apagados em ${day}.`);
      expect(mail.link).toBe('/settings/');
    }

    // Everyone of the team sees it; nothing is erased yet.
    for (const as of [owner.token, tecnico]) expect((await state(as)).body).toEqual({ schedule: asked.body });
    expect((await call('GET', '/me', { as: owner.token })).status).toBe(200);
    expect(await storedCount('customer', owner.uid)).toBe(1);
    expect(await eraseDueAccounts(db(), Date.now())).not.toContain(owner.uid);
    expect(await storedCount('customer', owner.uid)).toBe(1);

    const again = await schedule(owner.token);
    expect(again.body).toEqual(asked.body);
    expect(await mails(owner.uid)).toHaveLength(2);
  });
});

describe('DELETE /account/deletion: "Cancelar exclusão"', () => {
  it('any Administrador cancels it (the Administradores are told), not a Técnico; the day come, nothing is erased', async () => {
    const { owner, tecnico } = await seedAccount();
    const other = await secondAdmin(owner.uid);
    expect((await schedule(owner.token)).status).toBe(200);
    const byTecnico = await call('DELETE', '/account/deletion', { as: tecnico });
    expect(byTecnico.status).toBe(403);
    expect(byTecnico.body).toMatchObject({ error: { code: 'role-forbidden' } });

    expect((await call('DELETE', '/account/deletion', { as: other.token })).status).toBe(204);
    expect((await state(owner.token)).body).toEqual({ schedule: null });
    const cancelled = (await mails(owner.uid)).filter((mail) => mail.subject === `Exclusão da conta de ${COMPANY} cancelada`);
    expect(cancelled.map((mail) => mail.to_address).sort()).toEqual([owner.email, `${other.uid}@example.com`].sort());
    const none = await call('DELETE', '/account/deletion', { as: owner.token });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: { code: 'not-found', message: DELETION_NOT_SCHEDULED } });

    expect(await eraseDueAccounts(db(), Date.now() + 15 * DAY)).not.toContain(owner.uid);
    expect(await storedCount('customer', owner.uid)).toBe(1);
    expect((await call('GET', '/me', { as: owner.token })).status).toBe(200);
  });
});

describe('the daily job: the erasure once the grace period is over', () => {
  it('erases as the deletion always did: everyone refused after, fleet and personal data gone, orders kept anonymised, others untouched', async () => {
    const { owner, tecnico, leitura } = await seedAccount();
    const stranger = makePerson('vizinho');
    await callRegister(stranger, 'Vizinha Ltda');
    await seedRecords(stranger.uid, stranger.uid);
    await schedule(stranger.token, 'Vizinha Ltda');
    const asked = await schedule(owner.token);
    const eraseAt = asked.body.eraseAt.seconds * 1000;

    // A day early: nothing. The day come: this account, not the neighbour's (asked a moment later).
    expect(await eraseDueAccounts(db(), eraseAt - DAY)).not.toContain(owner.uid);
    expect(await storedCount('customer', owner.uid)).toBe(1);
    const strangerRow = await scheduledRow(stranger.uid);
    await env.DB.prepare('UPDATE account_deletion_request SET erase_at = ? WHERE owner_uid = ?').bind(eraseAt + 5000, stranger.uid).run();
    expect(await eraseDueAccounts(db(), eraseAt + 1000)).toContain(owner.uid);
    expect(await scheduledRow(owner.uid)).toBeNull();
    expect(strangerRow).not.toBeNull();

    for (const as of [owner.token, tecnico, leitura, { token: makeEmulatorToken({ uid: tecnico }) }]) {
      for (const [method, path] of [['GET', '/me'], ['GET', '/customer'], ['POST', '/account/export'], ['GET', '/account/deletion']] as const) {
        const refused = await call(method, path, { as });
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body).toEqual({ error: { code: 'account-deleted', message: ACCOUNT_DELETED_MESSAGE } });
      }
    }
    for (const table of ['customer', 'machine_model', 'machine', 'device', 'address', 'remote_access_session', 'remote_access_event', 'vpn_user', 'vpn_node', 'vpn_route', 'mail']) {
      expect(await storedCount(table, owner.uid), table).toBe(0);
    }
    const order = await env.DB.prepare('SELECT * FROM purchase_order WHERE owner_uid = ?').bind(owner.uid).first<Record<string, unknown>>();
    expect(order).toMatchObject({ total: 123456, card_last4: '4242', address_street: '', address_number: '', address_label: '', address_id: null, address_cep: '01310-100', address_uf: 'SP' });
    expect(await storedCount('order_item', owner.uid)).toBe(1);
    expect(await env.DB.prepare('SELECT actor_name FROM order_timeline WHERE owner_uid = ?').bind(owner.uid).first()).toEqual({ actor_name: 'Cliente' });
    const company = await env.DB.prepare('SELECT name, email, deleted_at FROM assembler WHERE uid = ?').bind(owner.uid).first<Record<string, unknown>>();
    expect(company).toMatchObject({ name: COMPANY, email: '', deleted_at: expect.any(Number) });
    const people = await env.DB.prepare('SELECT name, email FROM team_member WHERE account_uid = ?').bind(owner.uid).all<{ name: string; email: string }>();
    expect(people.results).toHaveLength(3);
    for (const who of people.results) expect(who).toEqual({ name: 'Pessoa removida', email: expect.stringMatching(/@conta-excluida\.invalid$/) });
    expect(await env.DB.prepare('SELECT status, email FROM invitation WHERE owner_uid = ?').bind(owner.uid).first()).toEqual({ status: 'revogado', email: '' });
    const access = await env.DB.prepare('SELECT user_name, user_email, public_ip FROM device_connection WHERE owner_uid = ?').bind(owner.uid).first();
    expect(access).toEqual({ user_name: '', user_email: '', public_ip: '200.1.2.3' });

    // The other builder's account goes on as before (still scheduled, not yet due).
    expect(await storedCount('customer', stranger.uid)).toBe(1);
    expect(await storedCount('vpn_node', stranger.uid)).toBe(1);
    expect((await call('GET', '/me', { as: stranger.token })).status).toBe(200);
    expect(await scheduledRow(stranger.uid)).not.toBeNull();
  });

  it("account deletion erases the factory-link rows' names and e-mails", async () => {
    const { owner, tag } = await seedAccount();
    const neighbour = makePerson('vizinho');
    await callRegister(neighbour, 'Vizinha Ltda');
    await seedRecords(neighbour.uid, neighbour.uid);
    const asked = await schedule(owner.token);
    expect(await eraseDueAccounts(db(), asked.body.eraseAt.seconds * 1000 + 1000)).toContain(owner.uid);
    const link = (uid: string) =>
      env.DB.prepare('SELECT customer_name, customer_email FROM remote_access_factory_link WHERE owner_uid = ?').bind(uid).first();
    expect(await link(owner.uid)).toEqual({ customer_name: '', customer_email: '' });
    expect(await link(neighbour.uid)).toEqual({ customer_name: `Fábrica ${neighbour.uid}`, customer_email: `fabrica-${neighbour.uid}@cliente.com.br` });
    expect(tag).toBe(owner.uid);
  });

  it('keeps the audit log without who, the label or before and after; 6 months later it goes, as the access records', async () => {
    const { owner } = await seedAccount();
    const neighbour = makePerson('vizinho');
    await callRegister(neighbour, 'Vizinha Ltda');
    const entry = (uid: string) =>
      env.DB.prepare(
        `INSERT INTO audit_log (owner_uid, actor_uid, actor_name, actor_email, ip, kind, target_kind, target_id, target_label, before_json, after_json, created_at)
         VALUES (?, ?, 'Maria Titular', 'maria@montadora.com.br', '198.51.100.7', 'team.role', 'member', 'uid-carlos', 'carlos@montadora.com.br', '{"role":"tecnico"}', '{"role":"leitura"}', ?)`,
      ).bind(uid, uid, Date.now());
    await env.DB.batch([entry(owner.uid), entry(neighbour.uid)]);
    const asked = await schedule(owner.token);
    const erasedAt = asked.body.eraseAt.seconds * 1000 + 1000;
    expect(await eraseDueAccounts(db(), erasedAt)).toContain(owner.uid);
    const stored = (uid: string) =>
      env.DB.prepare('SELECT actor_name, actor_email, ip, kind, target_id, target_label, before_json, after_json FROM audit_log WHERE owner_uid = ?').bind(uid).all();
    const kept = (await stored(owner.uid)).results;
    // Every entry of the account (the seed's own changes too) without who, the label or before and after.
    for (const row of kept) expect(row).toMatchObject({ actor_name: 'Pessoa removida', actor_email: '', target_label: '', before_json: null, after_json: null });
    expect(kept).toContainEqual({ actor_name: 'Pessoa removida', actor_email: '', ip: '198.51.100.7', kind: 'team.role', target_id: 'uid-carlos', target_label: '', before_json: null, after_json: null });
    expect((await stored(neighbour.uid)).results).toEqual([expect.objectContaining({ actor_name: 'Maria Titular', target_label: 'carlos@montadora.com.br' })]);
    await purgeDeletedAccessRecords(db(), Date.now() + ACCESS_RECORDS_RETENTION_MS - DAY);
    expect((await stored(owner.uid)).results).toHaveLength(kept.length);
    await purgeDeletedAccessRecords(db(), Date.now() + ACCESS_RECORDS_RETENTION_MS + DAY);
    expect((await stored(owner.uid)).results).toEqual([]);
    expect((await stored(neighbour.uid)).results).toHaveLength(1);
  });

  it('is atomic: a statement that fails leaves everything as it was, still scheduled', async () => {
    const { owner } = await seedAccount();
    const asked = await schedule(owner.token);
    const trigger = `privacy_fail_${owner.uid.replace(/\W/g, '_')}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE DELETE ON vpn_route WHEN old.owner_uid = '${owner.uid}' BEGIN SELECT RAISE(ABORT, 'falha simulada'); END`,
    ).run();
    try {
      await expect(eraseDueAccounts(db(), asked.body.eraseAt.seconds * 1000 + 1000)).rejects.toThrow();
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    expect(await storedCount('customer', owner.uid)).toBe(1);
    expect(await storedCount('device', owner.uid)).toBe(1);
    const company = await env.DB.prepare('SELECT deleted_at, email FROM assembler WHERE uid = ?').bind(owner.uid).first();
    expect(company).toEqual({ deleted_at: null, email: owner.email });
    expect(await scheduledRow(owner.uid)).not.toBeNull();
    expect((await call('GET', '/me', { as: owner.token })).status).toBe(200);
  });
});
