/**
 * Issue 37, "done when": each of the six events reaches each channel in the browser. Maria's rules send every event
 * to the portal, the e-mail and the webhook, and the demo's webhook (to the demo's own receiver) takes every event.
 * Then each event happens as it would for a user:
 * - "Gateway offline" and "Gateway de volta": the demo's "simulate offline"/"online" on a gateway, the minute's
 *   evaluation run as the cron would (the demo's clock: `wrangler dev` runs no cron);
 * - "Pedido atualizado": staff set order #1004 to "Pago" in the back office's API;
 * - "Acesso remoto iniciado": Maria connects to a machine (the page generates the profile: the window starts);
 * - "Aprovação pendente": Maria connects to a machine of a factory that approves each access;
 * - "Pagamento recusado": a checkout with the declined card 4000 0000 0000 0002.
 * Each then shows in the bell "Notificações", in the demo mailbox (Equipe → "E-mails enviados (demonstração)") and in
 * "Webhooks recebidos (demonstração)" with a valid signature. No request leaves loopback.
 */
import type { Page } from '@playwright/test';
import { emulatorToken } from '../../scripts/lib/workers.mjs';
import { ALERT_EVENTS, ALERT_EVENT_LABELS, type AlertEvent } from '../../src/contracts/alerts';
import { ADMIN_UID, API, AREAS, CUSTOMER, CUSTOMER_UID, expect, expectAccessible, signIn, storedAsStaff, test, trackErrors } from './support';

const PORTAL = AREAS.portal.byHost;
/** src/seed: a machine Maria reaches at once (RT-6 #01), and one of Frigorífico Pantanal S.A., which approves each access. */
const DIRECT = 'machine-1003';
const FACTORY_APPROVED = { id: 'machine-1012', name: 'CU-800 #02' };
const ORDER = { id: 'order-1004', number: 1004 };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function callApi<T>(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

const maria = () => emulatorToken(CUSTOMER_UID, CUSTOMER.email);
const staff = () => emulatorToken(ADMIN_UID, 'admin@example.com', { admin: true });

/** Every rule to the Administradores through the three channels; the demo's webhook takes every event. */
async function arrangeEveryChannel(): Promise<void> {
  const rules = await callApi<Array<{ event: AlertEvent; version: number | null }>>(maria(), 'GET', '/alert-rule');
  for (const event of ALERT_EVENTS) {
    const version = rules.body.find((rule) => rule.event === event)?.version ?? null;
    const saved = await callApi(
      maria(),
      'PUT',
      `/alert-rule/${event}`,
      { enabled: true, roles: ['administrador'], extraEmails: [], channels: ['portal', 'email', 'webhook'], afterMinutes: 5, quietMinutes: 30 },
      version === null ? {} : { 'If-Match': String(version) },
    );
    expect(saved.status, event).toBe(200);
  }
  const hooks = await callApi<{ data: Array<{ id: string; url: string; version: number }> }>(maria(), 'GET', '/webhook');
  const hook = hooks.body.data.find((item) => item.url.endsWith(`/demo/webhook-receiver/${CUSTOMER_UID}`));
  if (!hook) throw new Error('a semente não tem o webhook da demonstração');
  const updated = await callApi(maria(), 'PUT', `/webhook/${hook.id}`, { url: hook.url, events: [...ALERT_EVENTS], enabled: true }, { 'If-Match': String(hook.version) });
  expect(updated.status).toBe(200);
}

/** "Conectar" on a machine's page, one hour, and what the dialog then says. */
async function connect(page: Page, machineId: string, outcome: RegExp | string): Promise<void> {
  await page.goto(`${PORTAL}/machines/${machineId}`);
  const section = page.getByRole('region', { name: 'Acesso remoto' });
  await section.getByRole('button', { name: 'Conectar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conectar à máquina' });
  await dialog.getByLabel('Motivo').fill('Diagnóstico do alarme de temperatura');
  await dialog.getByLabel('Duração').selectOption({ label: '1 hora' });
  await dialog.getByRole('button', { name: 'Gerar acesso' }).click();
  await expect(dialog.getByText(outcome).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(dialog).toBeHidden();
}

/** A checkout of one gateway paid with the declined card: no order. */
async function payWithDeclinedCard(page: Page): Promise<void> {
  await page.goto(`${PORTAL}/orders/checkout`);
  await page.getByRole('button', { name: 'Adicionar Gateway Ponte G1 4G' }).click();
  const next = async (step: string) => {
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: step, level: 2, exact: true })).toBeFocused();
  };
  await next('Entrega');
  await next('Pagamento');
  await page.getByRole('radio', { name: /Cartão de crédito/ }).check();
  await page.getByLabel('Número do cartão').fill('4000 0000 0000 0002');
  await page.getByLabel('Nome impresso no cartão').fill('MARIA O SANTOS');
  await page.getByLabel('Validade').fill('12/35');
  await page.getByLabel('Código de segurança').fill('123');
  await next('Revisão');
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Pagamento recusado pela operadora do cartão.' })).toBeVisible();
}

