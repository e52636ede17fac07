/**
 * Issue 37 (alerts, server side) through the demo: a gateway "unplugged" with the demo's "simulate offline", the
 * minute's evaluation run as the cron would 5 minutes later (the demo's clock: `wrangler dev` runs no cron), and the
 * seeded rule ("Gateway offline": Administrador, portal and e-mail, 5 minutes) reaches the portal's bell and the demo
 * mailbox.
 */
import { emulatorToken } from '../../scripts/lib/workers.mjs';
import { API, AREAS, CUSTOMER, CUSTOMER_UID, expect, signIn, test, trackErrors } from './support';

const PORTAL = AREAS.portal.byHost;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An API call as Maria (the demo builder's Administrador). */
async function callAsMaria<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${emulatorToken(CUSTOMER_UID, CUSTOMER.email)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

test.describe('Alertas: "simular offline" na demonstração', () => {
  test('a gateway offline for the rule\'s 5 minutes: one notification in the bell and one e-mail in the demo mailbox', async ({ page }) => {
    const errors = trackErrors(page);
    const online = await callAsMaria<{ data: Array<{ id: string; name: string }> }>('GET', '/device?status=online&perPage=10');
    const gateway = online.body.data[0];
    if (!gateway) throw new Error('a semente não tem gateway online da Maria');
    // The cursor of the evaluation starts after what the seed wrote.
    expect((await callAsMaria('POST', '/demo/alerts/evaluate', {})).status).toBe(200);
    expect((await callAsMaria('POST', `/demo/device/${gateway.id}/offline`)).status).toBe(204);
    expect((await callAsMaria('POST', '/demo/alerts/evaluate', { minutesLater: 4 })).body).toEqual({ offline: 0, online: 0 });
    expect((await callAsMaria('POST', '/demo/alerts/evaluate', { minutesLater: 5 })).body).toEqual({ offline: 1, online: 0 });

    const mailbox = await callAsMaria<Array<{ to: string; subject: string; text: string }>>('GET', '/demo/mailbox');
    expect(mailbox.body.filter((mail) => mail.subject === `Ponte IIoT — Gateway offline: ${gateway.name}`)).toEqual([
      expect.objectContaining({ to: CUSTOMER.email, text: `O gateway "${gateway.name}" está offline há 5 minutos.\n\nVeja no portal do Ponte IIoT.` }),
    ]);

    await signIn(page, PORTAL, CUSTOMER);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The seed's unread one and the new one.
    const bell = page.getByRole('button', { name: 'Notificações, 2 não lidas' });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notificações' });
    await expect(panel.getByRole('link', { name: new RegExp(`^Gateway offline: ${escaped(gateway.name)}`) }).first()).toHaveAttribute('href', new RegExp(`/devices/${gateway.id}$`));
    expect(errors).toEqual([]);
  });
});
