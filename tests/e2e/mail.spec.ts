import { ADMIN, AREAS, CUSTOMER, expect, expectAccessible, makeEmail, signIn, test, trackErrors } from './support';

const PORTAL = AREAS.portal.byHost;
const BACKOFFICE = AREAS.backoffice.byHost;

test.describe('E-mail through the queue (issue 37)', () => {
  test("an invitation's e-mail goes through the queue; staff see it delivered in the back office's E-mails", async ({ page }) => {
    test.setTimeout(120_000);
    const errors = trackErrors(page);
    const email = makeEmail('fila');

    await signIn(page, PORTAL, CUSTOMER);
    await page.goto(`${PORTAL}/settings/`);
    await page.getByRole('link', { name: /Equipe/ }).click();
    await page.getByRole('button', { name: 'Convidar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convidar para a equipe' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(page.getByRole('dialog', { name: 'Convite enviado' })).toBeVisible();

    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
    await page.getByRole('link', { name: 'E-mails' }).first().click();
    await expect(page.getByRole('heading', { name: 'E-mails', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar e-mails' }).fill(email);
    const row = page.getByRole('table', { name: 'E-mails' }).locator('tbody tr').filter({ hasText: email });
    await expect(row).toContainText('Convite');
    // The queue's consumer delivers it to the demo mailbox within a second or so: the list shows it once reloaded.
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('Enviado', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText('1 tentativa');
    await expectAccessible(page, 'E-mails');
    expect(errors).toEqual([]);
  });
});
