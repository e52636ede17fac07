import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUid } from '../../testing/api';
import { evaluateGatewayAlerts } from './gateways';
import { raiseAlert } from './raise';
import { raiseOrderUpdated, raisePaymentDeclined } from './events';
import {
  arrangeAccount,
  arrangeGateways,
  arrangePerson,
  arrangeRule,
  arrangeTransition,
  storedMails,
  storedNotifications,
} from './fixtures';

const MINUTE = 60_000;
const db = () => drizzle(env.DB);
const worker = env as unknown as Parameters<typeof evaluateGatewayAlerts>[0];
const callCron = (at: number) => evaluateGatewayAlerts(worker, db(), at);

beforeAll(async () => {
  // The first evaluation places the cursor after the transitions written so far.
  await callCron(Date.now());
});

describe('"Gateway offline" and "Gateway de volta" (the minute cron)', () => {
  it('alerts once the outage lasts the rule\'s minutes, to the roles and extra e-mails, in the portal and by e-mail; then "de volta"', async () => {
    const owner = makeUid();
    await arrangeAccount(owner, 'titular@montadora.com.br');
    await arrangePerson(owner, `${owner}-tecnico`, 'tecnico', 'tecnico@montadora.com.br');
    await arrangePerson(owner, `${owner}-leitura`, 'leitura', 'leitura@montadora.com.br');
    await arrangeRule(owner, 'gateway-offline', { roles: ['administrador', 'tecnico'], extraEmails: ['plantao@fabrica.com.br'], afterMinutes: 5 });
    await arrangeRule(owner, 'gateway-online', { roles: ['administrador'], channels: ['portal'] });
    const [gateway = ''] = await arrangeGateways(owner, 1, 'GW Prensa');
    const t0 = Date.now();
    await arrangeTransition([gateway], 'offline', t0);

    await callCron(t0 + 4 * MINUTE);
    expect(await storedNotifications(owner)).toEqual([]);

    await callCron(t0 + 5 * MINUTE);
    const offline = {
      event: 'gateway-offline',
      title: 'Gateway offline: GW Prensa 1',
      message: 'O gateway "GW Prensa 1" está offline há 5 minutos.',
      subject_kind: 'device',
      subject_id: gateway,
    };
    expect(await storedNotifications(owner)).toEqual([
      { member_uid: owner, ...offline },
      { member_uid: `${owner}-tecnico`, ...offline },
    ]);
    const mail = {
      kind: 'alerta',
      subject: 'Ponte IIoT — Gateway offline: GW Prensa 1',
      text: 'O gateway "GW Prensa 1" está offline há 5 minutos.\n\nVeja no portal do Ponte IIoT.',
    };
    expect(await storedMails(owner)).toEqual([
      { to_address: 'titular@montadora.com.br', ...mail },
      { to_address: 'tecnico@montadora.com.br', ...mail },
      { to_address: 'plantao@fabrica.com.br', ...mail },
    ]);

    // Once per outage.
    await callCron(t0 + 9 * MINUTE);
    expect(await storedNotifications(owner)).toHaveLength(2);

    await arrangeTransition([gateway], 'online', t0 + 10 * MINUTE);
    await callCron(t0 + 11 * MINUTE);
    const notifications = await storedNotifications(owner);
    expect(notifications).toHaveLength(3);
    expect(notifications[2]).toEqual({
      member_uid: owner,
      event: 'gateway-online',
      title: 'Gateway de volta: GW Prensa 1',
      message: 'O gateway "GW Prensa 1" voltou a se comunicar depois de 10 minutos offline.',
      subject_kind: 'device',
      subject_id: gateway,
    });
    expect(await storedMails(owner)).toHaveLength(3);
  });

  it('the newest transition deleted after it was read: the next one still alerts (its position is never reused)', async () => {
    const owner = makeUid();
    await arrangeAccount(owner);
    await arrangeRule(owner, 'gateway-offline', { afterMinutes: 1, channels: ['portal'] });
    const [first = '', second = ''] = await arrangeGateways(owner, 2);
    const t0 = Date.now();
    await arrangeTransition([first], 'offline', t0);
    await callCron(t0 + 2 * MINUTE);
    // The newest row, already behind the cursor, goes (an erased account, a purge): rowid would hand its number out again.
    const newestRow = 'SELECT id, device_id AS deviceId, rowid AS position, seq FROM device_status_event ORDER BY rowid DESC LIMIT 1';
    const newest = await env.DB.prepare(newestRow).first<{ id: string; deviceId: string; position: number; seq: number }>();
    expect(newest?.deviceId).toBe(first);
    await env.DB.prepare('DELETE FROM device_status_event WHERE id = ?').bind(newest?.id ?? '').run();
    await arrangeTransition([second], 'offline', t0 + 3 * MINUTE);
    const next = await env.DB.prepare(newestRow).first<{ id: string; deviceId: string; position: number; seq: number }>();
    expect(next?.deviceId).toBe(second);
    expect(next?.position).toBe(newest?.position);
    expect(next?.seq).toBeGreaterThan(newest?.seq ?? Number.POSITIVE_INFINITY);
    await callCron(t0 + 5 * MINUTE);
    expect((await storedNotifications(owner)).map((row) => [row.event, row.subject_id])).toEqual([
      ['gateway-offline', first],
      ['gateway-offline', second],
    ]);
  });

  it('a flapping gateway makes one alert (the quiet period); a blip shorter than the minutes alerts nothing', async () => {
    const owner = makeUid();
    await arrangeAccount(owner);
    await arrangeRule(owner, 'gateway-offline', { afterMinutes: 2, quietMinutes: 30 });
    await arrangeRule(owner, 'gateway-online', { quietMinutes: 30 });
    const [flapping = '', blip = ''] = await arrangeGateways(owner, 2);
    const t0 = Date.now();
    await arrangeTransition([blip], 'offline', t0);
    await arrangeTransition([blip], 'online', t0 + MINUTE);
    for (let flap = 0; flap < 4; flap += 1) {
      const start = t0 + flap * 5 * MINUTE;
      await arrangeTransition([flapping], 'offline', start);
      await callCron(start + 3 * MINUTE);
      await arrangeTransition([flapping], 'online', start + 4 * MINUTE);
      await callCron(start + 4 * MINUTE + 1);
    }
    const notifications = await storedNotifications(owner);
    expect(notifications.map((row) => [row.event, row.subject_id])).toEqual([
      ['gateway-offline', flapping],
      ['gateway-online', flapping],
    ]);
    expect((await storedMails(owner)).map((row) => row.subject)).toEqual([
      'Ponte IIoT — Gateway offline: Gateway 1',
      'Ponte IIoT — Gateway de volta: Gateway 1',
    ]);
  });

  it('1 000 gateways offline in one sweep: ONE digest per recipient (the first 20, "e mais 980")', async () => {
    const owner = makeUid();
    await arrangeAccount(owner, 'titular@montadora.com.br');
    await arrangePerson(owner, `${owner}-admin`, 'administrador', 'admin2@montadora.com.br');
    await arrangeRule(owner, 'gateway-offline', { extraEmails: ['plantao@fabrica.com.br'] });
    const gateways = await arrangeGateways(owner, 1000);
    const t0 = Date.now();
    await arrangeTransition(gateways, 'offline', t0);
    await callCron(t0 + 6 * MINUTE);

    const notifications = await storedNotifications(owner);
    const names = Array.from({ length: 20 }, (_, index) => `Gateway ${index + 1}`);
    const digest = { event: 'gateway-offline', title: 'Gateway offline: 1.000 gateways', message: `${names.join(', ')} e mais 980.`, subject_kind: null, subject_id: null };
    // The owner without a member row is an Administrador too.
    expect(notifications).toEqual([
      { member_uid: owner, ...digest },
      { member_uid: `${owner}-admin`, ...digest },
    ]);
    const mails = await storedMails(owner);
    expect(mails.map((row) => row.to_address)).toEqual(['titular@montadora.com.br', 'admin2@montadora.com.br', 'plantao@fabrica.com.br']);
    const text = [
      'Gateway offline (1.000 gateways):',
      '',
      ...names.map((name) => `- O gateway "${name}" está offline há 6 minutos.`),
      'E mais 980.',
      '',
      'Veja no portal do Ponte IIoT.',
    ].join('\n');
    for (const mail of mails) expect(mail).toMatchObject({ kind: 'alerta', subject: 'Ponte IIoT — Gateway offline: 1.000 gateways', text });
  });

  it('a rule off (the default) alerts nothing', async () => {
    const owner = makeUid();
    await arrangeAccount(owner);
    const [gateway = ''] = await arrangeGateways(owner, 1);
    const t0 = Date.now();
    await arrangeTransition([gateway], 'offline', t0);
    await callCron(t0 + 10 * MINUTE);
    expect(await storedNotifications(owner)).toEqual([]);
    expect(await storedMails(owner)).toEqual([]);
  });
});

