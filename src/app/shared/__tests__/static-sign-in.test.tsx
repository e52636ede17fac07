import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTION_DOMAIN } from '@/config/brand';
import { AUTH_DATA_KEY } from '@/features/auth/auth-storage';
import { mount as mountBackoffice } from '@/app/areas/backoffice';
import { renderSignIn as renderBackofficeSignIn } from '@/app/areas/backoffice/prerender';
import { mount as mountPortal } from '@/app/areas/portal';
import { renderSignIn as renderPortalSignIn } from '@/app/areas/portal/prerender';
import type * as ErrorReporting from '@/lib/error-reporting';
import { server } from '@/testing/msw-server';
import { LOADER_CONFIG, trackPageListeners } from '@/testing/page-listeners';
import { staticLoader, type StaticLoaderConfig } from '../static-loader';

const reported = vi.hoisted(() => vi.fn());
vi.mock('@/lib/error-reporting', async (original) => ({
  ...(await original<typeof ErrorReporting>()),
  reportError: reported,
}));

const [portal, backoffice] = await Promise.all([renderPortalSignIn(), renderBackofficeSignIn()]);

const CONFIG: StaticLoaderConfig = {
  ...LOADER_CONFIG,
  signIn: [
    { area: 'portal', path: portal.path, title: portal.title },
    { area: 'backoffice', path: backoffice.path, title: backoffice.title },
  ],
};

/** index.html as the build writes it (both sign-in pages, the landing, the app root), loaded at `url`. */
function loadPage(url: string): void {
  const u = new URL(url);
  window.history.replaceState(null, '', `${u.pathname}${u.search}`);
  document.head.innerHTML = '<link rel="icon" href="/favicon.svg">';
  document.title = 'Ponte IIoT — Acesso remoto seguro a máquinas industriais';
  document.body.innerHTML =
    `<div id="signin-portal">${portal.markup}</div><div id="signin-backoffice">${backoffice.markup}</div>` +
    '<div id="landing"><main>landing</main></div><div id="root"></div>';
  const html = document.documentElement;
  html.removeAttribute('data-static');
  html.removeAttribute('data-hydrating');
  html.removeAttribute('data-hydrated');
  html.classList.remove('theme-backoffice');
  staticLoader(CONFIG, { hostname: u.hostname, pathname: u.pathname, protocol: u.protocol, port: u.port, hash: u.hash, search: u.search });
  document.dispatchEvent(new Event('DOMContentLoaded'));
}

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
const present = () => ['signin-portal', 'signin-backoffice', 'landing'].filter((id) => document.getElementById(id));

let removeListeners = () => undefined as void;

beforeEach(() => {
  removeListeners = trackPageListeners();
  localStorage.clear();
  reported.mockClear();
  // The demo's sign-in pages ask whether the Auth emulator is up.
  server.use(http.get('http://127.0.0.1:9099/', () => HttpResponse.text('Ready')));
});

afterEach(() => {
  removeListeners();
  vi.restoreAllMocks();
  window.__staticReplay = null;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the sign-in pages as HTML (static loader)', () => {
  it.each([
    ['http://localhost:4173/portal/login', 'signin-portal', '/portal/register'],
    [`https://portal.${PRODUCTION_DOMAIN}/login`, 'signin-portal', '/register'],
    ['http://portal.localhost:4173/login/', 'signin-portal', '/register'],
    ['http://localhost:4173/backoffice/backoffice-login', 'signin-backoffice', null],
    [`https://backoffice.${PRODUCTION_DOMAIN}/backoffice-login`, 'signin-backoffice', null],
  ])('%s shows its page (%s) at once, with no script yet', (url, id, registerHref) => {
    loadPage(url);
    expect(document.documentElement.dataset.static).toBe(id);
    expect(present()).toEqual([id]);
    expect(scripts()).toEqual([]);
    expect(document.title).toBe('Entrar · Ponte IIoT');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    if (registerHref) expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', registerHref);
    const backofficeLook = id === 'signin-backoffice';
    expect(document.documentElement.classList.contains('theme-backoffice')).toBe(backofficeLook);
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', backofficeLook ? '/favicon-backoffice.svg' : '/favicon.svg');
    window.dispatchEvent(new Event('focusin'));
    expect(scripts()).toEqual([CONFIG.entry]);
  });

  it.each([
    ['a session to restore', 'http://localhost:4173/portal/login', true],
    ['a redirect to honour', 'http://localhost:4173/portal/login?redirect=%2Fmachines', false],
    ['another page', 'http://localhost:4173/portal/register', false],
  ])('with %s the app starts at once and no markup paints', (_why, url, session) => {
    if (session) localStorage.setItem(AUTH_DATA_KEY, '{}');
    loadPage(url);
    expect(document.documentElement.hasAttribute('data-static')).toBe(false);
    expect(present()).toEqual([]);
    expect(scripts()).toEqual([CONFIG.entry]);
  });
});

describe('hydrating a sign-in page', () => {
  it('keeps what was typed before React came, and replays the submit held meanwhile', async () => {
    loadPage('http://localhost:4173/portal/login');
    const email = screen.getByLabelText(/E-mail/);
    const password = screen.getByLabelText(/Senha/);
    (email as HTMLInputElement).value = 'cliente@';
    (password as HTMLInputElement).value = '123';
    const form = email.closest('form');
    form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(window.__staticReplay).toBe(form);
    await act(async () => {
      mountPortal({ render: () => undefined } as never, { area: 'portal', basename: '/portal', isProduction: false, isLocal: true });
    });
    await waitFor(() => expect(screen.getByText('E-mail inválido. Use o formato nome@empresa.com.br.')).toBeInTheDocument());
    expect(screen.getByText('A senha precisa ter pelo menos 6 caracteres.')).toBeInTheDocument();
    // Hydrated, not rendered anew: the same elements, with what was typed.
    expect(screen.getByLabelText(/E-mail/)).toBe(email);
    expect(email).toHaveValue('cliente@');
    expect(window.__staticReplay).toBeNull();
    expect(reported).not.toHaveBeenCalled();
  });

  it('a submit while the scripts arrive or React hydrates is still held, never the browser\'s own', () => {
    loadPage('http://localhost:4173/portal/login');
    const form = screen.getByLabelText(/E-mail/).closest('form');
    expect(form).toHaveAttribute('method', 'post');
    document.documentElement.setAttribute('data-hydrating', '');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(window.__staticReplay).toBe(form);
  });

  it('the back office hydrates its page without a mismatch', async () => {
    loadPage('http://localhost:4173/backoffice/backoffice-login');
    const heading = screen.getByRole('heading', { name: 'Back office' });
    await act(async () => {
      mountBackoffice({ render: () => undefined } as never, {
        area: 'backoffice',
        basename: '/backoffice',
        isProduction: false,
        isLocal: true,
      });
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-hydrated'));
    await waitFor(() => expect(document.title).toBe('Entrar · Ponte IIoT'));
    expect(screen.getByRole('heading', { name: 'Back office' })).toBe(heading);
    expect(reported).not.toHaveBeenCalled();
  });
});
