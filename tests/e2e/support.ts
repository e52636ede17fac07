import { readFile } from 'node:fs/promises';
import { test as base, expect, type BrowserContext, type Page, type Route } from '@playwright/test';
import accounts from '../../src/config/demo-accounts.json' with { type: 'json' };
import { createHmac } from 'node:crypto';
import { DEV_VARS, emulatorToken, resetDemoData } from '../../scripts/lib/workers.mjs';
import { LANE } from './lanes';

export { expect };

/** This worker's lane (tests/e2e/lanes.ts): its app's port and its own backend, the three Workers in demo mode. */
export const PORT = LANE.appPort;
export const API = `http://localhost:${LANE.apiPort}`;
export const VPN_API = `http://localhost:${LANE.vpnPort}`;
/** The demo payment platform's Worker (src/server/pay): the checkout tokenises cards there. */
export const PAY_API = `http://localhost:${LANE.payPort}`;

/**
 * Puts both Workers' data back to the demo seed (`POST /demo/reset`, demo mode only; any signed-in token — here an
 * unsigned emulator token, which the Workers accept in emulator mode). About 0.1–0.7 s on this machine.
 */
export const resetBackend = async (): Promise<void> => {
  await resetDemoData(API);
  // The demo payment platform's books (tokens, charges, faults) emptied too.
  const response = await fetch(`${PAY_API}/demo/reset`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`POST ${PAY_API}/demo/reset respondeu ${response.status}`);
};

/** The demo payment platform's ledger: every charge it made (approved or declined). */
export async function storedPayCharges(): Promise<Array<{ idempotencyKey: string; status: 'approved' | 'declined'; amount: number; last4: string }>> {
  const response = await fetch(`${PAY_API}/demo/ledger`);
  if (!response.ok) throw new Error(`GET ${PAY_API}/demo/ledger respondeu ${response.status}`);
  return ((await response.json()) as { charges: Array<{ idempotencyKey: string; status: 'approved' | 'declined'; amount: number; last4: string }> }).charges;
}

/**
 * A fault of the demo payment platform itself for its next `times` requests to `target`: `down` (502, nothing
 * charged), `lost` (charged, but answers 502), `slow` (answers after `delayMs`); null clears it.
 */
export async function arrangePayFault(
  fault: { mode: 'down' | 'lost' | 'slow'; target: 'tokens' | 'charges'; times?: number; delayMs?: number } | null,
): Promise<void> {
  const response = await fetch(`${PAY_API}/demo/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault ?? {}),
  });
  if (response.status !== 204) throw new Error(`POST ${PAY_API}/demo/faults respondeu ${response.status}`);
}

/** A back-office answer read by the test itself (staff token of the demo's admin), e.g. to check what was stored. */
export async function storedAsStaff<T>(path: string): Promise<T> {
  const token = emulatorToken(ADMIN_UID, 'admin@example.com', { admin: true });
  const response = await fetch(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} respondeu ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * What a payment platform sends when an order is paid: `POST /payment-webhook` with the order's total as `amount`,
 * signed with the demo's webhook secret (scripts/lib/workers.mjs DEV_VARS) over the time and the body
 * (`t=<unix>,sha256=<HMAC("t.body")>`: the Workers refuse a signature older than 5 minutes). The Workers apply it as
 * the real platform's confirmation.
 */
export async function arrangePaymentConfirmed(orderId: string, accountId: string, eventId = `e2e-${orderId}-${Date.now()}`): Promise<void> {
  const order = await fetch(`${API}/order/${orderId}`, { headers: { Authorization: `Bearer ${emulatorToken(accountId)}` } });
  if (!order.ok) throw new Error(`GET /order/${orderId} respondeu ${order.status}: ${await order.text()}`);
  const { total } = (await order.json()) as { total: number };
  const body = JSON.stringify({ id: eventId, type: 'payment.confirmed', data: { orderId, accountId, amount: total, paidAt: Date.now() } });
  const secret = DEV_VARS.WEBHOOK_SECRET ?? '';
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},sha256=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
  const response = await fetch(`${API}/payment-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Ponte-Signature': signature },
    body,
  });
  if (!response.ok) throw new Error(`POST /payment-webhook respondeu ${response.status}: ${await response.text()}`);
}

