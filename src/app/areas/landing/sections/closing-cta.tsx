import { PRODUCT_NAME } from '@/config/brand';
import { cn } from '@/lib/cn';

const base =
  'inline-flex h-11 items-center justify-center rounded-md px-5 text-base font-medium transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-accent';

export function ClosingCta({ registerUrl, contactEmail }: { registerUrl: string; contactEmail: string }) {
  return (
    <section aria-labelledby="cta-title" className="bg-accent">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-8 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-balance text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Sua próxima visita técnica pode ser pelo navegador
          </h2>
          <p className="mt-3 text-lg text-white">
            Crie a conta da sua montadora em minutos, com o CNPJ. Você só paga quando o primeiro gateway for ativado.
          </p>
        </div>
        <div className="flex w-full shrink-0 flex-col gap-3 sm:w-auto sm:flex-row">
          <a href={registerUrl} className={cn(base, 'bg-white text-accent-strong shadow-sm hover:bg-accent-soft')}>
            Começar Agora
          </a>
          <a
            href={`mailto:${contactEmail}?subject=${encodeURIComponent(`Quero conhecer o ${PRODUCT_NAME}`)}`}
            className={cn(base, 'text-white ring-1 ring-inset ring-white/80 hover:bg-white/10')}
          >
            Falar com vendas
          </a>
        </div>
      </div>
    </section>
  );
}
