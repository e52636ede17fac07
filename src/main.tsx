import './index.css';
import { createRoot, type Root } from 'react-dom/client';
import { resolveArea, type AreaResolution } from './config/areas';
import { parseEnv, setEnv, type RawEnv } from './config/env';
import { ErrorFallback } from './components/ui/error-fallback';
import { captureEarlyErrors, reportError, startErrorReporting } from './lib/error-reporting';
import { installPreloadErrorHandler, withReloadOnce } from './lib/reload-on-chunk-error';

/**
 * Boot: resolve the area from host + path, validate the environment, then load only the chosen area's code (the
 * demo's backend is the Workers under `wrangler dev`, nothing starts in the page). Error reporting starts after the first paint.
 */
type AreaModule = { mount(root: Root, resolution: AreaResolution): void };

const loaders: Record<AreaResolution['area'], () => Promise<AreaModule>> = {
  portal: () => import('./app/areas/portal'),
  backoffice: () => import('./app/areas/backoffice'),
  landing: () => import('./app/areas/landing'),
};

function applyAreaLook(resolution: AreaResolution): void {
  const backoffice = resolution.area === 'backoffice';
  document.documentElement.classList.toggle('theme-backoffice', backoffice);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon && backoffice) icon.href = '/favicon-backoffice.svg';
  // The inline loader of the deployed index.html has already said it.
  if (resolution.area !== 'landing' && !document.querySelector('meta[name="robots"]')) {
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
  }
}

/**
 * Browsers that ran the old embedded demo still have its service worker (`/demo-sw.js`) registered on this origin,
 * answering the API requests from IndexedDB. The demo's backend is the Workers now: unregister it, and reload once if
 * it controls this page (its requests would still go to it). Off the first paint's path; never on production hosts.
 */
function retireDemoServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const isDemoWorker = (worker: ServiceWorker | null) => worker !== null && new URL(worker.scriptURL).pathname === '/demo-sw.js';
  navigator.serviceWorker
    .getRegistrations()
    .then(async (registrations) => {
      const old = registrations.filter((r) => isDemoWorker(r.active) || isDemoWorker(r.waiting) || isDemoWorker(r.installing));
      if (old.length === 0) return;
      await Promise.all(old.map((registration) => registration.unregister()));
      if (isDemoWorker(navigator.serviceWorker.controller)) window.location.reload();
    })
    .catch(() => undefined);
}

/**
 * A sign-in page is a lazy route that the router requests only once the area's chunk has run. Fetch it along
 * with the area chunk instead: the form paints one round trip sooner (same chunk, nothing is loaded twice).
 */
const firstScreens: Partial<Record<AreaResolution['area'], Record<string, () => Promise<unknown>>>> = {
  portal: { '/login': () => import('./app/areas/portal/screens/login') },
  backoffice: { '/backoffice-login': () => import('./app/areas/backoffice/screens/login') },
};

function prefetchFirstScreen(resolution: AreaResolution): void {
  const path = window.location.pathname.slice(resolution.basename.length).replace(/\/+$/, '') || '/';
  // A failure here is reported by the router's own import of the same chunk.
  void firstScreens[resolution.area]?.[path]?.().catch(() => undefined);
}

/** The page's prerendered HTML cannot work without the area's code: only the error fallback shows. */
function dropStaticPage(): void {
  const shown = document.documentElement.dataset.static;
  document.documentElement.removeAttribute('data-static');
  if (shown) document.getElementById(shown)?.remove();
}

async function boot(): Promise<void> {
  captureEarlyErrors();
  installPreloadErrorHandler();
  const resolution = resolveArea(window.location.hostname, window.location.pathname);
  applyAreaLook(resolution);
  // The landing's loader inserts this module from <head>, so it can run before the body is parsed (a cached
  // page): wait for the document's elements.
  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root ausente em index.html.');
  const root = createRoot(container);

  const result = parseEnv(import.meta.env as RawEnv, { isProduction: resolution.isProduction });
  if (!result.ok) {
    const { ConfigError } = await import('./app/config-error');
    dropStaticPage();
    root.render(<ConfigError problems={result.problems} />);
    console.error('Configuração inválida:', result.problems);
    return;
  }
  const env = result.env;
  setEnv(env);
  if (!env.isProduction) retireDemoServiceWorker();

  prefetchFirstScreen(resolution);
  const reporting = () => void startErrorReporting(env, resolution.area).catch(() => undefined);
  let area: AreaModule;
  try {
    // The area's own chunk gets what a screen's gets: the first failure reloads the page once, a repeat shows
    // the error fallback ("Tentar novamente") instead of a blank page, and is reported.
    area = await withReloadOnce(loaders[resolution.area])();
  } catch (error) {
    reportError(error, { area: resolution.area, phase: 'area-chunk' });
    dropStaticPage();
    root.render(<ErrorFallback error={error} />);
    reporting();
    return;
  }
  area.mount(root, resolution);

  const later = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000));
  later(reporting);
}

void boot();
