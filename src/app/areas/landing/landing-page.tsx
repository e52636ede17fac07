import { useEffect } from 'react';
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

export const LANDING_TITLE = `${PRODUCT_NAME} — Acesso remoto seguro a máquinas industriais`;

/**
 * The public site: header with the in-page menu, hero, benefits, features, pricing, testimonials, FAQ, a closing
 * call to action and the footer (contact + newsletter). "Começar Agora" and the plan buttons lead to the
 * portal's registration, on the portal host (or /portal on local hosts).
 */
export default function LandingPage() {
  const registerUrl = areaUrl('portal', portalPaths.register, window.location);
  const loginUrl = areaUrl('portal', portalPaths.login, window.location);

  useEffect(() => {
    document.title = LANDING_TITLE;
    // The page arrives after the browser's own jump to #hash (it is lazily loaded): honour the hash now.
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (NAV_ITEMS.some((item) => item.id === id)) goToSection(id, { updateHash: false, animate: false });
  }, []);

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
        <Benefits />
        <Features />
        <Pricing registerUrl={registerUrl} />
        <Testimonials />
        <Faq contactEmail={CONTACT.email} />
        <ClosingCta registerUrl={registerUrl} contactEmail={CONTACT.email} />
      </main>
      <SiteFooter />
    </div>
  );
}
