import type { APIRequestContext, Page } from '@playwright/test';
import { EMULATOR_HOST } from '../../scripts/lib/auth-emulator.mjs';
import { AREAS, trackErrors, expect, expectAccessible, startSignInPage, test, makeEmail } from './support';

/**
 * "Entrar com Google" against the production build, its deploy headers and the Auth emulator.
 *
 * This machine is offline: https://apis.google.com (Google's iframe library, which the identity SDK loads before it
 * opens the popup, and which the emulator's helper iframe loads too) cannot be reached. It is replaced by a stand-in
 * served from https://apis.google.com itself (so the page's Content-Security-Policy still decides whether it may run)
 * that carries gapi.iframes' messages between the page and the emulator's auth iframe as the real one does;
 * everything else is real: the identity SDK, its popup, the emulator's account chooser and its sign-in, the demo
 * backend (the Workers). The routes are the context's, so they see the popup's requests too.
 */

const PORTAL = AREAS.portal.byHost;
const BACKOFFICE = AREAS.backoffice.byHost;
const GOOGLE = { name: 'Entrar com Google' } as const;
const POPUP_BLOCKED = 'O navegador bloqueou a janela de login. Permita pop-ups para este site e tente de novo.';
const UNREACHABLE = 'Não foi possível conectar ao serviço de autenticação. Verifique sua conexão e tente novamente.';
const CNPJ_TAKEN = 'Este CNPJ já está cadastrado. Entre com a conta da empresa ou fale com o suporte.';
/** Maria's company, the demo builder's (docs/demo.md). */
const TAKEN_CNPJ = '45.278.193/0001-85';
const FREE_CNPJ = '11.222.333/0001-81';

/**
 * A stand-in for https://apis.google.com/js/api.js: the part of gapi.iframes the identity SDK and the Auth emulator's
 * helper iframe use. The page side embeds the auth iframe it is given; both sides register handlers and send each
 * other messages (with replies) through postMessage, as Google's library does.
 */
const GAPI_STAND_IN = `(() => {
  const script = document.currentScript;
  const onload = script ? new URL(script.src).searchParams.get('onload') : null;
  let next = 0;
  /** An end of the channel: handlers by name (messages for a name not yet registered wait), sends with replies. */
  function channel(target) {
    const handlers = {};
    const waiting = {};
    const replies = {};
    window.addEventListener('message', (event) => {
      const message = event.data;
      if (!message || typeof message !== 'object' || !message.gapiStandIn || event.source !== target()) return;
      if (message.gapiStandIn === 'reply') {
        const reply = replies[message.id];
        delete replies[message.id];
        if (reply) reply(message.responses);
        return;
      }
      const answer = (handler) =>
        target().postMessage({ gapiStandIn: 'reply', id: message.id, responses: [handler(message.data)] }, '*');
      if (handlers[message.name]) answer(handlers[message.name]);
      else (waiting[message.name] = waiting[message.name] || []).push(answer);
    });
    return {
      register(name, handler) {
        handlers[name] = handler;
        for (const answer of waiting[name] || []) answer(handler);
        delete waiting[name];
      },
      send(name, data, callback) {
        const id = String(next++);
        if (callback) replies[id] = callback;
        target().postMessage({ gapiStandIn: 'send', name, id, data }, '*');
      },
      restyle: () => Promise.resolve(),
      ping: (callback) => { callback(); return Promise.resolve(); },
    };
  }
  const context = {
    open(options, ready) {
      const frame = document.createElement('iframe');
      frame.src = options.url;
      frame.title = 'auth';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.width = '1';
      frame.height = '1';
      options.where.appendChild(frame);
      return ready(channel(() => frame.contentWindow));
    },
    getParentIframe: () => channel(() => window.parent),
  };
  window.gapi = {
    load: (_name, options) => options.callback(),
    iframes: { Iframe: function Iframe() {}, CROSS_ORIGIN_IFRAMES_FILTER: () => true, getContext: () => context },
  };
  if (onload && typeof window[onload] === 'function') window[onload]();
  else if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();`;

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records the main document's CSP violations in window.__cspViolations. */
async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
}

