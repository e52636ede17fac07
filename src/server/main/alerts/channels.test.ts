/**
 * Issue 37, "done when": each of the six events reaches each channel. A rule per event with the three channels: one
 * raise puts one notification in each Administrador's bell, one e-mail in the outbox and one delivery for the
 * endpoint that listens to the event (and none for one that does not). The routes that raise each event are tried in
 * route-events.test.ts, route-orders.test.ts and evaluate.test.ts; the browser's way in tests/e2e/alert-events.spec.ts.
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { ALERT_EVENT_LABELS, ALERT_EVENTS, type AlertEvent } from '@/contracts/alerts';
import { makeUid } from '../../testing/api';
import type { Env } from '../../shared/env';
import { arrangeAccount, arrangePerson, arrangeRule, storedMails, storedNotifications } from './fixtures';
import { raiseAlert, type AlertSubject } from './raise';

/** The Worker with no queue: the outbox rows and the deliveries stay as written (nothing is sent). */
const quiet = { ...env, WEBHOOK_QUEUE: undefined, MAIL_QUEUE: undefined } as unknown as Env;
const db = drizzle(env.DB);

const SUBJECTS: Record<AlertEvent, AlertSubject> = {
  'gateway-offline': { kind: 'device', id: 'device-1', label: 'GW Prensa 1' },
  'gateway-online': { kind: 'device', id: 'device-1', label: 'GW Prensa 1' },
  'remote-access-started': { kind: 'remote-access', id: 'session-1', label: 'Prensa 1' },
  'approval-pending': { kind: 'remote-access', id: 'session-2', label: 'Prensa 1' },
  'order-updated': { kind: 'order', id: 'order-1', label: 'Pedido #1042' },
  'payment-declined': { kind: 'order', id: 'card-declined-1', label: 'cartão Visa final 0002', linked: false },
};

async function arrangeEndpoint(owner: string, id: string, events: readonly AlertEvent[]): Promise<void> {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO webhook_endpoint (id, owner_uid, url, events, secret_cipher, secret_iv, enabled, version, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'cifra', 'iv', 1, 1, ?, ?)`,
  )
    .bind(id, owner, `https://erp.montadora.com.br/${id}`, JSON.stringify(events), now, now)
    .run();
}

async function storedDeliveries(owner: string): Promise<Array<{ endpoint_id: string; event: string; status: string; payload: string }>> {
  const { results } = await env.DB.prepare('SELECT endpoint_id, event, status, payload FROM webhook_delivery WHERE owner_uid = ? ORDER BY rowid')
    .bind(owner)
    .all<{ endpoint_id: string; event: string; status: string; payload: string }>();
  return results;
}

describe('each event reaches each channel', () => {
  it.each(ALERT_EVENTS.map((event) => [ALERT_EVENT_LABELS[event], event] as const))('"%s": the bell, the e-mail and the webhook', async (label, event) => {
    const owner = makeUid();
    await arrangeAccount(owner, `titular-${event}@montadora.com.br`);
    await arrangePerson(owner, `${owner}-ana`, 'administrador', `ana-${event}@montadora.com.br`);
    await arrangePerson(owner, `${owner}-joao`, 'leitura', `joao-${event}@montadora.com.br`);
    await arrangeRule(owner, event, { roles: ['administrador'], extraEmails: ['plantao@montadora.com.br'], channels: ['portal', 'email', 'webhook'] });
    await arrangeEndpoint(owner, `webhook-${owner}-listens`, [event]);
    const other = ALERT_EVENTS.find((item) => item !== event) ?? 'gateway-offline';
    await arrangeEndpoint(owner, `webhook-${owner}-other`, [other]);

    const subject = SUBJECTS[event];
    const message = `Mensagem do evento ${label}.`;
    const outcome = await raiseAlert(quiet, db, { owner, event, subject, details: { message } });
    expect(outcome).toEqual({ alerted: [subject.id], notifications: 2, mails: 3 });

    // The portal: the account's owner and Ana (Administradores), not João (Leitura).
    const title = `${label}: ${subject.label}`;
    expect((await storedNotifications(owner)).map((row) => [row.member_uid, row.event, row.title, row.message, row.subject_kind, row.subject_id])).toEqual(
      [owner, `${owner}-ana`].map((member) => [member, event, title, message, subject.linked === false ? null : subject.kind, subject.linked === false ? null : subject.id]),
    );
    // The e-mail: the Administradores and the extra address, each once.
    const mails = await storedMails(owner);
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([`ana-${event}@montadora.com.br`, 'plantao@montadora.com.br', `titular-${event}@montadora.com.br`]);
    for (const mail of mails) expect(mail).toMatchObject({ kind: 'alerta', subject: `Ponte IIoT — ${title}`, text: `${message}\n\nVeja no portal do Ponte IIoT.` });
    // The webhook: one delivery, to the endpoint that listens to the event.
    const deliveries = await storedDeliveries(owner);
    expect(deliveries.map((row) => [row.endpoint_id, row.event, row.status])).toEqual([[`webhook-${owner}-listens`, event, 'pendente']]);
    expect(JSON.parse(deliveries[0]?.payload ?? '{}')).toEqual({ subjects: [{ kind: subject.kind, id: subject.id, label: subject.label, message }] });
  });
});
