import { EMULATOR_HOST, PROJECT_ID } from '../../scripts/lib/auth-emulator.mjs';
import { ADMIN, API, AREAS, expect, expectAccessible, makeEmail, signIn, storedIdToken, test, trackErrors } from './support';

const BACKOFFICE = AREAS.backoffice.byHost;
const PASSWORD = 'equipe123';

/**
 * A person of the emulator's own, made for this test (never a demo account: revoking one would end the sessions of
 * the tests running beside it).
 */
async function arrangeEmulatorAccount(email: string, displayName: string): Promise<string> {
  const response = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ email, password: PASSWORD, displayName, emailVerified: true }),
  });
  const data = (await response.json()) as { localId?: string };
  if (!response.ok || !data.localId) throw new Error(`emulador: conta ${email} não criada (${response.status})`);
  return data.localId;
}

test.describe('Equipe interna', () => {
  test('staff grant access by e-mail, the person enters the back office, and a revocation closes the API at once', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const errors = trackErrors(page);
    const email = makeEmail('equipe');
    const name = 'Helena Equipe';
    await arrangeEmulatorAccount(email, name);

    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
    await page.getByRole('link', { name: 'Equipe interna' }).click();
    await expect(page.getByRole('heading', { name: 'Equipe interna', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Equipe interna' });
    await expect(list).toContainText(ADMIN.name);
    await expectAccessible(page, 'Equipe interna');

    // An e-mail with no account: said at the field, nothing granted.
    await page.getByRole('button', { name: 'Conceder acesso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conceder acesso' });
    await dialog.getByLabel('E-mail').fill(makeEmail('ninguem'));
    await dialog.getByRole('button', { name: 'Conceder acesso' }).click();
    await expect(dialog.getByText(/^Não há conta no Ponte IIoT com o e-mail .+\. Peça à pessoa que crie a conta \(ou entre uma vez\) e tente de novo\.$/)).toBeVisible();
    await expectAccessible(page, 'Conceder acesso');

    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Conceder acesso' }).click();
    await expect(page.getByText(`Acesso concedido a ${name}. Vale a partir da próxima entrada da pessoa.`)).toBeVisible();
    await expect(list).toContainText(name);
    await expect(list).toContainText(email);

    // The person signs in: the back office opens for them.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await signIn(theirs, BACKOFFICE, { email, password: PASSWORD }, '/backoffice-login');
    await theirs.getByRole('link', { name: 'Equipe interna' }).click();
    await expect(theirs.getByRole('list', { name: 'Equipe interna' })).toContainText(name);
    const token = await storedIdToken(theirs);

    // Revoked (with a confirmation): gone from the list, and their token — still within its hour — is refused.
    await page.getByRole('button', { name: `Revogar acesso de ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revogar acesso?' });
    await expectAccessible(page, 'Revogar acesso?');
    await confirm.getByRole('button', { name: 'Revogar acesso' }).click();
    await expect(page.getByText(`Acesso de ${name} revogado.`)).toBeVisible();
    await expect(list).not.toContainText(name);
    const refused = await fetch(`${API}/backoffice/staff`, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);

    // Signed in again, the claim is gone: the back office refuses them.
    await theirs.goto(`${BACKOFFICE}/backoffice-login`);
    await theirs.getByLabel('E-mail').fill(email);
    await theirs.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await theirs.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(theirs.getByText('Usuário não autorizado').first()).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Alternar menu lateral' })).toHaveCount(0);
    await context.close();

    // The last member cannot be revoked: the button says why.
    const mine = page.getByRole('button', { name: `Revogar acesso de ${ADMIN.name}` });
    await expect(mine).toBeDisabled();
    await expect(mine).toHaveAccessibleDescription('Não é possível revogar o acesso do último membro da equipe interna. Conceda acesso a outra pessoa antes.');
    // The refusal the test asked for (an e-mail with no account) and nothing else.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
