import { renderToString } from 'react-dom/server';
import { PRODUCTION_DOMAIN } from '@/config/brand';
import { LandingTree } from './landing-tree';

export { PRODUCTION_DOMAIN };

/**
 * The landing's HTML, rendered at build time (scripts/vite-landing-prerender-plugin.ts) for the production host:
 * its links to the portal point at https://portal.<production domain>; the inline loader repoints them on other
 * hosts before anyone can follow them.
 */
export function renderLanding(): string {
  return renderToString(<LandingTree at={{ protocol: 'https:', hostname: PRODUCTION_DOMAIN, port: '' }} />);
}
