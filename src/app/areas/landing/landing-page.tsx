import { useEffect, type ReactNode } from 'react';
import { areaUrl } from '@/config/areas';
import { CONTACT, PRODUCT_NAME } from '@/config/brand';
import { portalPaths } from '@/config/paths';
import { NAV_ITEMS } from './content';
import { goToSection } from './scroll';
import { Benefits } from './sections/benefits';
import { ClosingCta } from './sections/closing-cta';
import { Faq } from './sections/faq';
import { Features } from './sections/features';
import { Hero } from './sections/hero';
import { Pricing } from './sections/pricing';
import { SiteFooter } from './sections/site-footer';
import { SiteHeader } from './sections/site-header';
import { Testimonials } from './sections/testimonials';
import { useStagedReveal } from './staged-reveal';

export type PageLocation = { protocol: string; hostname: string; port: string };

export const LANDING_TITLE = `${PRODUCT_NAME} — Acesso remoto seguro a máquinas industriais`;

/** The in-page menu's section named by the address's #hash, if any. */
function sectionInHash(): string | null {
  const id = decodeURIComponent(window.location.hash.slice(1));
  return NAV_ITEMS.some((item) => item.id === id) ? id : null;
}

/**
 * The public site: header with the in-page menu, hero, benefits, features, pricing, testimonials, FAQ, a closing
 * call to action and the footer (contact + newsletter). "Começar Agora" and the plan buttons lead to the
 * portal's registration, on the portal host (or /portal on local hosts).
 *
 * `at`: the location its links are made for (the build prerenders it for the production host; else the window's).
 *
 * `fromMarkup`: the page hydrates the build's HTML, which the browser has already shown (and jumped to its #hash).
 *
 * `staged` (rendered in the browser without that HTML, as in development): the header and the hero paint first
 * and the sections below the fold follow one per frame, so the first paint never waits for the whole page to be
 * built and laid out. An address with a section's #hash renders everything at once; a jump to a section before
 * the rest has arrived renders it then.
 */

export default function LandingPage({
  staged = false,
  fromMarkup = false,
  at,
}: {
  staged?: boolean;
  fromMarkup?: boolean;
  at?: PageLocation;
}) {
  const here = at ?? window.location;
  const registerUrl = areaUrl('portal', portalPaths.register, here);
  const loginUrl = areaUrl('portal', portalPaths.login, here);
  const below: ReactNode[] = [
    <Benefits key="benefits" />,
    <Features key="features" />,
    <Pricing key="pricing" registerUrl={registerUrl} />,
    <Testimonials key="testimonials" />,
    <Faq key="faq" contactEmail={CONTACT.email} />,
    <ClosingCta key="closing" registerUrl={registerUrl} contactEmail={CONTACT.email} />,
    <SiteFooter key="footer" />,
  ];
  const { shown, revealAll } = useStagedReveal(below.length, staged && sectionInHash() === null);
  const complete = shown >= below.length;

  useEffect(() => {
    document.title = LANDING_TITLE;
    if (fromMarkup) return;
    // The page arrives after the browser's own jump to #hash (it is lazily loaded): honour the hash now.
    const id = sectionInHash();
    if (id) goToSection(id, { updateHash: false, animate: false });
  }, [fromMarkup]);

  useEffect(() => {
    if (complete) return;
    // A menu link followed before its section exists changes only the hash: build the rest now and go there.
    const onHashChange = () => {
      const id = sectionInHash();
      if (!id) return;
      revealAll();
      goToSection(id, { updateHash: false });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [complete, revealAll]);

  return (
    <div className="min-h-svh bg-white">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-accent-strong focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-accent-ring"
      >
        Pular para o conteúdo
      </a>
      <SiteHeader registerUrl={registerUrl} loginUrl={loginUrl} />
      <main id="conteudo" tabIndex={-1} className="outline-none">
        <Hero registerUrl={registerUrl} />
        {below.slice(0, Math.min(shown, below.length - 1))}
      </main>
      {complete && below[below.length - 1]}
    </div>
  );
}
