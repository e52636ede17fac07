import './index.css';
import { createRoot, type Root } from 'react-dom/client';
import { resolveArea, type AreaResolution } from './config/areas';
import { parseEnv, setEnv, type Env, type RawEnv } from './config/env';
import { setBackendReady } from './lib/api/backend-ready';
import { captureEarlyErrors, startErrorReporting } from './lib/error-reporting';
import { installPreloadErrorHandler } from './lib/lazy-route';

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
  if (resolution.area !== 'landing') {
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
  }
}

function startDemo(env: Env, resolution: AreaResolution): void {
  const start = () => import('./testing/mocks/browser').then(({ startDemoBackend }) => startDemoBackend(env));
  if (resolution.area === 'landing') {
    // The landing only calls the backend from its newsletter form: start the demo after the first paint.
    let demo: Promise<unknown> | null = null;
    const ensure = () => (demo ??= start());
    setBackendReady(ensure);
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    idle(() => void ensure());
  } else {
    const ready = start();
    setBackendReady(() => ready);
  }
}

async function boot(): Promise<void> {
  captureEarlyErrors();
  installPreloadErrorHandler();
  const resolution = resolveArea(window.location.hostname, window.location.pathname);
  applyAreaLook(resolution);
  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root ausente em index.html.');
  const root = createRoot(container);

  const result = parseEnv(import.meta.env as RawEnv, { isProduction: resolution.isProduction });
  if (!result.ok) {
    const { ConfigError } = await import('./app/config-error');
    root.render(<ConfigError problems={result.problems} />);
    console.error('Configuração inválida:', result.problems);
    return;
  }
  const env = result.env;
  setEnv(env);
  if (env.demo) startDemo(env, resolution);

  const area = await loaders[resolution.area]();
  area.mount(root, resolution);

  const later = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000));
  later(() => void startErrorReporting(env, resolution.area).catch(() => undefined));
}

void boot();
