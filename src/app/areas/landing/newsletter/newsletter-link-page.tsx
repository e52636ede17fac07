import { useEffect } from 'react';
import { PRODUCT_NAME } from '@/config/brand';
import { NewsletterLinkResult } from '@/features/newsletter/components/newsletter-link-result';
import type { LinkAction } from '@/features/newsletter/links-api';
import type { NewsletterLink } from './link-path';
import { SiteFooter } from '../sections/site-footer';

const TITLES: Record<LinkAction, string> = {
  confirm: 'Confirmação da inscrição na newsletter',
  cancel: 'Cancelamento da inscrição na newsletter',
};

/**
 * The page an e-mail's link opens (a lazy chunk of the landing: the home's first load does not carry it): the result
 * of following the link, then the landing's footer (where one can subscribe again).
 */
export default function NewsletterLinkPage({ link }: { link: NewsletterLink }) {
  const title = TITLES[link.action];
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <>
      <main id="conteudo" className="mx-auto min-h-[50vh] max-w-3xl px-4 py-12 text-slate-800 sm:px-6">
        <p>
          <a
            href="/"
            className="rounded text-sm font-medium text-accent-strong underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
          >
            Voltar ao início
          </a>
        </p>
        <h1 className="mt-6 text-3xl font-bold text-slate-900">{title}</h1>
        <NewsletterLinkResult action={link.action} token={link.token} />
      </main>
      <SiteFooter />
    </>
  );
}
