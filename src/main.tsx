import './index.css';
import { createRoot, type Root } from 'react-dom/client';
import { resolveArea, type AreaResolution } from './config/areas';
import { parseEnv, setEnv, type Env, type RawEnv } from './config/env';
import { setBackendReady } from './lib/api/backend-ready';
import { ErrorFallback } from './components/ui/error-fallback';
import { captureEarlyErrors, reportError, startErrorReporting } from './lib/error-reporting';
import { installPreloadErrorHandler, withReloadOnce } from './lib/reload-on-chunk-error';

/**
 * Boot: resolve the area from host + path, validate the environment, start the demo backend when it is on,
 * then load only the chosen area's code. Error reporting starts after the first paint.
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
 * The demo backend (MSW + seed, a big chunk) never competes with the first screen. Every backend call waits on
 * the gate, so the demo starts at the latest with the first call; before that, on the landing at the first
 * sign of interaction (only its newsletter form calls the backend), and in the portal and the back office once
 * the first screen is up and the browser is idle (the sign-in itself talks to the Auth emulator, not to it).
 */
function startDemo(env: Env, resolution: AreaResolution): () => void {
  let demo: Promise<unknown> | null = null;
  const ensure = () =>
    (demo ??= import('./demo/browser').then(({ startDemoBackend }) => startDemoBackend(env)));
  setBackendReady(ensure);
  if (resolution.area === 'landing') {
    const events = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
    const onFirstInteraction = () => {
      for (const type of events) window.removeEventListener(type, onFirstInteraction, true);
      void ensure();
    };
    for (const type of events) window.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
    return () => undefined;
  }
  return () => whenIdle(() => void ensure());
}

function whenIdle(callback: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(callback, { timeout: 3000 });
  else window.setTimeout(callback, 1500);
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
  const afterMount = env.demo ? startDemo(env, resolution) : () => undefined;

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
  afterMount();

  const later = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000));
  later(reporting);
}

void boot();
