import { createHash } from 'node:crypto';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { ADMIN, API, AREAS, CUSTOMER, expect, PAY_API, signIn, storedAsStaff, test as base, VPN_API } from './support';

/**
 * The app runs under the deploy headers of dist/_headers (written by scripts/vite-headers-plugin.ts from the
 * public/_headers template): zero Content-Security-Policy violations while visiting every area, signing in to
 * the portal and the back office and opening their menus; and the headers themselves are what we deploy.
 */

type Violation = { directive: string; blocked: string; source: string };

declare global {
  interface Window {
    __reportCspViolation?: (violation: Violation) => void;
  }
}

/** Every violation of every document of the page, reported to the test as it happens. */
const test = base.extend<{ violations: () => Promise<string[]> }>({
  violations: async ({ page }, use) => {
    const seen: string[] = [];
    page.on('console', (message) => {
      const text = message.text();
      if (/Content[- ]Security[- ]Policy|Permissions-Policy/i.test(text)) seen.push(`console: ${text}`);
    });
    await page.exposeFunction('__reportCspViolation', (v: Violation) => {
      seen.push(`${page.url()}: ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__reportCspViolation?.({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        });
      });
    });
    await use(async () => seen.splice(0));
  },
});

/** Waits until the page is quiet, then returns everything collected so far. */
async function settle(page: Page, violations: () => Promise<string[]>): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return violations();
}

test.describe('Content-Security-Policy', () => {
  test('landing and both sign-in pages load with no violation', async ({ page, violations }) => {
    const seen: string[] = [];
    for (const url of [
      `${AREAS.landing.byHost}/`,
      `${AREAS.landing.byHost}/landing`,
      `${AREAS.portal.byHost}/login`,
      `${AREAS.portal.byPath}/login`,
      `${AREAS.backoffice.byHost}/backoffice-login`,
      `${AREAS.backoffice.byPath}/backoffice-login`,
    ]) {
      await page.goto(url);
      await expect(page.getByRole('main')).toBeVisible();
      if (url === `${AREAS.landing.byHost}/` || url === `${AREAS.landing.byHost}/landing`) {
        // The landing is HTML until the first interaction; then its scripts load and React hydrates it.
        await page.keyboard.press('Tab');
        await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      }
      seen.push(...(await settle(page, violations)));
    }
    expect(seen).toEqual([]);
  });

  test('landing: the newsletter form reaches the demo backend and shows a toast', async ({ page, violations }) => {
    await page.goto(`${AREAS.landing.byHost}/`);
    const email = page.getByLabel('Seu e-mail').first();
    await email.fill(`csp.${Date.now()}@exemplo.com.br`);
    await page.getByRole('checkbox', { name: /^Aceito receber a newsletter/ }).check();
    await page.getByRole('button', { name: 'Enviar' }).first().click();
    await expect(page.getByText('Confirme sua inscrição pelo e-mail')).toBeVisible();
    expect(await settle(page, violations)).toEqual([]);
  });

  test('portal: sign in, dashboard, user menu', async ({ page, violations }) => {
    await signIn(page, AREAS.portal.byHost, CUSTOMER);
    const seen = await settle(page, violations);
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await expect(page.getByRole('menuitem', { name: 'Perfil' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+b');
    seen.push(...(await settle(page, violations)));
    expect(seen).toEqual([]);
  });

  test('back office: sign in, notifications dropdown and a toast', async ({ page, violations }) => {
    await signIn(page, AREAS.backoffice.byHost, ADMIN, '/backoffice-login');
    const seen = await settle(page, violations);
    await page.getByRole('button', { name: /^Notificações/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeVisible();
    // The seed has unread notifications: marking them shows sonner's toast (its injected <style>).
    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(page.getByText('Notificações marcadas como lidas.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeHidden();
    seen.push(...(await settle(page, violations)));
    expect(seen).toEqual([]);
  });
});

test.describe('CSP violation reports', () => {
  type Kept = { documentUri: string; blockedUri: string | null; effectiveDirective: string; disposition: string };
  const reported = (): Promise<Kept[]> => storedAsStaff<{ data: Kept[] }>('/backoffice/csp-report').then((answer) => answer.data);
  const PAGE = `${AREAS.landing.byHost}/privacidade`;
  const expected = expect.objectContaining({
    documentUri: PAGE,
    blockedUri: 'https://bloqueado.example/pixel.png',
    effectiveDirective: 'img-src',
    disposition: 'enforce',
  });

  /** A disallowed image (img-src is 'self' data:), as an injected script would add; resolves with the directive. */
  const violate = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true });
          const image = document.createElement('img');
          image.alt = '';
          image.src = 'https://bloqueado.example/pixel.png?cpf=123.456.789-09';
          document.body.append(image);
        }),
    );

  async function expectKeptWithoutPersonalData() {
    await expect.poll(reported, { timeout: 15_000, intervals: [250, 500, 1000] }).toContainEqual(expected);
    const kept = JSON.stringify(await reported());
    for (const personal of ['maria', 'cpf', '123.456', 'utm_source']) expect(kept).not.toContain(personal);
  }

  test('report-to: the report Chromium queues for the csp-endpoint group, delivered to POST /csp-report, is kept without personal data', async ({ page }) => {
    // This headless Chromium queues Reporting API reports but never uploads them here (none in 75 s; with
    // --short-reporting-delay they cycle between queued and pending without an attempt): the test reads the report
    // Chromium queued for the policy's `csp-endpoint` through DevTools and delivers it as the uploader does (the
    // Reporting API's JSON and content type, the page's origin).
    const cdp = await page.context().newCDPSession(page);
    const queued: Array<{ destination: string; type: string; initiatorUrl: string; body: Record<string, unknown> }> = [];
    cdp.on('Network.reportingApiReportAdded', ({ report }) => queued.push(report));
    await cdp.send('Network.enable');
    await cdp.send('Network.enableReportingApi', { enable: true });

    await page.goto(`${PAGE}?email=maria@fabrica.com.br&utm_source=newsletter`);
    await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
    expect(await violate(page)).toBe('img-src');
    await expect.poll(() => queued.length).toBeGreaterThan(0);
    const [report] = queued;
    expect(report).toMatchObject({ destination: 'csp-endpoint', type: 'csp-violation' });

    const response = await fetch(`${API}/csp-report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/reports+json', Origin: AREAS.landing.byHost },
      body: JSON.stringify([{ type: report?.type, age: 0, url: report?.initiatorUrl, user_agent: 'Chromium', body: report?.body }]),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(AREAS.landing.byHost);
    await expectKeptWithoutPersonalData();
  });

  test('report-uri (browsers without the Reporting API): Chromium itself posts the violation and it is kept without personal data', async () => {
    // The deployed page as such a browser reads its policy: report-to dropped, report-uri left. A document answered
    // by the test (route.fulfill) has no address space, so Chromium's Local Network Access would refuse its report to
    // the loopback API: this browser, the test's own, runs without that check.
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks'] });
    try {
      const page = await browser.newPage();
      await page.route((url) => url.pathname === '/privacidade', async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace(/;\s*report-to [^;]+/, '');
        await route.fulfill({ response, headers });
      });
      const sent: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.url() === `${API}/csp-report`) sent.push(request.headers()['content-type'] ?? '');
      });
      await page.goto(`${PAGE}?email=maria@fabrica.com.br&utm_source=newsletter`);
      await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
      expect(await violate(page)).toBe('img-src');
      await expectKeptWithoutPersonalData();
      expect(sent).toEqual(['application/csp-report']);
    } finally {
      await browser.close();
    }
  });
});

