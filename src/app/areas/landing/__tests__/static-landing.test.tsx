import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { areaUrl, resolveArea } from '@/config/areas';
import { PRODUCTION_DOMAIN } from '@/config/brand';
import { inlineScriptHashes } from '../../../../../scripts/vite-headers-plugin';
import { mount } from '..';
import { renderLanding } from '../prerender';
import { staticLoader } from '@/app/shared/static-loader';
import { LOADER_CONFIG, trackPageListeners } from '@/testing/page-listeners';

const CONFIG = LOADER_CONFIG;

type Loc = { hostname: string; pathname: string; protocol: string; port: string; hash: string; search: string };
const at = (url: string): Loc => {
  const u = new URL(url);
  return { hostname: u.hostname, pathname: u.pathname, protocol: u.protocol, port: u.port, hash: u.hash, search: u.search };
};

/** index.html as the build writes it: the prerendered landing, then the (empty) app root. */
function loadPage(url: string): void {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="landing">${renderLanding()}</div><div id="root"></div>`;
  document.documentElement.removeAttribute('data-static');
  document.documentElement.removeAttribute('data-hydrating');
  document.documentElement.removeAttribute('data-hydrated');
  staticLoader(CONFIG, at(url));
  document.dispatchEvent(new Event('DOMContentLoaded'));
}

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
const registerHrefs = () =>
  [...document.querySelectorAll<HTMLAnchorElement>('#landing a')]
    .filter((a) => a.textContent?.includes('Começar Agora'))
    .map((a) => a.getAttribute('href'));

let removeListeners = () => undefined as void;

beforeEach(() => {
  removeListeners = trackPageListeners();
  Element.prototype.scrollIntoView = () => undefined;
});

afterEach(() => {
  removeListeners();
  window.__staticReplay = null;
  document.body.innerHTML = '';
});

describe('the landing as HTML (static loader)', () => {
  it.each([
    ['http://localhost:4173/', '/portal/register'],
    ['http://127.0.0.1:4173/landing', '/portal/register'],
    ['http://landing.localhost:4173/', 'http://portal.localhost:4173/register'],
    [`https://${PRODUCTION_DOMAIN}/`, `https://portal.${PRODUCTION_DOMAIN}/register`],
    [`https://www.${PRODUCTION_DOMAIN}/`, `https://portal.${PRODUCTION_DOMAIN}/register`],
    ['https://preview.example.dev/', 'https://portal.preview.example.dev/register'],
  ])('on %s the page shows at once, its links go where areaUrl says (%s), no script runs yet', (url, expected) => {
    loadPage(url);
    expect(document.documentElement.dataset.static).toBe('landing');
    expect(document.getElementById('landing')).not.toBeNull();
    const hrefs = registerHrefs();
    expect(hrefs.length).toBeGreaterThan(0);
    const location = at(url);
    for (const href of hrefs) {
      expect(href).toBe(expected);
      expect(href).toBe(areaUrl('portal', '/register', location));
    }
    expect(scripts()).toEqual([]);
    expect(preloads()).toEqual([]);
  });

  it.each([
    ['http://localhost:4173/portal/dashboard', 'portal'],
    ['http://localhost:4173/backoffice/backoffice-login?redirect=%2Forders', 'backoffice'],
    ['http://backoffice.localhost:4173/', 'backoffice'],
    ['https://portal.ponteiiot.com.br/register', 'portal'],
    ['http://localhost:4173/portalx', 'landing'],
    ['http://localhost:4173/nao-existe', 'landing'],
  ] as const)('on %s the landing markup goes away and the app starts at once (area: %s)', (url, area) => {
    loadPage(url);
    expect(document.documentElement.hasAttribute('data-static')).toBe(false);
    expect(document.getElementById('landing')).toBeNull();
    expect(scripts()).toEqual([CONFIG.entry]);
    expect(preloads()).toEqual(area === 'landing' ? [...CONFIG.preload, ...CONFIG.landingChunks] : CONFIG.preload);
    expect(resolveArea(at(url).hostname, at(url).pathname, PRODUCTION_DOMAIN).area).toBe(area);
  });

  it('the first interaction starts the scripts, once', () => {
    loadPage('http://localhost:4173/');
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(scripts()).toEqual([CONFIG.entry]);
    expect(preloads()).toEqual([...CONFIG.preload, ...CONFIG.landingChunks]);
  });

  it('an in-page link before hydration lays the page out, moves to the section and focuses its heading', () => {
    loadPage('http://localhost:4173/');
    const link = document.querySelector<HTMLAnchorElement>('#landing nav a[href="#pricing"]');
    expect(link).not.toBeNull();
    link?.click();
    expect(document.documentElement.classList.contains('full-layout')).toBe(true);
    expect(document.activeElement?.id).toBe('pricing-title');
    expect(window.location.hash).toBe('#pricing');
    window.history.replaceState(null, '', '/');
    document.documentElement.classList.remove('full-layout');
  });

  it('a button pressed before hydration is held, and pressed again once React has hydrated the markup', async () => {
    loadPage('http://localhost:4173/');
    const menu = screen.getByRole('button', { name: /menu/i });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    menu.click();
    expect(window.__staticReplay).toBe(menu);
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      mount({ render: () => undefined } as never, { area: 'landing', basename: '', isProduction: false, isLocal: true });
    });
    // Hydrated, not rendered anew: the same element, now opened by the held press.
    expect(screen.getByRole('button', { name: /menu/i })).toBe(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(window.__staticReplay).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('CSP hashes of inline scripts', () => {
  it('hashes scripts that run, not data blocks or external scripts', () => {
    const html =
      '<script>alert(1)</script><script type="application/ld+json">{}</script><script type="module" src="/a.js"></script>';
    // sha256("alert(1)") in base64
    expect(inlineScriptHashes(html)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
  });
});
