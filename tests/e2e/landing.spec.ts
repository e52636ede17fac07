import type { Page } from '@playwright/test';
import { API, AREAS, trackErrors, expect, expectAccessible, PORT, arrangeFault, test, makeEmail } from './support';

const LANDING = AREAS.landing.byPath;
const SECTIONS = [
  ['Benefícios', 'benefits'],
  ['Recursos', 'features'],
  ['Planos', 'pricing'],
  ['Depoimentos', 'testimonials'],
  ['Dúvidas', 'faq'],
] as const;

async function openLanding(page: Page, url = `${LANDING}/`) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The heading sits just below the sticky header (64 px) once the scroll has settled. */
async function expectSectionAtTop(page: Page, id: string) {
  await expect(page.locator(`#${id}`)).toBeInViewport();
  await expect
    .poll(() => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5000 })
    .toBeLessThanOrEqual(80);
}

test.describe('landing (desktop)', () => {
  test('one h1, landmarks, no axe violations, no console errors', async ({ page }) => {
    const errors = trackErrors(page);
    await openLanding(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectAccessible(page, 'landing /');
    expect(errors).toEqual([]);
  });

  test('the page ends parsing with its styles, even when the stylesheet comes late', async ({ page }) => {
    // At DOMContentLoaded the browser scans forms (autofill) and lays the page out: without its styles that is
    // every section and the hidden sign-in pages, unstyled. The stylesheet, held here for 600 ms, must be in first.
    await page.route('**/assets/*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const hidden = document.getElementById('signin-portal');
        document.documentElement.dataset.styledAtDcl = String(!!hidden && getComputedStyle(hidden).display === 'none');
      });
    });
    await openLanding(page);
    await expect(page.locator('html')).toHaveAttribute('data-styled-at-dcl', 'true');
  });

  test('every anchor of the in-page menu scrolls its section into view and focuses it', async ({ page }) => {
    const errors = trackErrors(page);
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    for (const [label, id] of SECTIONS) {
      await nav.getByRole('link', { name: label }).click();
      await expectSectionAtTop(page, id);
      await expect(page.locator(`#${id}-title`)).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
    }
    expect(errors).toEqual([]);
  });

  test('the menu works with the keyboard, and the skip link jumps to the content', async ({ page }) => {
    await openLanding(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    const faq = page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Dúvidas' });
    await faq.focus();
    await page.keyboard.press('Enter');
    await expectSectionAtTop(page, 'faq');
    await expect(page.locator('#faq-title')).toBeFocused();
  });

  test('reduced motion: the jump is immediate', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openLanding(page);
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Depoimentos' }).click();
    const top = await page.locator('#testimonials').evaluate((el) => Math.round(el.getBoundingClientRect().top));
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThanOrEqual(80);
  });

  test('a #hash in the address opens the page at that section', async ({ page }) => {
    await page.goto(`${LANDING}/landing#pricing`);
    await expectSectionAtTop(page, 'pricing');
  });

  test('"Começar Agora" reaches the portal registration (/portal/register on localhost)', async ({ page }) => {
    const errors = trackErrors(page);
    await openLanding(page);
    await page.getByRole('banner').getByRole('link', { name: 'Começar Agora' }).click();
    await expect(page).toHaveURL(`http://localhost:${PORT}/portal/register`);
    await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('on a landing host, "Começar Agora" goes to the portal host', async ({ page }) => {
    await openLanding(page, `http://landing.localhost:${PORT}/`);
    await page.getByRole('main').getByRole('link', { name: 'Começar Agora' }).first().click();
    await expect(page).toHaveURL(`http://portal.localhost:${PORT}/register`);
    await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
  });

  test('a pricing button also starts registration; plans are in BRL per gateway per month', async ({ page }) => {
    await openLanding(page, `${LANDING}/landing`);
    const pricing = page.locator('#pricing');
    await expect(pricing).toContainText('R$ 49/gateway/mês');
    await expect(pricing).toContainText('R$ 89/gateway/mês');
    await expect(pricing).toContainText('R$ 149/gateway/mês');
    await pricing.getByRole('link', { name: 'Assinar o Profissional' }).click();
    await expect(page).toHaveURL(`http://localhost:${PORT}/portal/register`);
    await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
  });

  test('the FAQ accordion opens and closes with the keyboard', async ({ page }) => {
    await openLanding(page);
    const item = page.locator('#faq details').first();
    const summary = item.locator('summary');
    const answer = item.locator('p');
    await expect(answer).toBeHidden();
    await summary.focus();
    await expect(summary).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('open', '');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Space');
    await expect(item).not.toHaveAttribute('open', '');
    await expect(answer).toBeHidden();
    // Tab reaches the next question.
    await page.keyboard.press('Tab');
    await expect(page.locator('#faq details').nth(1).locator('summary')).toBeFocused();
  });

  test('the footer shows the contact items from configuration', async ({ page }) => {
    await openLanding(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Campinas, SP');
    await expect(footer.getByRole('link', { name: '+55 19 3500-4200' })).toHaveAttribute('href', 'tel:+551935004200');
    await expect(footer.getByRole('link', { name: 'contato@ponteiiot.com.br' })).toHaveAttribute(
      'href',
      'mailto:contato@ponteiiot.com.br',
    );
  });
});

test.describe('newsletter', () => {
  const CONSENT = 'Aceito receber a newsletter do Ponte IIoT e li a Política de Privacidade.';

  test('a bad address and a missing consent are refused; a good one is pending with a toast; the same e-mail again gets the same answer', async ({ page }) => {
    const errors = trackErrors(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url() === `${API}/newsletter`) posts.push(request.url());
    });
    await openLanding(page);
    const footer = page.getByRole('contentinfo');
    const input = footer.getByLabel('Seu e-mail');
    const consent = footer.getByRole('checkbox', { name: CONSENT });
    const send = footer.getByRole('button', { name: 'Enviar' });
    await expect(consent).not.toBeChecked();

    await input.fill('maria@fabrica');
    await send.click();
    await expect(footer.getByText('E-mail inválido. Use o formato nome@empresa.com.br.')).toBeVisible();
    await expect(input).toBeFocused();

    const email = makeEmail('newsletter');
    await input.fill(email);
    await send.click();
    await expect(footer.getByText('Marque a caixa para aceitar receber a newsletter.')).toBeVisible();
    await expect(consent).toBeFocused();
    expect(posts).toEqual([]);

    await page.keyboard.press('Space');
    await send.click();
    await expect(page.getByText('Confirme sua inscrição pelo e-mail')).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(consent).not.toBeChecked();
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);

    // The same address again gets the same answer (the API tells no one whether an address is subscribed or pending).
    await input.fill(email);
    await consent.check();
    await send.click();
    await expect(input).toHaveValue('');
    await expect(page.getByText('Confirme sua inscrição pelo e-mail').first()).toBeVisible();
    expect(posts).toHaveLength(2);
    await expectAccessible(page, 'landing newsletter');
    expect(errors).toEqual([]);
  });

  test('a failure (server error) says so in pt-BR, keeps the value, and a retry works', async ({ page }) => {
    await openLanding(page);
    await arrangeFault(page, { mode: '500', match: '/newsletter', remaining: 1 });
    const footer = page.getByRole('contentinfo');
    const input = footer.getByLabel('Seu e-mail');
    const email = makeEmail('retry');
    await input.fill(email);
    await footer.getByRole('checkbox', { name: CONSENT }).check();
    await footer.getByRole('button', { name: 'Enviar' }).click();
    await expect(footer.getByRole('alert')).toHaveText('Erro interno no servidor. Tente novamente em instantes.');
    await expect(input).toHaveValue(email);
    await footer.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Confirme sua inscrição pelo e-mail')).toBeVisible();
    await expect(footer.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('landing (mobile 390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the header collapses to an accessible menu button', async ({ page }) => {
    const errors = trackErrors(page);
    await openLanding(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const button = page.getByRole('button', { name: 'Menu' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Benefícios' })).toBeFocused();
    await expectAccessible(page, 'landing mobile menu');

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole('link', { name: 'Dúvidas' }).click();
    await expect(menu).toBeHidden();
    await expectSectionAtTop(page, 'faq');
    await expect(page.locator('#faq-title')).toBeFocused();

    await button.click();
    await menu.getByRole('link', { name: 'Começar Agora' }).click();
    await expect(page).toHaveURL(`http://localhost:${PORT}/portal/register`);
    await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('fits 320 px without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openLanding(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test.describe('SEO files', () => {
  test('meta tags, structured data, robots.txt, sitemap.xml and icons', async ({ page, request }) => {
    await openLanding(page);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://ponteiiot.com.br/');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Ponte IIoT/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(ld).toMatchObject({ '@type': 'Organization', name: 'Ponte IIoT', url: 'https://ponteiiot.com.br/' });

    const robots = await request.get('/robots.txt');
    expect(robots.ok()).toBe(true);
    expect(await robots.text()).toContain('Sitemap: https://ponteiiot.com.br/sitemap.xml');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>https://ponteiiot.com.br/</loc>');
    expect(sitemap).toContain('<loc>https://ponteiiot.com.br/landing</loc>');
    for (const path of ['/apple-touch-icon.png', '/icon-512.png', '/site.webmanifest']) {
      expect((await request.get(path)).ok(), path).toBe(true);
    }
  });
});
