import { AREAS, collectErrors, expect, expectAccessible, test } from './support';

const LANDING = AREAS.landing.byPath;

test.describe('LGPD pages on the landing', () => {
  for (const [path, title, section] of [
    ['/privacidade', 'Política de Privacidade', 'Seus direitos'],
    ['/termos', 'Termos de Uso', 'Sua conta'],
  ] as const) {
    test(`${path}: the document, its footer links, no axe violations, no console errors`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(`${LANDING}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  }

  test('the landing footer links both documents', async ({ page }) => {
    await page.goto(`${LANDING}/`);
    const legal = page.getByRole('navigation', { name: 'Documentos legais' });
    await legal.getByRole('link', { name: 'Política de Privacidade' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
  });
});