const cspViolations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test.describe('Entrar com Google', () => {
  test('the button is on the portal sign-in and registration pages and the back-office sign-in page', async ({ page }) => {
    for (const [url, heading] of [
      [`${PORTAL}/login`, 'Entrar'],
      [`${PORTAL}/register`, 'Criar conta'],
      [`${BACKOFFICE}/backoffice-login`, 'Back office'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole('button', GOOGLE)).toBeVisible();
      // The e-mail form is still there, told apart from the Google button.
      await expect(page.getByLabel('E-mail')).toBeVisible();
      await expectAccessible(page, `${heading}: Entrar com Google`);
    }
  });

  test('popup blocked by the browser: says to allow pop-ups, and the page stays usable', async ({ page }) => {
    await recordCspViolations(page);
    const gapiRequests: string[] = [];
    await page.context().route('https://apis.google.com/**', (route) => {
      gapiRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN });
    });
    // What a popup blocker does: window.open gives no window.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${PORTAL}/login`);
    // Its scripts started, as a visitor's page is (the script still comes under the page's CSP).
    await startSignInPage(page);
    await page.getByRole('button', GOOGLE).click();
    await expect(page.getByRole('alert')).toHaveText(POPUP_BLOCKED);
    expect(gapiRequests.some((url) => url.startsWith('https://apis.google.com/js/api.js?onload='))).toBe(true);
    // The SDK's auth iframe (the emulator's, in the demo build) was allowed by frame-src.
    await expect(page.locator(`iframe[src^="http://${EMULATOR_HOST}/emulator/auth/iframe"]`)).toHaveCount(1);
    expect(await cspViolations(page)).toEqual([]);
    await expect(page.getByRole('button', GOOGLE)).toBeEnabled();
    // The toast says it too; the message stays next to the button once the toast has gone.
    await expect(page.getByText(POPUP_BLOCKED)).toHaveCount(2);
    await expect(page.getByText(POPUP_BLOCKED)).toHaveCount(1, { timeout: 15_000 });
    await expectAccessible(page, 'login: pop-up bloqueado');
  });

  test('identity service unreachable (Google\'s script cannot load): a clear message', async ({ page }) => {
    await page.context().route('https://apis.google.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`${BACKOFFICE}/backoffice-login`);
    await page.getByRole('button', GOOGLE).click();
    await expect(page.getByRole('alert')).toHaveText(UNREACHABLE);
    // Nothing signed in: the e-mail form is still the way in.
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled();
    // The toast says it too (its code loads with the first one on a sign-in page); the message stays next to the
    // button once the toast has gone (axe judges the page at rest).
    await expect(page.getByText(UNREACHABLE)).toHaveCount(2);
    await expect(page.getByText(UNREACHABLE)).toHaveCount(1, { timeout: 15_000 });
    await expectAccessible(page, 'back office: serviço de identidade fora do ar');
  });
});

/** Google's library from the stand-in; the emulator popup's stylesheets and Material script (unpkg, Google Fonts) fail fast. */
async function googleOffline(page: Page): Promise<void> {
  await page.context().route('https://apis.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  );
  await page.context().route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com)\//, (route) => route.abort('internetdisconnected'));
}

/** Clicks "Entrar com Google" and, in the emulator's popup, signs in as a new Google account or picks an existing one. */
async function googlePopupSignIn(page: Page, account: { email: string; name?: string }, existing = false): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', GOOGLE).click();
  const popup = await popupOpened;
  await popup.waitForLoadState('domcontentloaded');
  if (existing) {
    await popup.locator('.js-reuse-account', { hasText: account.email }).click();
  } else {
    await popup.locator('.js-new-account').click();
    await popup.locator('#email-input').fill(account.email);
    if (account.name) await popup.locator('#display-name-input').fill(account.name);
    await popup.locator('#sign-in').click();
  }
  // The SDK closes its popup once the result reached the page.
  await popup.waitForEvent('close');
}