describe('the other events reach the portal and the e-mail', () => {
  it('"Acesso remoto iniciado", "Aprovação pendente", "Pedido atualizado" and "Pagamento recusado"', async () => {
    const owner = makeUid();
    await arrangeAccount(owner, 'titular@montadora.com.br');
    for (const event of ['remote-access-started', 'approval-pending', 'order-updated', 'payment-declined'] as const) await arrangeRule(owner, event);
    const at = Date.now();
    await raiseAlert(worker, db(), {
      owner,
      event: 'remote-access-started',
      at,
      subject: { kind: 'remote-access', id: 'remote-access-9001', label: 'Injetora IH-450' },
      details: { message: 'Carlos iniciou um acesso remoto à máquina "Injetora IH-450" por 2 horas.' },
    });
    await raiseAlert(worker, db(), {
      owner,
      event: 'approval-pending',
      at: at + 1,
      subject: { kind: 'remote-access', id: 'remote-access-9002', label: 'Injetora IH-450' },
      details: { message: 'Carlos pediu acesso remoto à máquina "Injetora IH-450": aguarda a aprovação de um Administrador.' },
    });
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO purchase_order (id, owner_uid, number, status, item_count, subtotal, total, address_cep, address_street, address_number,
         address_district, address_city, address_uf, payment_method_id, payment_kind, payment_method_name, search, search_compact,
         created_at, updated_at)
       VALUES (?, ?, 4242, 'enviado', 1, 100, 100, '01310-100', 'Av. Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP',
         'payment-method-pix', 'pix', 'Pix', '', '', ?, ?)`,
    )
      .bind(`${owner}-order`, owner, now, now)
      .run();
    const updated = await raiseOrderUpdated(worker, db(), owner, `${owner}-order`);
    await raisePaymentDeclined(worker, db(), owner, 'Visa final 0002', 'R$ 1.234,56', Date.now() + 1);

    const rows = await storedNotifications(owner);
    expect(rows.map((row) => [row.event, row.title, row.message, row.subject_kind])).toEqual([
      ['remote-access-started', 'Acesso remoto iniciado: Injetora IH-450', 'Carlos iniciou um acesso remoto à máquina "Injetora IH-450" por 2 horas.', 'remote-access'],
      ['approval-pending', 'Aprovação pendente: Injetora IH-450', 'Carlos pediu acesso remoto à máquina "Injetora IH-450": aguarda a aprovação de um Administrador.', 'remote-access'],
      ['order-updated', 'Pedido atualizado: Pedido #4242', 'O pedido #4242 mudou para "Enviado".', 'order'],
      ['payment-declined', 'Pagamento recusado: cartão Visa final 0002', 'O cartão Visa final 0002 foi recusado pela operadora num pedido de R$ 1.234,56. Nenhum pedido foi criado.', null],
    ]);
    expect(updated?.alerted).toEqual([`${owner}-order`]);
    expect((await storedMails(owner)).map((row) => [row.to_address, row.kind, row.subject])).toEqual([
      ['titular@montadora.com.br', 'alerta', 'Ponte IIoT — Acesso remoto iniciado: Injetora IH-450'],
      ['titular@montadora.com.br', 'alerta', 'Ponte IIoT — Aprovação pendente: Injetora IH-450'],
      ['titular@montadora.com.br', 'alerta', 'Ponte IIoT — Pedido atualizado: Pedido #4242'],
      ['titular@montadora.com.br', 'alerta', 'Ponte IIoT — Pagamento recusado: cartão Visa final 0002'],
    ]);
  });
});
