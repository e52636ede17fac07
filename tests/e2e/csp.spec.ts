import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN, API, AREAS, CUSTOMER, expect, PAY_API, signIn, test as base, VPN_API } from './support';

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
    await page.getByRole('button', { name: 'Enviar' }).first().click();
    await expect(page.getByText('Inscrição confirmada!')).toBeVisible();
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
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), { timeout: 10_000 })
      .toBe(0);
  });
});
