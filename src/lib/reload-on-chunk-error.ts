/**
 * A failed dynamic import (a deploy replaced the chunks, a flaky network) reloads the page once per distinct
 * error message, remembered in sessionStorage; the same failure again surfaces as an error. A failure within
 * RELOAD_BURST_MS of such a reload surfaces too, whatever its message: the reload brought a fresh page and its
 * chunks still fail, so reloading again would not help (two chunks failing one after the other reloaded twice).
 */
const STORAGE_KEY = 'ponte:reloaded-for';
const RELOADED_AT_KEY = 'ponte:reloaded-at';
export const RELOAD_BURST_MS = 10_000;

let pendingTarget: () => string | null = () => null;

/**
 * Where a reload should land: the router tells which location a navigation was heading to, so a chunk that
 * failed on the way to /machines reloads /machines rather than the page the user was leaving.
 */
export function setReloadTarget(resolve: () => string | null): void {
  pendingTarget = resolve;
}

function reloadPage(): void {
  const target = pendingTarget();
  if (target && target !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.location.assign(target);
  } else {
    window.location.reload();
  }
}

function reloadedFor(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function reloadedRecently(): boolean {
  const at = Number(sessionStorage.getItem(RELOADED_AT_KEY));
  return Number.isFinite(at) && at > 0 && Date.now() - at < RELOAD_BURST_MS;
}

/**
 * Reloads and returns true the first time a message is seen in this tab, unless the tab reloaded for another
 * failure moments ago; false otherwise (the message is remembered either way).
 */
export function reloadOnce(message: string, reload: () => void = reloadPage): boolean {
  const seen = reloadedFor();
  if (seen.includes(message)) return false;
  try {
    const recent = reloadedRecently();
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...seen, message].slice(-20)));
    if (recent) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return false; // without storage a reload could loop forever: surface the error instead
  }
  reload();
  return true;
}

export class PreloadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PreloadError';
  }
}

/** Wraps a dynamic import: first failure → reload once; a repeat → PreloadError for the error boundary. */
export function withReloadOnce<T>(load: () => Promise<T>, reload?: () => void): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (reloadOnce(message, reload)) return new Promise<T>(() => undefined);
      throw new PreloadError(message, { cause: error });
    }
  };
}

let backgroundLoads = 0;

/**
 * A chunk fetched ahead of need (idle preloading): its failure must not reload the page the user is on — the
 * route's own load reports it if the user ever goes there.
 */
export async function loadInBackground<T>(load: () => Promise<T>): Promise<T> {
  backgroundLoads += 1;
  try {
    return await load();
  } finally {
    backgroundLoads -= 1;
  }
}

/** Vite's modulepreload failures get the same treatment (not those of a background preload). */
export function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Not prevented: the error reaches the preloader, which forgets the chunk so a later load tries again.
    if (backgroundLoads > 0) return;
    const payload = (event as Event & { payload?: unknown }).payload;
    const message = payload instanceof Error ? payload.message : String(payload ?? 'preload');
    if (reloadOnce(message)) event.preventDefault();
  });
}
