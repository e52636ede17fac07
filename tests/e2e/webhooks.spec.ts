/**
 * Issue 37, items 4 and 6 (signed webhooks) through the demo: Configurações → "Webhooks" lists the seeded webhook to
 * the demo's own receiver (the main Worker's `/demo/webhook-receiver`, DEMO_WEBHOOK_RECEIVER_URL on loopback);
 * "Enviar teste" is delivered for real over HTTP, signed, and the receiver's page shows it with a valid signature;
 * a gateway "unplugged" with the demo's simulation reaches the webhook when the rule has the 'webhook' channel; a
 * plain-http or private URL is refused at the field. No request leaves loopback: every URL here is the demo's own.
 */
import { emulatorToken } from '../../scripts/lib/workers.mjs';
import { API, AREAS, CUSTOMER, CUSTOMER_UID, expect, expectAccessible, signIn, test, trackErrors } from './support';

const PORTAL = AREAS.portal.byHost;

/** An API call as Maria (the demo builder's Administrador). */
async function callAsMaria<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${emulatorToken(CUSTOMER_UID, CUSTOMER.email)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

interface Receipt {
  eventId: string | null;
  event: string | null;
  signatureValid: boolean;
  body: string;
}

test.describe('Webhooks (demonstração)', () => {
  test('"Enviar teste" reaches the demo receiver, signed; the receiver\'s page says "assinatura válida"', async ({ page }) => {
    const errors = trackErrors(page);
    await signIn(page, PORTAL, CUSTOMER);
    await page.goto(`${PORTAL}/settings/webhooks`);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    const card = page.getByRole('article', { name: new RegExp(`/demo/webhook-receiver/${CUSTOMER_UID}$`) });
    await expect(card.getByText('Gateway offline, Gateway de volta')).toBeVisible();
    await expect(card.getByText('Ativo')).toBeVisible();
    await expectAccessible(page, 'webhooks');

    await card.getByRole('button', { name: 'Enviar teste' }).click();
    await expect(page.getByText('Teste enviado.')).toBeVisible();
    // The queue delivers it in the background: the log shows it delivered once the receiver answered.
    const testRow = card.getByRole('row').filter({ hasText: 'Teste' });
    await expect(async () => {
      await page.reload();
      await expect(testRow).toContainText('Entregue', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(testRow).toContainText('200');

    await page.getByRole('link', { name: 'Ver webhooks recebidos (demonstração)' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks recebidos (demonstração)', level: 1 })).toBeVisible();
    const first = page.getByRole('list', { name: 'Entregas recebidas' }).getByRole('listitem').first();
    await expect(first).toContainText('Teste');
    await expect(first.getByText('assinatura válida')).toBeVisible();
    await expect(first.getByLabel('Corpo recebido')).toContainText('"type": "test"');
    await expectAccessible(page, 'webhooks recebidos');
    expect(errors).toEqual([]);
  });

  test('a gateway "unplugged" reaches the webhook when the rule has the webhook channel', async () => {
    const rules = await callAsMaria<Array<{ event: string; version: number | null }>>('GET', '/alert-rule');
    const offlineRule = rules.body.find((rule) => rule.event === 'gateway-offline');
    const saved = await callAsMaria(
      'PUT',
      '/alert-rule/gateway-offline',
      { enabled: true, roles: ['administrador'], extraEmails: [], channels: ['portal', 'email', 'webhook'], afterMinutes: 5, quietMinutes: 30 },
      offlineRule?.version ? { 'If-Match': String(offlineRule.version) } : {},
    );
    expect(saved.status).toBe(200);
    const online = await callAsMaria<{ data: Array<{ id: string; name: string }> }>('GET', '/device?status=online&perPage=10');
    const gateway = online.body.data[0];
    if (!gateway) throw new Error('a semente não tem gateway online da Maria');
    expect((await callAsMaria('POST', '/demo/alerts/evaluate', {})).status).toBe(200);
    expect((await callAsMaria('POST', `/demo/device/${gateway.id}/offline`)).status).toBe(204);
    expect((await callAsMaria('POST', '/demo/alerts/evaluate', { minutesLater: 5 })).body).toEqual({ offline: 1, online: 0 });
    await expect(async () => {
      const got = await callAsMaria<{ data: Receipt[] }>('GET', '/demo/webhook-receiver');
      const offline = got.body.data.find((receipt) => receipt.event === 'gateway-offline');
      expect(offline?.signatureValid).toBe(true);
      const body = JSON.parse(offline?.body ?? '{}') as { id: string; type: string; data: { subjects: Array<{ id: string; message: string }> } };
      expect(body.id).toBe(offline?.eventId);
      expect(body.type).toBe('gateway-offline');
      expect(body.data.subjects).toEqual([expect.objectContaining({ id: gateway.id, message: `O gateway "${gateway.name}" está offline há 5 minutos.` })]);
    }).toPass({ timeout: 30_000 });
  });

  test('"Novo webhook" refuses plain http and private addresses at the field', async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
    await page.goto(`${PORTAL}/settings/webhooks`);
    await page.getByRole('button', { name: 'Novo webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo webhook' });
    const url = dialog.getByLabel(/^URL/);
    await url.fill('http://erp.fabrica.com.br/ponte');
    await dialog.getByRole('button', { name: 'Criar webhook' }).click();
    await expect(dialog.getByText('Use um endereço HTTPS.')).toBeVisible();
    await url.fill('https://169.254.169.254/latest/meta-data');
    await dialog.getByRole('button', { name: 'Criar webhook' }).click();
    await expect(dialog.getByText('Endereços privados não são permitidos.')).toBeVisible();
    await url.fill('https://[::1]/ponte');
    await dialog.getByRole('button', { name: 'Criar webhook' }).click();
    await expect(dialog.getByText('Endereços privados não são permitidos.')).toBeVisible();
  });
});
