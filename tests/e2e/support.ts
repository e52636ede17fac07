import { expect, type Page } from '@playwright/test';
import accounts from '../../src/config/demo-accounts.json' with { type: 'json' };

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

/** Collects console errors and page errors; assert with expect(errors).toEqual([]). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

/** axe scan of the current page: no serious or critical violation (WCAG 2.x A/AA rules). */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // Contrast is judged at rest: a toast fading in or a dialog's enter transition is half-transparent for a moment,
  // which is not what anyone reads. Finite animations and transitions are awaited (looping spinners are not).
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 3000 },
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