test.describe('Entrar com Google in the Auth emulator (its popup; Google\'s iframe library from the stand-in)', () => {
  test('a new person: popup, "Complete seu cadastro", the portal; the next Google sign-in opens the portal directly', async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await googleOffline(page);
    const person = { email: makeEmail('google'), name: 'Bruno Teixeira' };
    await page.goto(`${PORTAL}/login`);
    await startSignInPage(page);
    await googlePopupSignIn(page, person);

    await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();
    await expect(page.getByLabel('Nome')).toHaveValue(person.name);
    await page.getByLabel('Nome').fill('Teixeira Automação Ltda');
    await page.getByLabel('CNPJ').fill(FREE_CNPJ);
    await page.getByRole('button', { name: 'Concluir cadastro' }).click();
    await expect(page.getByRole('button', { name: 'Alternar menu lateral' })).toBeVisible();
    await expect(page.getByText('Teixeira Automação Ltda').first()).toBeVisible();

    // Signed out, the same Google account signs in again: its builder record exists, the portal opens.
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('heading', { name: 'Entrar', exact: true })).toBeVisible();
    await googlePopupSignIn(page, person, true);
    await expect(page.getByRole('button', { name: 'Alternar menu lateral' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toHaveCount(0);
    await expect(page.getByText('Teixeira Automação Ltda').first()).toBeVisible();
    // Not the app's: the emulator's helper iframe (a third-party frame here) may not read sessionStorage, and the
    // SDK's web-storage check throws its internal-error after its callback answered (firebase/auth 12.19).
    const notOurs = /status of 404|'sessionStorage' property|pageerror: Firebase: Error \(auth\/internal-error\)/;
    expect(errors.filter((e) => !notOurs.test(e))).toEqual([]);
  });

  test('the back office still demands the admin claim: a Google account without it is refused', async ({ page }) => {
    await googleOffline(page);
    await page.goto(`${BACKOFFICE}/backoffice-login`);
    await startSignInPage(page);
    await googlePopupSignIn(page, { email: makeEmail('google.staff'), name: 'Sem Permissão' });
    await expect(page.getByRole('alert')).toHaveText('Usuário não autorizado');
    await expect(page.getByRole('heading', { name: 'Back office', exact: true })).toBeVisible();
    // Nothing stays signed in: a reload shows the sign-in page again.
    await page.reload();
    await expect(page.getByRole('button', GOOGLE)).toBeVisible();
  });
});

/** An account of the emulator with no builder record (as a first Google sign-in leaves one). */
async function emulatorAccountWithoutBuilder(request: APIRequestContext) {
  const email = makeEmail('sem.cadastro');
  const password = 'segredo1';
  const response = await request.post(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { data: { email, password, displayName: 'Ana Lima', returnSecureToken: true } },
  );
  expect(response.ok(), await response.text()).toBe(true);
  return { email, password };
}

test.describe('Complete seu cadastro', () => {
  test('an account without a builder record completes Nome and CNPJ, then the portal opens where it was going', async ({
    page,
    request,
  }) => {
    const errors = trackErrors(page);
    const account = await emulatorAccountWithoutBuilder(request);
    await page.goto(`${PORTAL}/setup/PNT-7K2M-4Q9X-3FJD`);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
    await expect(page).toHaveURL(`${PORTAL}/setup/PNT-7K2M-4Q9X-3FJD`);
    await expect(page).toHaveTitle(/^Complete seu cadastro/);
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByLabel('Nome')).toHaveValue('Ana Lima');
    // The portal stays closed until then.
    await expect(page.getByRole('button', { name: 'Alternar menu lateral' })).toHaveCount(0);
    await expectAccessible(page, 'Complete seu cadastro');

    // A reload keeps the step (the session check finds the missing record again).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();

    const cnpj = page.getByLabel('CNPJ');
    await cnpj.fill('11.222.333/0001-82');
    await page.getByRole('button', { name: 'Concluir cadastro' }).click();
    await expect(page.getByText('CNPJ inválido.')).toBeVisible();

    await cnpj.fill(TAKEN_CNPJ);
    await page.getByRole('button', { name: 'Concluir cadastro' }).click();
    await expect(cnpj).toHaveAccessibleDescription(CNPJ_TAKEN);
    await expect(page.getByText(CNPJ_TAKEN).first()).toBeVisible();
    await expect(cnpj).toHaveValue(TAKEN_CNPJ);
    await expectAccessible(page, 'Complete seu cadastro: CNPJ de outra montadora');

    await page.getByLabel('Nome').fill('Usinagem Lima Ltda');
    await cnpj.fill(FREE_CNPJ);
    await page.getByRole('button', { name: 'Concluir cadastro' }).click();
    await expect(page.getByRole('button', { name: 'Alternar menu lateral' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Configurar dispositivo' })).toBeVisible();
    await expect(page).toHaveURL(`${PORTAL}/setup/PNT-7K2M-4Q9X-3FJD`);
    await expect(page.getByText('Usinagem Lima Ltda').first()).toBeVisible();

    // Registered once and for all: a reload opens the portal directly.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Configurar dispositivo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toHaveCount(0);
    expect(errors.filter((e) => !/status of 404|status of 409/.test(e))).toEqual([]);
  });

  test('"Sair e usar outra conta" leaves the step for the sign-in page', async ({ page, request }) => {
    const account = await emulatorAccountWithoutBuilder(request);
    await page.goto(`${PORTAL}/login`);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
    await page.getByRole('button', { name: 'Sair e usar outra conta' }).click();
    await expect(page.getByRole('heading', { name: 'Entrar', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Entrar', exact: true })).toBeVisible();
  });
});
