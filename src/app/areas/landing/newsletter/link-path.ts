/** The landing's paths of the newsletter's e-mail links (kept apart from their page, a lazy chunk). */
import { NEWSLETTER_LINKS } from '@/contracts/newsletter-links';

export interface NewsletterLink {
  action: 'confirm' | 'cancel';
  token: string;
}

/** The e-mail link a landing path is (`/newsletter/confirmar/<token>`, `/newsletter/cancelar/<token>`), or null. */
export function newsletterLinkOf(path: string): NewsletterLink | null {
  const clean = path.replace(/\/+$/, '');
  for (const [action, base] of [
    ['confirm', NEWSLETTER_LINKS.confirm],
    ['cancel', NEWSLETTER_LINKS.cancel],
  ] as const) {
    const rest = clean.startsWith(`${base}/`) ? clean.slice(base.length + 1) : '';
    if (rest && !rest.includes('/')) {
      try {
        return { action, token: decodeURIComponent(rest) };
      } catch {
        return { action, token: rest };
      }
    }
  }
  return null;
}

