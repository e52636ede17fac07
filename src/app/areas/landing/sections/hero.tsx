import { buttonClasses } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { onSectionLinkClick } from '../scroll';
import { HeroIllustration } from './hero-illustration';

const HIGHLIGHTS = ['Sem ferramentas desktop', 'VPN dedicada por máquina', 'Pix, boleto ou cartão com NF-e'];

export function Hero({ registerUrl }: { registerUrl: string }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-accent-soft/60 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pb-24 sm:pt-20 lg:grid-cols-[1.05fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-accent-strong ring-1 ring-accent/25">
            <span className="h-2 w-2 rounded-full bg-accent" aria-hidden="true" />
            Feito para montadoras brasileiras
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-balance text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl sm:leading-[1.1]"
          >
            Acesso remoto seguro às máquinas que você fabrica
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-700">
            Um gateway Ponte G1 em cada máquina, uma VPN própria para cada uma e todo o suporte pelo navegador — sem
            instalar ferramentas no notebook do técnico. Cobrança em reais, com Pix, boleto ou cartão e nota fiscal.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={registerUrl} className={buttonClasses('primary', 'lg')}>
              Começar Agora
            </a>
            <a href="#pricing" className={buttonClasses('secondary', 'lg')} onClick={onSectionLinkClick('pricing')}>
              Ver planos e preços
            </a>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CheckIcon width={18} height={18} className="text-accent" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
