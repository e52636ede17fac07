import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import accounts from '../../src/config/demo-accounts.json' with { type: 'json' };
import { FAULT_STORAGE_KEY, type Fault } from '../../src/demo/fault-rules';

export type { Fault };

export const PORT = Number(process.env.E2E_PORT ?? 4173);

/** Every area, by host and by path prefix. */
export const AREAS = {
  landing: { byHost: `http://localhost:${PORT}`, byPath: `http://localhost:${PORT}` },
  portal: { byHost: `http://portal.localhost:${PORT}`, byPath: `http://localhost:${PORT}/portal` },
  backoffice: { byHost: `http://backoffice.localhost:${PORT}`, byPath: `http://localhost:${PORT}/backoffice` },
} as const;

const [customer, admin] = accounts.accounts;
if (!customer || !admin) throw new Error('demo-accounts.json precisa das duas contas.');
export const CUSTOMER = { email: customer.email, password: customer.password, name: customer.displayName };
export const ADMIN = { email: admin.email, password: admin.password, name: admin.displayName };

/** Signs in through the form of the area's sign-in page and waits for the shell. */
export async function signIn(
  page: Page,
  base: string,
  account: { email: string; password: string },
  loginPath: '/login' | '/backoffice-login' = '/login',
): Promise<void> {
  await page.goto(`${base}${loginPath}`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  // The shell's header toggle is there on every viewport (the sidebar is a closed drawer on phones).
  await expect(page.getByRole('button', { name: 'Alternar menu lateral' })).toBeVisible();
}

/**
 * A sign-in page is served as HTML and its scripts start at the visitor's first interaction
 * (src/app/shared/static-loader.ts): focus its e-mail field, as a visitor would, and wait until the demo's
 * service worker controls the page.
 */
export async function startSignInPage(page: Page): Promise<void> {
  await page.getByLabel('E-mail').focus();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Collects console errors and page errors; assert with expect(errors).toEqual([]). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/**
 * The demo backend's fault switch (`ponte-demo-fault` in the page's localStorage, taken by the page's demo client on
 * every request: src/demo/fault-rules.ts): the requests whose path contains `match` (all without it), of `method` only
 * when given, fail with `mode`, `remaining` times (until cleared without it). `null` clears it.
 */
export async function setFault(page: Page, fault: Fault | null): Promise<void> {
  await page.evaluate(
    ({ key, value }) => {
      if (value) localStorage.setItem(key, JSON.stringify(value));
      else localStorage.removeItem(key);
    },
    { key: FAULT_STORAGE_KEY, value: fault },
  );
}

/** Opens the row's "Ações para …" menu (a button anywhere on the page) and picks the item whose name starts with `action`. */
export async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Ações para ${name}` }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${action}`) }).click();
}

/** Runs `trigger` and waits for the download it starts (up to 30 s): the file's suggested name and its text. */
export async function downloadConfiguration(page: Page, trigger: () => Promise<void>): Promise<{ name: string; content: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), trigger()]);
  return { name: download.suggestedFilename(), content: await readFile(await download.path(), 'utf8') };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

/** axe scan of the current page: no serious or critical violation (WCAG 2.x A/AA rules). */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // Contrast is judged at rest: a toast fading in or a dialog's enter transition is half-transparent for a moment,
  // which is not what anyone reads. First the page must stop changing for 250 ms (at most 3 s): a toast asked for
  // just before comes a moment later (sonner's code loads with the first toast) and must not arrive mid-scan. Then
  // finite animations and transitions are awaited (looping spinners are not), and so is a toast that sonner has
  // inserted but not started to show (`data-mounted="false"`, its transition not yet running).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = window.setTimeout(done, 250);
        const cap = window.setTimeout(done, 3000);
        const observer = new MutationObserver(() => {
          window.clearTimeout(quiet);
          quiet = window.setTimeout(done, 250);
        });
        function done() {
          observer.disconnect();
          window.clearTimeout(quiet);
          window.clearTimeout(cap);
          resolve();
        }
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
  );
  await page
    .waitForFunction(
      () =>
        document.querySelector('[data-sonner-toast][data-mounted="false"]') === null &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 3000, polling: 'raf' },
    )
    .catch(() => undefined);
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe em ${label}`).toEqual([]);
}

/** The signed-in user's Firebase ID token, as the app keeps it (IndexedDB, else localStorage). */
export async function idToken(page: Page): Promise<string> {
  const token = await page.evaluate(async () => {
    type Stored = { value?: { stsTokenManager?: { accessToken?: string } } };
    const fromIndexedDb = await new Promise<string | null>((resolve) => {
      const open = indexedDB.open('firebaseLocalStorageDb');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        try {
          const request = open.result.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
          request.onerror = () => resolve(null);
          request.onsuccess = () => {
            const rows = request.result as Stored[];
            resolve(rows.map((row) => row.value?.stsTokenManager?.accessToken).find((value): value is string => Boolean(value)) ?? null);
          };
        } catch {
          resolve(null);
        }
      };
    });
    if (fromIndexedDb) return fromIndexedDb;
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('firebase:authUser:')) continue;
      const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { stsTokenManager?: { accessToken?: string } };
      if (user.stsTokenManager?.accessToken) return user.stsTokenManager.accessToken;
    }
    return null;
  });
  expect(token, 'token de sessão do Firebase').toBeTruthy();
  return token ?? '';
}