test.describe('Alertas: cada evento em cada canal', () => {
  test('the six events reach the bell, the demo mailbox and the demo webhook receiver', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = trackErrors(page);
    await arrangeEveryChannel();

    // "Gateway offline" after the rule's 5 minutes, then "Gateway de volta".
    const online = await callApi<{ data: Array<{ id: string; name: string }> }>(maria(), 'GET', '/device?status=online&perPage=10');
    const gateway = online.body.data[0];
    if (!gateway) throw new Error('a semente não tem gateway online da Maria');
    expect((await callApi(maria(), 'POST', '/demo/alerts/evaluate', {})).status).toBe(200);
    expect((await callApi(maria(), 'POST', `/demo/device/${gateway.id}/offline`)).status).toBe(204);
    expect((await callApi(maria(), 'POST', '/demo/alerts/evaluate', { minutesLater: 5 })).body).toEqual({ offline: 1, online: 0 });
    expect((await callApi(maria(), 'POST', `/demo/device/${gateway.id}/online`)).status).toBe(204);
    expect((await callApi(maria(), 'POST', '/demo/alerts/evaluate', { minutesLater: 6 })).body).toEqual({ offline: 0, online: 1 });

    // "Pedido atualizado": staff confirm the boleto's payment of order #1004.
    const order = await storedAsStaff<{ version: number }>(`/backoffice/order/${ORDER.id}`);
    const moved = await callApi(staff(), 'POST', `/backoffice/order/${ORDER.id}/status`, { status: 'pago' }, { 'If-Match': String(order.version) });
    expect(moved.status).toBe(200);

    await signIn(page, PORTAL, CUSTOMER);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await connect(page, DIRECT, /^Acesso liberado até/);
    await connect(page, FACTORY_APPROVED.id, 'Aguardando aprovação');
    await payWithDeclinedCard(page);

    const titles: Record<AlertEvent, RegExp> = {
      'gateway-offline': new RegExp(`^Gateway offline: ${escaped(gateway.name)}`),
      'gateway-online': new RegExp(`^Gateway de volta: ${escaped(gateway.name)}`),
      'order-updated': new RegExp(`^Pedido atualizado: Pedido #${ORDER.number}`),
      'remote-access-started': /^Acesso remoto iniciado: /,
      'approval-pending': new RegExp(`^Aprovação pendente: ${escaped(FACTORY_APPROVED.name)}`),
      'payment-declined': /^Pagamento recusado: cartão .*final 0002/,
    };

    // The portal: the bell counts the seed's unread one and the six; each item names its event.
    await page.goto(`${PORTAL}/`);
    const bell = page.getByRole('button', { name: 'Notificações, 7 não lidas' });
    await expect(async () => {
      await page.reload();
      await expect(bell).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notificações' });
    for (const event of ALERT_EVENTS) await expect(panel.getByText(titles[event]).first(), ALERT_EVENT_LABELS[event]).toBeVisible();
    await expect(panel.getByRole('link', { name: titles['order-updated'] }).first()).toHaveAttribute('href', new RegExp(`/orders/${ORDER.id}$`));
    await expect(panel.getByRole('link', { name: titles['gateway-online'] }).first()).toHaveAttribute('href', new RegExp(`/devices/${gateway.id}$`));
    await expectAccessible(page, 'notificações: seis eventos');
    await page.keyboard.press('Escape');

    // The e-mail: the demo mailbox has one e-mail to Maria per event.
    await page.goto(`${PORTAL}/settings/team`);
    const mailbox = page.getByRole('region', { name: 'E-mails enviados (demonstração)' });
    for (const event of ALERT_EVENTS) {
      const subject = new RegExp(`Ponte IIoT — ${titles[event].source.slice(1)}`);
      await expect(mailbox.getByRole('listitem').filter({ hasText: subject }).filter({ hasText: CUSTOMER.email }), ALERT_EVENT_LABELS[event]).toHaveCount(1);
    }

    // The webhook: the demo's receiver got every event, signed.
    await page.goto(`${PORTAL}/settings/webhooks/demo`);
    await expect(page.getByRole('heading', { name: 'Webhooks recebidos (demonstração)', level: 1 })).toBeVisible();
    const received = page.getByRole('list', { name: 'Entregas recebidas' }).getByRole('listitem');
    for (const event of ALERT_EVENTS) {
      const item = received.filter({ hasText: ALERT_EVENT_LABELS[event] }).first();
      await expect(async () => {
        await page.reload();
        await expect(item.getByText('assinatura válida')).toBeVisible({ timeout: 2_000 });
      }, ALERT_EVENT_LABELS[event]).toPass({ timeout: 30_000 });
      await expect(item.getByLabel('Corpo recebido')).toContainText(`"type": "${event}"`);
    }
    // The declined card's 402 is the answer the checkout shows ("Pagamento recusado pela operadora do cartão."): no other error.
    expect(errors.filter((error) => !error.includes('status of 402 (Payment Required)'))).toEqual([]);
  });
});
