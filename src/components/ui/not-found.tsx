import { useEffect, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@/config/brand';
import { buttonClasses } from './button';
import { Logo } from './logo';

/**
 * The spec's 404 page: logo, "404", "Página não encontrada", the sentence, "Voltar para a Home" to /.
 * Router-free (the landing has no router); routed areas pass `home` to link within their basename.
 */
export function NotFoundPage({ home }: { home?: (className: string, label: string) => ReactNode }) {
  const className = buttonClasses('primary', 'lg');
  const label = 'Voltar para a Home';
  useEffect(() => {
    document.title = `Página não encontrada · ${PRODUCT_NAME}`;
  }, []);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-slate-50 px-6 py-12 text-center">
      <Logo />
      <p className="text-7xl font-bold text-accent" aria-hidden="true">
        404
      </p>
      <div className="max-w-md space-y-3">
        <h1 className="text-2xl font-semibold text-slate-900">
          <span className="sr-only">404 — </span>Página não encontrada
        </h1>
        <p className="text-slate-700">
          Opa! Não conseguimos encontrar a página que você procurou. Verifique o endereço ou volte para a página
          inicial.
        </p>
      </div>
      {home ? (
        home(className, label)
      ) : (
        <a href="/" className={className}>
          {label}
        </a>
      )}
    </main>
  );
}