test.describe('deploy headers', () => {
  const SECURITY = {
    'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };

  function directives(csp: string): Map<string, string[]> {
    return new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name as string, values]),
    );
  }

  for (const path of ['/', '/portal/login', '/backoffice/backoffice-login', '/index.html']) {
    test(`HTML ${path}: security headers, strict CSP, no-cache`, async ({ request }) => {
      const response = await request.get(`${AREAS.landing.byHost}${path}`);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      for (const [name, value] of Object.entries(SECURITY)) expect(headers[name], name).toBe(value);
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['permissions-policy']).toContain('microphone=()');
      expect(headers['permissions-policy']).toContain('geolocation=()');
      expect(headers['cache-control']).toBe('no-cache');

      const csp = directives(headers['content-security-policy'] ?? '');
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // Google's iframe library for the sign-in popup, and the two inline scripts of index.html (the loader, and
      // the barrier after the stylesheet) by their hashes; the only frame is the Auth emulator's auth iframe (demo build).
      const inline = [...(await response.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
      expect(inline).toHaveLength(2);
      const hashes = inline.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://apis.google.com', ...hashes]);
      expect(csp.get('frame-src')).toEqual(['http://127.0.0.1:9099']);
      expect(csp.get('style-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      // The e2e build is a demo build: its connect-src is exactly self, the demo's Workers, the demo payment
      // platform's origin (where the checkout tokenises cards), the Firebase Auth endpoints and the emulator (Google's popup script is loaded by the page itself, under script-src); and
      // upgrade-insecure-requests is off (it would break the http demo).
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        API,
        VPN_API,
        PAY_API,
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'http://127.0.0.1:9099',
      ]);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      // Violations are reported to the main API (report-to, report-uri for browsers without the Reporting API).
      expect(csp.get('report-uri')).toEqual([`${API}/csp-report`]);
      expect(csp.get('report-to')).toEqual(['csp-endpoint']);
      expect(headers['reporting-endpoints']).toBe(`csp-endpoint="${API}/csp-report"`);
      expect(headers['content-security-policy']).not.toMatch(/%[A-Z_]+%/);
    });
  }

  test('hashed assets are immutable', async ({ page, request }) => {
    await page.goto(`${AREAS.portal.byPath}/login`);
    // The sign-in page's scripts start at the first interaction.
    await page.getByLabel('E-mail').focus();
    const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const asset = await request.get(`${AREAS.landing.byHost}${script}`);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['x-content-type-options']).toBe('nosniff');
    expect(asset.headers()['content-type']).toMatch(/javascript/);
  });

  test("the old demo's service worker, left registered in a visitor's browser, is unregistered", async ({ page, context }) => {
    // The browser demo backend (/demo-sw.js) is gone from the build; a browser that ran it still has it registered.
    await context.route(`${AREAS.portal.byHost}/demo-sw.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', headers: { 'Cache-Control': 'no-cache' }, body: 'self.addEventListener("fetch", () => undefined);' }),
    );
    await page.goto(`${AREAS.portal.byHost}/login`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/demo-sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    await context.unroute(`${AREAS.portal.byHost}/demo-sw.js`);
    await page.reload();
    // The sign-in page's scripts (and the boot that retires the old worker) start at the first interaction.
    await page.getByLabel('E-mail').focus();
    // The boot reloads the page once the old worker controlled it: a look that the reload interrupts looks again.
    const registrations = () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length).catch(() => Number.NaN);
    await expect.poll(registrations, { timeout: 10_000 }).toBe(0);
  });
});
