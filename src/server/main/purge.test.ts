import { createScheduledController, env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import worker from './index';
import { LINK_GRACE_MS, MAIL_RETENTION_MS, purgeExpiredRows } from './purge';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAILY_CRON = '17 3 * * *';

/** The rows of one test, each named by a suffix of its own (the database is shared by the test files). */
async function seed(now: number) {
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const owner = `purga-${id}`;
  const past = (ms: number) => now - ms - DAY_MS;
  const within = (ms: number) => now - ms + DAY_MS;
  const mailRow = (name: string, sentAt: number) =>
    env.DB.prepare('INSERT INTO mail (id, owner_uid, to_address, subject, text, link, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)').bind(
      `${name}-${id}`,
      owner,
      'fabrica@exemplo.com.br',
      'Assunto',
      'Texto',
      '',
      sentAt,
    );
  const newsletterMailRow = (name: string, to: string, sentAt: number) =>
    env.DB.prepare('INSERT INTO newsletter_mail (id, to_address, subject, text, link, unsubscribe_link, sent_at) VALUES (?, ?, ?, ?, NULL, ?, ?)').bind(
      `${name}-${id}`,
      to,
      'Assunto',
      'Texto',
      '/newsletter/cancelar/x',
      sentAt,
    );
  const subscription = (name: string, status: string, confirmExpiresAt: number | null) => {
    const email = `${name}-${id}@exemplo.com.br`;
    return [
      env.DB.prepare(
        'INSERT INTO newsletter (email, created_at, status, consent_at, policy_version, confirm_token_hash, confirm_expires_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).bind(email, now - 90 * DAY_MS, status, now - 90 * DAY_MS, '1', confirmExpiresAt === null ? null : `hash-${name}-${id}`, confirmExpiresAt, now - 90 * DAY_MS),
      env.DB.prepare('INSERT INTO newsletter_unsubscribe_token (token_hash, email, created_at) VALUES (?, ?, ?)').bind(`unsub-${name}-${id}`, email, now - 90 * DAY_MS),
      newsletterMailRow(`carta-${name}`, email, now - DAY_MS),
    ];
  };
  const invitationRow = (name: string, status: string, expiresAt: number) =>
    env.DB.prepare(
      'INSERT INTO invitation (id, owner_uid, token, email, email_key, role, status, created_at, expires_at, invited_by_uid, invited_by_name, version, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)',
    ).bind(`${name}-${id}`, owner, `token-${name}-${id}`, `${name}@exemplo.com.br`, `${name}@exemplo.com.br`, 'tecnico', status, expiresAt - 7 * DAY_MS, expiresAt, owner, 'Admin', expiresAt - 7 * DAY_MS);
  const linkRow = (name: string, expiresAt: number, usedAt: number | null) =>
    env.DB.prepare(
      'INSERT INTO remote_access_factory_link (token_hash, owner_uid, session_id, customer_id, customer_name, customer_email, expires_at, used_at, decision, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).bind(`${name}-${id}`, owner, `session-${name}`, 'customer-1', 'Fábrica', 'fabrica@exemplo.com.br', expiresAt, usedAt, usedAt === null ? null : 'approve', expiresAt - DAY_MS);
  await env.DB.batch([
    mailRow('velho', past(MAIL_RETENTION_MS)),
    mailRow('recente', within(MAIL_RETENTION_MS)),
    newsletterMailRow('velha', `outro-${id}@exemplo.com.br`, past(MAIL_RETENTION_MS)),
    ...subscription('nunca-confirmou', 'pendente', past(LINK_GRACE_MS)),
    ...subscription('expirou-ontem', 'pendente', now - DAY_MS),
    ...subscription('aguardando', 'pendente', now + DAY_MS),
    ...subscription('ativa', 'ativo', past(LINK_GRACE_MS)),
    ...subscription('cancelada', 'cancelado', past(LINK_GRACE_MS)),
    ...subscription('antiga-sem-token', 'pendente', null),
    invitationRow('pendente-expirado', 'pendente', past(LINK_GRACE_MS)),
    invitationRow('revogado-expirado', 'revogado', past(LINK_GRACE_MS)),
    invitationRow('aceito', 'aceito', past(LINK_GRACE_MS)),
    invitationRow('expirou-ontem', 'pendente', now - DAY_MS),
    invitationRow('valido', 'pendente', now + DAY_MS),
    linkRow('link-expirado', past(LINK_GRACE_MS), null),
    linkRow('link-usado', past(LINK_GRACE_MS), past(LINK_GRACE_MS)),
    linkRow('link-ontem', now - DAY_MS, null),
    linkRow('link-valido', now + DAY_MS, null),
  ]);
  return id;
}

/** What is left of one test's rows, by table, each row by its name (the suffix dropped). */
async function left(id: string) {
  const names = async (sql: string) =>
    (await env.DB.prepare(sql).bind(`%-${id}%`).all<{ name: string }>()).results.map((row) => row.name.replace(`-${id}`, '').replace(/@.*/, '')).sort();
  return {
    mail: await names('SELECT id AS name FROM mail WHERE id LIKE ?'),
    newsletter: await names('SELECT email AS name FROM newsletter WHERE email LIKE ?'),
    unsubscribeTokens: await names("SELECT substr(token_hash, 7) AS name FROM newsletter_unsubscribe_token WHERE token_hash LIKE 'unsub-' || ?"),
    newsletterMail: await names("SELECT id AS name FROM newsletter_mail WHERE id LIKE ? AND id NOT LIKE 'carta-%'"),
    letters: await names("SELECT substr(id, 7) AS name FROM newsletter_mail WHERE id LIKE 'carta-' || ?"),
    invitations: await names('SELECT id AS name FROM invitation WHERE id LIKE ?'),
    factoryLinks: await names('SELECT token_hash AS name FROM remote_access_factory_link WHERE token_hash LIKE ?'),
  };
}

const KEPT_SUBSCRIPTIONS = ['aguardando', 'antiga-sem-token', 'ativa', 'cancelada', 'expirou-ontem'];

describe('the daily purge', () => {
  it('expired mail, newsletter and link-token rows are purged; live and recent ones stay', async () => {
    const now = Date.now();
    const id = await seed(now);
    await purgeExpiredRows(drizzle(env.DB), now);
    expect(await left(id)).toEqual({
      mail: ['recente'],
      newsletter: KEPT_SUBSCRIPTIONS,
      unsubscribeTokens: KEPT_SUBSCRIPTIONS,
      newsletterMail: [],
      letters: KEPT_SUBSCRIPTIONS,
      invitations: ['aceito', 'expirou-ontem', 'valido'],
      factoryLinks: ['link-ontem', 'link-valido'],
    });
  });

  it('runs in the main Worker\'s daily scheduled job', async () => {
    const id = await seed(Date.now());
    await worker.scheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime: new Date() }), env);
    const after = await left(id);
    expect(after.mail).toEqual(['recente']);
    expect(after.newsletter).toEqual(KEPT_SUBSCRIPTIONS);
    expect(after.invitations).toEqual(['aceito', 'expirou-ontem', 'valido']);
    expect(after.factoryLinks).toEqual(['link-ontem', 'link-valido']);
  });
});
