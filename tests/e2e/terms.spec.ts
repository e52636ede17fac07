import { TERMS_MESSAGES, TERMS_VERSION, termsDateLabel } from '../../src/contracts/terms';
import { API, AREAS, CUSTOMER, expect, expectAccessible, signIn, storedIdToken, test, trackErrors } from './support';

const LANDING = AREAS.landing.byPath;
const PORTAL = AREAS.portal.byHost;

test.describe('Termos de Uso (issue 38, item 4)', () => {
  test('/termos: the version in force, the clauses and the Anexo de Tratamento de Dados, accessible', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`${LANDING}/termos`);
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
    await expect(page.getByText(`Versão de ${termsDateLabel(TERMS_VERSION)}.`)).toBeVisible();
    for (const clause of ['2. Disponibilidade e suporte', '8. Suspensão', '10. Limites de responsabilidade', '12. Lei aplicável e foro']) {
      await expect(page.getByRole('heading', { level: 2, name: clause })).toBeVisible();
    }
    const annex = page.getByRole('region', { name: 'Anexo de Tratamento de Dados' });
    await expect(annex.getByRole('heading', { level: 3, name: 'G. Incidentes de segurança' })).toBeVisible();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test('an account that accepted the version in force sees no banner; an older version is refused by the API', async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
    const token = await storedIdToken(page);
    const answers = await page.evaluate(
      async ({ api, bearer }) => {
        const headers = { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' };
        const status = (await (await fetch(`${api}/account/terms`, { headers })).json()) as { version: string; mustAccept: boolean };
        const refused = await fetch(`${api}/account/terms`, { method: 'POST', headers, body: JSON.stringify({ version: '2000-01-01' }) });
        return { status, refused: { status: refused.status, body: (await refused.json()) as { error: { message: string; field?: string } } } };
      },
      { api: API, bearer: token },
    );
    expect(answers.status).toMatchObject({ version: TERMS_VERSION, mustAccept: false });
    expect(answers.refused.status).toBe(400);
    expect(answers.refused.body.error).toMatchObject({ message: TERMS_MESSAGES.outdated, field: 'version' });
    await expect(page.getByRole('region', { name: TERMS_MESSAGES.bannerTitle })).toHaveCount(0);
  });
});
