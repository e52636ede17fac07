/**
 * Vitest setup: jest-dom matchers, the demo backend (MSW, unhandled requests are errors) with a fresh seed
 * per test, fast API retries/timeouts, and a clean DOM, storage and cookie jar between tests.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { apiSettings } from '@/lib/api/base-query';
import { resetTestBackend, server } from './msw-server';
import { makeMediaQueryList } from './match-media';

// The API is the real Workers in workerd (src/testing/workers): an answer takes milliseconds, not the microseconds of
// an in-memory fake, and a loaded CI machine can stretch a first render past a second. findBy…/waitFor still return
// as soon as what they wait for is there; this is only how long they keep looking before they fail.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(async () => {
  await resetTestBackend();
  apiSettings.timeoutMs = 2000;
  apiSettings.retryBaseDelayMs = 1;
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  // Node-environment test files (`// @vitest-environment node`, e.g. src/hub) have no DOM.
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});

afterAll(async () => {
  // Work React or Radix scheduled in a file's last moments (a passive effect, a closing popover's timer) runs while
  // the DOM still exists, not after the environment is torn down ("window is not defined", seen once on a loaded CI).
  await new Promise((resolve) => setTimeout(resolve, 200));
  server.close();
});

// jsdom lacks matchMedia; the app treats "no matchMedia" as desktop.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => makeMediaQueryList(query, false),
  });
}

// jsdom lacks what Radix Select and ScrollArea call: pointer capture, scrollIntoView and ResizeObserver.
// No-ops, defined only when missing (a test may still replace them, as the landing test does scrollIntoView).
if (typeof Element !== 'undefined' && typeof Element.prototype.hasPointerCapture !== 'function') {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
}
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}
if (typeof window !== 'undefined' && typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
