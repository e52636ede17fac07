import { MapPinIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { CONTACT, PRODUCT_NAME, PRODUCT_TAGLINE } from '@/config/brand';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { NAV_ITEMS } from '../content';
import { legalPaths } from '../legal/legal-content';
import { onSectionLinkClick } from '../scroll';

const LEGAL_LINKS = [
  { href: legalPaths.privacy, label: 'Política de Privacidade' },
  { href: legalPaths.terms, label: 'Termos de Uso' },
] as const;

/** "tel:" href: the digits and the leading + only (+55 19 3500-4200 → tel:+551935004200). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

const footerLink =
  'rounded text-slate-300 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900';

function PhoneIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M5 3.5h3.2l1.6 4.2-2.1 1.5a11 11 0 0 0 7.1 7.1l1.5-2.1 4.2 1.6V19a2 2 0 0 1-2.2 2A17.5 17.5 0 0 1 3 5.7a2 2 0 0 1 2-2.2Z" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </svg>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.1fr_0.7fr_1.2fr_1.4fr] lg:gap-10">
        <div>
          <Logo inverted />
          <p className="mt-4 max-w-xs leading-relaxed">
            {PRODUCT_TAGLINE} para montadoras de máquinas: gateways, VPN por máquina e suporte remoto pelo navegador.
          </p>
        </div>

        <nav aria-label="Rodapé">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Navegação</h2>
          <ul className="mt-4 space-y-3">
            {NAV_ITEMS.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} className={footerLink} onClick={onSectionLinkClick(item.id)}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contato</h2>
          <address className="mt-4 space-y-3 not-italic">
            <p className="flex items-center gap-2">
              <MapPinIcon className="shrink-0 text-accent-ring" />
              {CONTACT.city}
            </p>
            <p>
              <a href={telHref(CONTACT.phone)} className={`${footerLink} inline-flex items-center gap-2`}>
                <span className="text-accent-ring">
                  <PhoneIcon />
                </span>
                {CONTACT.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${CONTACT.email}`} className={`${footerLink} inline-flex items-center gap-2 [overflow-wrap:anywhere]`}>
                <span className="text-accent-ring">
                  <MailIcon />
                </span>
                {CONTACT.email}
              </a>
            </p>
          </address>
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Newsletter</h2>
          <p className="mt-4 leading-relaxed">
            Novidades do produto e boas práticas de suporte remoto, uma vez por mês. Sem spam.
          </p>
          <NewsletterForm tone="dark" className="mt-4" />
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-slate-400 sm:px-6">
          <p>
            © {year} {PRODUCT_NAME}. Todos os direitos reservados.
          </p>
          <nav aria-label="Documentos legais">
            <ul className="flex flex-wrap gap-4">
              {LEGAL_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={footerLink}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
