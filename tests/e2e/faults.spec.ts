import type { Page } from '@playwright/test';
import { API, AREAS, CUSTOMER, expect, arrangeFault, signIn, storedAsStaff, test, makeEmail, type Fault } from './support';

function countRequests(page: Page, method: string, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path && request.url().startsWith(API)) {
      count += 1;
    }
  });
  return () => count;
}

async function openProfileWithFault(page: Page, fault: Fault) {
  await signIn(page, AREAS.portal.byHost, CUSTOMER);
  await arrangeFault(page, fault);
  const meRequests = countRequests(page, 'GET', '/me');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Perfil' }).click();
  return meRequests;
}

test.describe('faults: the backend fails, the user is told in pt-BR and can retry', () => {
  test('500: the query is retried 3 times, then a message and "Tentar novamente"', async ({ page }) => {
    const meRequests = await openProfileWithFault(page, { mode: '500', match: '/me', method: 'GET' });
    const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar seu perfil.' });
    await expect(alert).toContainText('Erro interno no servidor. Tente novamente em instantes.', { timeout: 20_000 });
    expect(meRequests()).toBe(4);
    await arrangeFault(page, null);
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByLabel('Nome')).toHaveValue(CUSTOMER.name);
  });

  test('offline', async ({ page }) => {
    await openProfileWithFault(page, { mode: 'offline', match: '/me', method: 'GET' });
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível carregar seu perfil.' })).toContainText(
      'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
      { timeout: 20_000 },
    );
  });

  test('malformed answer (HTML instead of JSON)', async ({ page }) => {
    await openProfileWithFault(page, { mode: 'malformed', match: '/me', method: 'GET' });
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível carregar seu perfil.' })).toContainText(
      'O servidor enviou uma resposta inválida. Tente novamente em instantes.',
    );
  });

  test('a hang past the timeout is retried and recovers', async ({ page }) => {
    test.setTimeout(60_000);
    const meRequests = await openProfileWithFault(page, { mode: 'timeout', match: '/me', method: 'GET', remaining: 1 });
    await expect(page.getByText('Carregando seu perfil…')).toBeVisible();
    await expect(page.getByLabel('Nome')).toHaveValue(CUSTOMER.name, { timeout: 30_000 });
    expect(meRequests()).toBe(2);
  });

  test('a failed save keeps what was typed', async ({ page }) => {
    await signIn(page, AREAS.portal.byHost, CUSTOMER);
    await page.goto(`${AREAS.portal.byHost}/profile`);
    await expect(page.getByLabel('Nome')).toHaveValue(CUSTOMER.name);
    await arrangeFault(page, { mode: '500', match: '/me', method: 'PATCH' });
    await page.getByLabel('Nome').fill('Maria Oliveira');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Erro interno no servidor. Tente novamente em instantes.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Nome')).toHaveValue('Maria Oliveira');
    await arrangeFault(page, null);
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Perfil atualizado.')).toBeVisible();
  });

  test('registration: a failed create is not retried by itself, and the retry never duplicates', async ({ page }) => {
    const email = makeEmail('falha');
    await page.goto(`${AREAS.portal.byHost}/register`);
    await arrangeFault(page, { mode: '500', match: '/assembler', remaining: 1 });
    const creates = countRequests(page, 'POST', '/assembler');
    await page.getByLabel('Nome').fill('Caldeiraria Norte Ltda');
    await page.getByLabel('CNPJ').fill('11.222.333/0001-81');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Erro interno no servidor. Tente novamente em instantes.').first()).toBeVisible();
    expect(creates()).toBe(1);
    await expect(page.getByLabel('Nome')).toHaveValue('Caldeiraria Norte Ltda');
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(`${AREAS.portal.byHost}/start`);
    expect(creates()).toBe(2);
    // What the backend stored: one builder with that e-mail, not two (the back office's list of every builder).
    const { data } = await storedAsStaff<{ data: Array<{ email: string }> }>('/backoffice/assembler');
    const assemblers = data.filter((a) => a.email === email).length;
    expect(assemblers).toBe(1);
  });
});
