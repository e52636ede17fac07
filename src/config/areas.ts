import { PRODUCTION_DOMAIN } from './brand';

export type Area = 'portal' | 'backoffice' | 'landing';

export interface AreaResolution {
  area: Area;
  /** Router basename: '/portal' or '/backoffice' on local hosts, '' elsewhere. */
  basename: string;
  /** The host contains the production domain. */
  isProduction: boolean;
  /** Local development host (localhost, 127.0.0.1, *.localhost). */
  isLocal: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Hosts where the first path segment picks the area (development, previews, the e2e suite). */
function isPathPrefixedHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname);
}

function areaFromWord(text: string): Area | null {
  // "backoffice" is checked first: a host such as backoffice-portal.example would otherwise be portal.
  if (text.includes('backoffice')) return 'backoffice';
  if (text.includes('portal')) return 'portal';
  return null;
}

/**
 * Host + path → area, router basename and environment.
 * - On localhost / 127.0.0.1 the first path segment decides: `/portal/...`, `/backoffice/...`; anything else is
 *   the landing. That segment becomes the router basename.
 * - On every other host (including portal.localhost and backoffice.localhost) the host name decides:
 *   it contains `backoffice` → back office, `portal` → portal, else landing; the basename is empty.
 */
export function resolveArea(
  hostname: string,
  pathname: string,
  productionDomain: string = PRODUCTION_DOMAIN,
): AreaResolution {
  const host = hostname.trim().toLowerCase();
  const isProduction = productionDomain !== '' && host.includes(productionDomain.toLowerCase());
  const isLocal = isPathPrefixedHost(host) || host.endsWith('.localhost');

  if (isPathPrefixedHost(host)) {
    const firstSegment = (pathname.split('/')[1] ?? '').toLowerCase();
    if (firstSegment === 'portal') return { area: 'portal', basename: '/portal', isProduction, isLocal };
    if (firstSegment === 'backoffice') {
      return { area: 'backoffice', basename: '/backoffice', isProduction, isLocal };
    }
    return { area: 'landing', basename: '', isProduction, isLocal };
  }

  return { area: areaFromWord(host) ?? 'landing', basename: '', isProduction, isLocal };
}

/**
 * Absolute or root-relative URL of a path in another area, as seen from the current location.
 * Used by the landing's calls to action ("Começar Agora" → portal /register).
 */
export function areaUrl(
  target: Area,
  path: string,
  location: { protocol: string; hostname: string; port: string },
  productionDomain: string = PRODUCTION_DOMAIN,
): string {
  const host = location.hostname.toLowerCase();
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  if (isPathPrefixedHost(host)) {
    return target === 'landing' ? cleanPath : `/${target}${cleanPath === '/' ? '' : cleanPath}`;
  }
  const port = location.port ? `:${location.port}` : '';
  const base = host.endsWith('.localhost') || host === 'localhost' ? 'localhost' : baseDomain(host, productionDomain);
  const targetHost = target === 'landing' ? base : `${target}.${base}`;
  return `${location.protocol}//${targetHost}${port}${cleanPath}`;
}

function baseDomain(host: string, productionDomain: string): string {
  if (productionDomain && host.includes(productionDomain)) return productionDomain;
  return host.replace(/^(www|portal|backoffice)\./, '');
}
