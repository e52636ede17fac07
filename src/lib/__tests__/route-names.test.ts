import { describe, expect, it } from 'vitest';
import { BACKOFFICE_SCREENS } from '@/app/areas/backoffice/navigation';
import { PORTAL_SCREENS } from '@/app/areas/portal/navigation';
import { landingPatterns } from '@/config/paths';
import { SECRET_PATH_PATTERNS } from '@/config/secret-routes';
import { routeName } from '../route-names';
import { scrubSecretPaths } from '../scrub';

/** A path of a pattern with every parameter filled (`/orders/:id` → `/orders/x-81f2`). */
const sample = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x-81f2');

describe('routeName', () => {
  it.each([
    ['/invite/3f9a0c1b7e5d2a4f6b8c0d1e2f3a4b5c6d7e', '/invite/:token'],
    ['/setup/PNT-7K2M-4Q9X-3FJD', '/setup/:code'],
    ['/portal/aprovacao-acesso/Ab-_0123456789abcdefghijklmnopqrstuvwxyzABCDE', '/portal/aprovacao-acesso/:token'],
    ['/portal/setup/PNT-7K2M-4Q9X-3FJD/', '/portal/setup/:code'],
    ['/customers/customer-1005', '/customers/:id'],
    ['/customers/new', '/customers/new'],
    ['/customers/customer-1005/edit', '/customers/:id/edit'],
    ['/orders/order-9/labels', '/orders/:id/labels'],
    ['/orders/', '/orders'],
    ['/portal', '/portal'],
    ['/backoffice/backoffice-orders/order-9?x=1', '/backoffice/backoffice-orders/:id'],
    ['/', '/'],
    ['/newsletter/confirmar/Ab-_0123456789abcdefghijklmnopqrstuvwxyzABCD', '/newsletter/confirmar/:token'],
    ['/newsletter/cancelar/Ab-_0123456789abcdefghijklmnopqrstuvwxyzABCD/', '/newsletter/cancelar/:token'],
    ['/privacidade', '/privacidade'],
  ])('%s → %s', (path, name) => expect(routeName(path)).toBe(name));

  it('null for a path of no route (the not-found page names it scrubbed)', () => {
    expect(routeName('/nada/aqui')).toBeNull();
  });

  it("names every screen of both registries after its own path (a route with parameters missing from config/paths' patterns fails here)", () => {
    for (const screen of [...PORTAL_SCREENS, ...BACKOFFICE_SCREENS]) {
      const path = screen.path.length > 1 ? screen.path.replace(/\/+$/, '') : screen.path;
      expect(routeName(sample(screen.path)), screen.id).toBe(path);
    }
  });

  it("the landing's secret routes (the newsletter's e-mail links) are in the secret list and scrubbed", () => {
    for (const pattern of Object.values(landingPatterns)) {
      expect(SECRET_PATH_PATTERNS).toContain(pattern);
      expect(scrubSecretPaths(sample(pattern))).toBe(pattern);
    }
  });

  it('every route whose parameter is a credential (token, code, key, secret) is in the secret list, and is scrubbed', () => {
    const secretParam = /:(?:\w*token|\w*code|\w*key|\w*secret)\b/i;
    for (const screen of [...PORTAL_SCREENS, ...BACKOFFICE_SCREENS]) {
      if (!secretParam.test(screen.path)) continue;
      expect(SECRET_PATH_PATTERNS, screen.id).toContain(screen.path);
      expect(scrubSecretPaths(sample(screen.path))).toBe(screen.path);
    }
  });
});
