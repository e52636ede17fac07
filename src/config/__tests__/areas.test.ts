import { describe, expect, it } from 'vitest';
import { areaUrl, resolveArea } from '../areas';

describe('resolveArea', () => {
  it.each([
    // host, path, area, basename, production
    ['localhost', '/', 'landing', '', false],
    ['localhost', '/landing', 'landing', '', false],
    ['localhost', '/portal', 'portal', '/portal', false],
    ['localhost', '/portal/', 'portal', '/portal', false],
    ['localhost', '/portal/machines', 'portal', '/portal', false],
    ['localhost', '/PORTAL/login', 'portal', '/portal', false],
    ['localhost', '/backoffice', 'backoffice', '/backoffice', false],
    ['localhost', '/backoffice/backoffice-orders', 'backoffice', '/backoffice', false],
    ['localhost', '/portalzinho', 'landing', '', false],
    ['localhost', '/landing/portal', 'landing', '', false],
    ['127.0.0.1', '/portal/login', 'portal', '/portal', false],
    ['127.0.0.1', '/backoffice/', 'backoffice', '/backoffice', false],
    ['127.0.0.1', '/', 'landing', '', false],
    ['portal.localhost', '/machines', 'portal', '', false],
    ['backoffice.localhost', '/', 'backoffice', '', false],
    ['portal.ponteiiot.com.br', '/', 'portal', '', true],
    ['backoffice.ponteiiot.com.br', '/backoffice-orders', 'backoffice', '', true],
    ['ponteiiot.com.br', '/', 'landing', '', true],
    ['www.ponteiiot.com.br', '/portal', 'landing', '', true],
    ['PORTAL.PonteIIoT.com.br', '/', 'portal', '', true],
    ['portal-staging.example.net', '/', 'portal', '', false],
    ['backoffice-portal.example.net', '/', 'backoffice', '', false],
    ['preview.example.net', '/portal', 'landing', '', false],
  ])('%s %s → %s (basename "%s", production %s)', (host, path, area, basename, isProduction) => {
    expect(resolveArea(host, path)).toMatchObject({ area, basename, isProduction });
  });

  it('uses the configured production domain', () => {
    expect(resolveArea('portal.example.com', '/', 'example.com').isProduction).toBe(true);
    expect(resolveArea('portal.example.com', '/', 'ponteiiot.com.br').isProduction).toBe(false);
  });
});

describe('areaUrl', () => {
  const at = (hostname: string, port = '', protocol = 'https:') => ({ hostname, port, protocol });

  it('uses path prefixes on local hosts', () => {
    expect(areaUrl('portal', '/register', at('localhost', '5173', 'http:'))).toBe('/portal/register');
    expect(areaUrl('backoffice', '/', at('127.0.0.1', '5173', 'http:'))).toBe('/backoffice');
    expect(areaUrl('landing', '/', at('localhost', '5173', 'http:'))).toBe('/');
  });

  it('uses sub-domains elsewhere', () => {
    expect(areaUrl('portal', '/register', at('ponteiiot.com.br'))).toBe('https://portal.ponteiiot.com.br/register');
    expect(areaUrl('portal', '/register', at('www.ponteiiot.com.br'))).toBe('https://portal.ponteiiot.com.br/register');
    expect(areaUrl('landing', '/', at('portal.ponteiiot.com.br'))).toBe('https://ponteiiot.com.br/');
    expect(areaUrl('portal', '/register', at('landing.localhost', '4173', 'http:'))).toBe(
      'http://portal.localhost:4173/register',
    );
  });
});
