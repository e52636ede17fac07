import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  installPreloadErrorHandler,
  loadInBackground,
  PreloadError,
  RELOAD_BURST_MS,
  reloadOnce,
  withReloadOnce,
} from '../reload-on-chunk-error';

describe('reload once per distinct message', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('reloads the first time a message is seen, not the second', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    const reload = vi.fn();
    expect(reloadOnce('Failed to fetch dynamically imported module: /assets/a.js', reload)).toBe(true);
    vi.advanceTimersByTime(RELOAD_BURST_MS);
    expect(reloadOnce('Failed to fetch dynamically imported module: /assets/a.js', reload)).toBe(false);
    expect(reloadOnce('Failed to fetch dynamically imported module: /assets/b.js', reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('another chunk failing right after a reload surfaces instead of reloading again (and never reloads later)', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    const reload = vi.fn();
    expect(reloadOnce('Failed to fetch dynamically imported module: /assets/area.js', reload)).toBe(true);
    vi.advanceTimersByTime(1500); // the reloaded page's first chunks
    expect(reloadOnce('Failed to fetch dynamically imported module: /assets/login.js', reload)).toBe(false);
    vi.advanceTimersByTime(RELOAD_BURST_MS);
    expect(reloadOnce('Failed to fetch dynamically imported module: /assets/login.js', reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a failing import reloads once, then surfaces as a preload error', async () => {
    const reload = vi.fn();
    const load = vi.fn().mockRejectedValue(new Error('Failed to fetch dynamically imported module: /x.js'));
    const wrapped = withReloadOnce(load, reload);
    const first = wrapped();
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);
    void first; // never settles: the page is reloading
    await expect(wrapped()).rejects.toBeInstanceOf(PreloadError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes successful imports through', async () => {
    await expect(withReloadOnce(async () => ({ default: 1 }))()).resolves.toEqual({ default: 1 });
  });

  it('a chunk preloaded in the background that fails never reloads the page; the error reaches the preloader', async () => {
    installPreloadErrorHandler();
    const before = sessionStorage.getItem('ponte:reloaded-for');
    const failing = () => {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: new Error('bg.js') });
      window.dispatchEvent(event);
      return event.defaultPrevented ? Promise.resolve('prevented') : Promise.reject(new Error('bg.js'));
    };
    await expect(loadInBackground(failing)).rejects.toThrow('bg.js');
    expect(sessionStorage.getItem('ponte:reloaded-for')).toBe(before);
  });
});