/**
 * Every test starts from the demo seed, as each had its own browser demo database before: the lane's backend is
 * reset before each test (a lane runs one test at a time, see tests/e2e/lanes.ts), and relative URLs open the lane's
 * own build. Import `test` from here, not from Playwright.
 */
export const test = base.extend<{ freshBackend: void }>({
  // eslint-disable-next-line no-empty-pattern -- as below: no dependencies.
  baseURL: async ({}, use) => use(`http://localhost:${PORT}`),
  freshBackend: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      await resetBackend();
      await use();
    },
    { auto: true },
  ],
});

/**
 * Injected failures, as the browser demo's `ponte-demo-fault` switch had them: requests to the API bases whose
 * path contains `match` (all when absent), of `method` (any when absent), `remaining` times (until cleared when
 * absent) answer 500 (with the Workers' own body for an internal error: "Erro interno no servidor…"), never answer (`timeout`), fail at the network (`offline`) or come
 * as an HTML page with 200 (`malformed`). Done with Playwright's request routing on the page's context (every tab
 * and popup of the test), so the Workers never see those requests.
 */
export interface Fault {
  mode: '500' | 'timeout' | 'offline' | 'malformed';
  match?: string;
  method?: string;
  remaining?: number;
}

const faultStates = new WeakMap<BrowserContext, { fault: Fault | null }>();

function faultFor(state: { fault: Fault | null }, method: string, url: string): Fault | null {
  const fault = state.fault;
  if (!fault || method === 'OPTIONS') return null;
  if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) return null;
  if (fault.match && !new URL(url).pathname.includes(fault.match)) return null;
  if (fault.remaining !== undefined) state.fault = fault.remaining > 1 ? { ...fault, remaining: fault.remaining - 1 } : null;
  return fault;
}

export async function arrangeFault(page: Page, fault: Fault | null): Promise<void> {
  const context = page.context();
  const known = faultStates.get(context);
  if (known) {
    known.fault = fault;
    return;
  }
  const state = { fault };
  faultStates.set(context, state);
  const onApi = (url: URL) => url.href.startsWith(`${API}/`) || url.href.startsWith(`${VPN_API}/`);
  await context.route(onApi, async (route: Route) => {
    const request = route.request();
    const taken = faultFor(state, request.method(), request.url());
    if (!taken) return route.fallback();
    // A cross-origin answer the page may read (the Workers' CORS does the same for their own answers).
    const headers = { 'Access-Control-Allow-Origin': request.headers()['origin'] ?? '*' };
    switch (taken.mode) {
      case '500':
        return route.fulfill({
          status: 500,
          headers,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'Erro interno no servidor. Tente novamente em instantes.' } }),
        });
      case 'timeout':
        return; // never answered: the page's own timeout (or the test's end) ends it
      case 'offline':
        return route.abort('internetdisconnected');
      case 'malformed':
        return route.fulfill({ status: 200, headers, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' });
    }
  });
}

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
/** The demo accounts' uids (the builder Maria's is her company's account id). */
export const CUSTOMER_UID = customer.localId;
export const ADMIN_UID = admin.localId;

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
 * (src/app/shared/static-loader.ts): focus its e-mail field, as a visitor would, and wait until React owns the
 * page (`<html data-hydrated>`, src/lib/static-page.tsx).
 */
export async function startSignInPage(page: Page): Promise<void> {
  await page.getByLabel('E-mail').focus();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

/** Collects console errors and page errors; assert with expect(errors).toEqual([]). */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Opens the row's "Ações para …" menu (a button anywhere on the page) and picks the item whose name starts with `action`. */
export async function clickRowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Ações para ${name}` }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${action}`) }).click();
}

/** Runs `trigger` and waits for the download it starts (up to 30 s): the file's suggested name and its text. */
export async function downloadConfiguration(page: Page, trigger: () => Promise<void>): Promise<{ name: string; content: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), trigger()]);
  return { name: download.suggestedFilename(), content: await readFile(await download.path(), 'utf8') };
}

export function makeEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

/** axe scan of the current page: no serious or critical violation (WCAG 2.x A/AA rules). */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // A toast that sonner starts to remove during the scan would fade out under axe: with reduced motion (sonner drops
  // its transitions then) a toast is either shown or gone. Put back after the scan.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await scanAccessibility(page, label);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

async function scanAccessibility(page: Page, label: string): Promise<void> {
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
export async function storedIdToken(page: Page): Promise<string> {
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
