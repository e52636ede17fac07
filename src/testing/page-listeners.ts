import { vi } from 'vitest';
import type { StaticLoaderConfig } from '@/app/shared/static-loader';
import { PRODUCTION_DOMAIN } from '@/config/brand';
import { AUTH_DATA_KEY } from '@/features/auth/auth-storage';

type Added = [EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined];

/**
 * Records every listener added to the window and the document from now on (the inline loader's, one page per
 * test); the function returned removes them all.
 */
export function trackPageListeners(): () => void {
  const added: Added[] = [];
  for (const target of [window, document] as const) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      if (listener) added.push([target, type, listener, options]);
      add(type, listener, options);
    });
  }
  return () => {
    for (const [target, type, listener, options] of added) target.removeEventListener(type, listener, options);
    added.length = 0;
  };
}

/** The inline loader's configuration as the build writes it, with made-up chunk names. */
export const LOADER_CONFIG: StaticLoaderConfig = {
  entry: '/assets/index-abc.js',
  preload: ['/assets/react-abc.js'],
  landingChunks: ['/assets/landing-abc.js'],
  productionDomain: PRODUCTION_DOMAIN,
  signIn: [
    { area: 'portal', path: '/login', title: 'Entrar · Ponte IIoT' },
    { area: 'backoffice', path: '/backoffice-login', title: 'Entrar · Ponte IIoT' },
  ],
  sessionKey: AUTH_DATA_KEY,
};
