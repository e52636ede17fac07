import type { Page } from '@playwright/test';
import { AREAS, trackErrors, CUSTOMER, expect, expectAccessible, clickRowAction, signIn, test, makeEmail } from './support';

const PORTAL = AREAS.portal.byHost;
const PASSWORD = 'convite123';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(`${PORTAL}/login`);
}

async function openTeam(page: Page) {
  await page.goto(`${PORTAL}/settings/`);
  await page.getByRole('link', { name: /Equipe/ }).click();
  await expect(page.getByRole('heading', { name: 'Equipe', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pessoas da equipe' })).toContainText('Maria Oliveira Santos');
  // Who registered the company is its Titular, so marked in the list.
  await expect(page.getByRole('table', { name: 'Pessoas da equipe' }).locator('tbody tr').filter({ hasText: 'Maria Oliveira Santos' })).toContainText('Titular');
}

/** Invites `email` as `role` from the Equipe screen; answers the link the dialog shows. */
async function invite(page: Page, email: string, role: string): Promise<string> {
  await page.getByRole('button', { name: 'Convidar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar para a equipe' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Perfil').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  const sent = page.getByRole('dialog', { name: 'Convite enviado' });
  await expect(sent.getByRole('button', { name: 'Copiar link' })).toBeVisible();
  const link = (await sent.locator('code').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`^${PORTAL}/invite/[0-9a-f]+$`));
  return link;
}

test.describe('Equipe', () => {
  test('a builder invites a Técnico, who registers through the link and joins; as Leitura the edit buttons go', async ({ page }) => {
    test.setTimeout(150_000);
    const errors = trackErrors(page);
    const email = makeEmail('tecnico');
    const name = 'Pedro Técnico';

    await signIn(page, PORTAL, CUSTOMER);
    await openTeam(page);
    await expect(page.getByRole('table', { name: 'Convites' })).toContainText('Pendente');
    await expectAccessible(page, 'Equipe');

    // A malformed e-mail and someone already in the team are refused on the field.
    await page.getByRole('button', { name: 'Convidar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convidar para a equipe' });
    await dialog.getByLabel('E-mail').fill('tecnico@');
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(dialog.getByText('E-mail inválido. Use o formato nome@empresa.com.br.')).toBeVisible();
    await dialog.getByLabel('E-mail').fill('carlos.prado@oliveira.exemplo.com.br');
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(dialog.getByText('Este e-mail já faz parte da equipe.')).toBeVisible();
    await expectAccessible(page, 'Convidar');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    const link = await invite(page, email, 'Técnico — Frota e conexões; sem compras e sem equipe.');
    await expectAccessible(page, 'Convite enviado');
    await page.getByRole('button', { name: 'Concluir' }).click();
    await expect(page.getByRole('table', { name: 'Convites' }).locator('tbody tr').filter({ hasText: email })).toContainText('Pendente');
    // The demo's mailbox has the e-mail with the same link.
    await expect(page.getByRole('region', { name: 'E-mails enviados (demonstração)' }).getByRole('link', { name: link })).toBeVisible();
    await signOut(page);

    // The invitee opens the link signed out and creates an account: no CNPJ, straight into the builder's portal.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Convite para a equipe', level: 1 })).toBeVisible();
    await expect(page.getByText(`Maria Oliveira Santos convidou ${email} para a equipe de Maria Oliveira Santos no Ponte IIoT.`)).toBeVisible();
    await expect(page.getByText('Técnico — Frota e conexões; sem compras e sem equipe.')).toBeVisible();
    await expectAccessible(page, 'Convite');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByLabel('CNPJ')).toHaveCount(0);
    await page.getByLabel('Nome').fill(name);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Criar conta e aceitar' }).click();
    await expect(page.getByRole('button', { name: 'Alternar menu lateral' })).toBeVisible();
    await expect(page.getByText('Bem-vindo à equipe de Maria Oliveira Santos!')).toBeVisible();

    // The fleet is there; purchases and the team are not.
    await page.goto(`${PORTAL}/machines`);
    await expect(page.getByRole('heading', { name: 'Máquinas', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nova máquina' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Máquinas' }).locator('tbody tr').first()).toBeVisible();
    await page.goto(`${PORTAL}/orders/`);
    await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sem permissão' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo pedido' })).toHaveCount(0);
    await page.goto(`${PORTAL}/orders/checkout`);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page.getByText('Seu perfil (Técnico) não permite fazer compras.', { exact: false })).toBeVisible();
    await expectAccessible(page, 'Checkout sem permissão');
    await expect(page.getByRole('link', { name: 'Voltar para Pedidos' })).toHaveAttribute('href', '/orders/');
    await page.goto(`${PORTAL}/settings/`);
    await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Meus Endereços/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Equipe/ })).toHaveCount(0);
    await page.goto(`${PORTAL}/settings/team`);
    await expect(page.getByText('Seu perfil (Técnico) não permite gerenciar a equipe.', { exact: false })).toBeVisible();
    await signOut(page);

    // The builder makes the invitee a Leitura.
    await signIn(page, PORTAL, CUSTOMER);
    await openTeam(page);
    const people = page.getByRole('table', { name: 'Pessoas da equipe' });
    await expect(people.locator('tbody tr').filter({ hasText: name })).toContainText('Técnico');
    await clickRowAction(page, name, 'Alterar perfil');
    const roleDialog = page.getByRole('dialog', { name: 'Alterar perfil' });
    await roleDialog.getByLabel('Perfil').selectOption({ label: 'Leitura — Vê tudo, não altera nada.' });
    await roleDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(`${name} agora é Leitura.`)).toBeVisible();
    await expect(people.locator('tbody tr').filter({ hasText: name })).toContainText('Leitura');
    await signOut(page);

    // As Leitura: the create and edit buttons are gone, and say why.
    await signIn(page, PORTAL, { email, password: PASSWORD });
    await page.goto(`${PORTAL}/customers`);
    await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo cliente' })).toHaveCount(0);
    const locked = page.getByRole('button', { name: 'Sem permissão' });
    await locked.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Seu perfil (Leitura) não permite alterar dados.');
    const firstRow = page.getByRole('table', { name: 'Clientes' }).locator('tbody tr').first();
    await firstRow.getByRole('button', { name: /^Ações para/ }).click();
    await expect(page.getByRole('menuitem', { name: /^Editar/ })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: /^Ver detalhes/ })).toBeEnabled();
    await page.keyboard.press('Escape');
    await page.goto(`${PORTAL}/customers/new`);
    await expect(page.getByText('Seu perfil (Leitura) não permite alterar dados.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para Clientes' })).toBeVisible();
    // The connection wizard registers and attaches gateways: Leitura is told why instead.
    await page.goto(`${PORTAL}/first-steps`);
    await expect(page.getByRole('heading', { name: 'Configurar Conexão', level: 1 })).toBeVisible();
    await expect(page.getByText('Seu perfil (Leitura) não permite alterar dados.', { exact: false })).toBeVisible();
    // The one refusal the test asked for: inviting someone already in the team (409).
    expect(errors.filter((error) => !error.includes('status of 409 (Conflict)'))).toEqual([]);
  });

  test('a revoked and an expired link say so; a link opened as someone else is refused', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, PORTAL, CUSTOMER);
    await openTeam(page);
    await clickRowAction(page, 'pedro.alves@oliveira.exemplo.com.br', 'Revogar convite');
    const confirm = page.getByRole('alertdialog', { name: 'Revogar convite?' });
    await confirm.getByRole('button', { name: 'Revogar' }).click();
    await expect(page.getByText('Convite revogado.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Convites' }).locator('tbody tr').filter({ hasText: 'pedro.alves' })).toContainText('Revogado');

    // Opened while signed in as Maria: the invitation is for someone else.
    const link = await invite(page, makeEmail('outro'), 'Leitura — Vê tudo, não altera nada.');
    await page.getByRole('button', { name: 'Concluir' }).click();
    await page.goto(link);
    await expect(page.getByText(`Você entrou como ${CUSTOMER.email}.`, { exact: false })).toContainText('Saia e entre com esse e-mail para aceitá-lo.');
    await expect(page.getByRole('button', { name: 'Aceitar convite' })).toHaveCount(0);

    await page.goto(`${PORTAL}/invite/convite-demo-pendente`);
    await expect(page.getByText('Este convite foi cancelado por quem o enviou.')).toBeVisible();
    await expectAccessible(page, 'Convite revogado');
    await page.goto(`${PORTAL}/invite/convite-demo-expirado`);
    await expect(page.getByText('Este convite expirou. Peça um novo a quem convidou você.', { exact: false })).toBeVisible();
    await page.goto(`${PORTAL}/invite/nao-existe`);
    await expect(page.getByText('Convite não encontrado.', { exact: false })).toBeVisible();
  });

  test('on a phone the people and the invitations are cards, not tables that scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, PORTAL, CUSTOMER);
    await page.goto(`${PORTAL}/settings/team`);
    const people = page.getByRole('list', { name: 'Pessoas da equipe' });
    await expect(people.getByRole('listitem')).toHaveCount(3);
    await expect(people.getByRole('listitem').filter({ hasText: 'Carlos Henrique Prado' })).toContainText('Perfil: Técnico');
    await expect(page.getByRole('list', { name: 'Convites' }).getByRole('listitem').first()).toContainText('Status: Pendente');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page, 'Equipe no celular');
  });
});
