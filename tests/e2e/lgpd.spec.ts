import { API, AREAS, trackErrors, expect, expectAccessible, test, makeEmail } from './support';

const LANDING = AREAS.landing.byPath;

test.describe('LGPD pages on the landing', () => {
  for (const [path, title, section] of [
    ['/privacidade', 'Política de Privacidade', 'Seus direitos'],
    ['/termos', 'Termos de Uso', '7. Proteção de dados pessoais (LGPD)'],
  ] as const) {
    test(`${path}: the document, its footer links, no axe violations, no console errors`, async ({ page }) => {
      const errors = trackErrors(page);
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

type Mail = { to: string; subject: string; link: string | null; unsubscribeLink: string };

/** The demo's public mailbox of the newsletter (GET /demo/newsletter-mailbox, demo mode only): newest first. */
async function mailbox(email: string): Promise<Mail[]> {
  const response = await fetch(`${API}/demo/newsletter-mailbox?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`GET /demo/newsletter-mailbox respondeu ${response.status}`);
  return (await response.json()) as Mail[];
}

test.describe('newsletter double opt-in (LGPD)', () => {
  test('consent → one confirmation e-mail → confirmed by its link (twice: already) → unsubscribed by a link (twice: already) → subscribe again', async ({ page }) => {
    const errors = trackErrors(page);
    const email = makeEmail('optin');
    await page.goto(`${LANDING}/`);
    const footer = page.getByRole('contentinfo');
    const subscribe = async () => {
      await footer.getByLabel('Seu e-mail').fill(email);
      await footer.getByRole('checkbox', { name: 'Aceito receber a newsletter do Ponte IIoT e li a Política de Privacidade.' }).check();
      await footer.getByRole('button', { name: 'Enviar' }).click();
    };
    await subscribe();
    await expect(page.getByText(`Enviamos um link de confirmação para ${email}. A inscrição só vale depois que você abrir esse link.`)).toBeVisible();
    // Typed twice: the same answer (the API never tells one address's state from another's), one subscription, one
    // e-mail (a pending address is sent a new confirmation at most once every 10 minutes).
    await subscribe();
    // The answer came: the form unticks its consent and shows the same toast again.
    await expect(footer.getByRole('checkbox', { name: 'Aceito receber a newsletter do Ponte IIoT e li a Política de Privacidade.' })).not.toBeChecked();
    await expect(page.getByText(`Enviamos um link de confirmação para ${email}. A inscrição só vale depois que você abrir esse link.`).last()).toBeVisible();
    const [confirmation, ...others] = await mailbox(email);
    expect(others).toEqual([]);
    expect(confirmation?.subject).toBe('Confirme sua inscrição na newsletter do Ponte IIoT');
    expect(confirmation?.link).toMatch(/^\/newsletter\/confirmar\//);

    await page.goto(`${LANDING}${confirmation?.link ?? ''}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmação da inscrição na newsletter' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Inscrição confirmada!' })).toBeVisible();
    await expectAccessible(page, 'newsletter confirmada');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Esta inscrição já estava confirmada' })).toBeVisible();

    // Every newsletter e-mail (the welcome one here) carries an unsubscribe link that works.
    const [welcome] = await mailbox(email);
    expect(welcome?.subject).toBe('Inscrição confirmada: newsletter do Ponte IIoT');
    await page.goto(`${LANDING}${welcome?.unsubscribeLink ?? ''}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cancelamento da inscrição na newsletter' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Inscrição cancelada' })).toBeVisible();
    await expectAccessible(page, 'newsletter cancelada');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Esta inscrição já estava cancelada' })).toBeVisible();

    // Cancelled: the same e-mail may subscribe again (a new consent, a new confirmation e-mail).
    await page.goto(`${LANDING}/`);
    await subscribe();
    await expect(page.getByText('Confirme sua inscrição pelo e-mail')).toBeVisible();
    expect((await mailbox(email)).map((mail) => mail.subject)).toEqual([
      'Confirme sua inscrição na newsletter do Ponte IIoT',
      'Inscrição confirmada: newsletter do Ponte IIoT',
      'Confirme sua inscrição na newsletter do Ponte IIoT',
    ]);
    expect(errors).toEqual([]);
  });

  test('an unknown link says so in pt-BR, with the footer to subscribe again', async ({ page }) => {
    await page.goto(`${LANDING}/newsletter/cancelar/${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Não foi possível cancelar a inscrição' })).toBeVisible();
    await expect(page.getByText('Este link de cancelamento não é válido.', { exact: false })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByLabel('Seu e-mail')).toBeVisible();
    await expectAccessible(page, 'newsletter link inválido');
  });
});
