import { buttonClasses } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatBRL } from '@/lib/money';
import { PLANS } from '../content';
import { Section } from './section';

/** Centavos → "R$ 49" for whole reais, "R$ 49,90" otherwise (pt-BR). */
export function formatPlanPrice(priceCents: number): string {
  return formatBRL(priceCents, { wholeWithoutCents: true });
}

export function Pricing({ registerUrl }: { registerUrl: string }) {
  return (
    <Section
      id="pricing"
      eyebrow="Planos"
      title="Preço por gateway, em reais"
      intro="Pague só pelas máquinas conectadas. Sem taxa de adesão, sem fidelidade e com nota fiscal todo mês."
    >
      <ul className="mx-auto grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3">
        {PLANS.map((plan) => {
          const headingId = `plano-${plan.id}`;
          return (
            <li
              key={plan.id}
              className={cn(
                'relative flex flex-col rounded-2xl bg-white p-6 sm:p-8',
                plan.featured ? 'shadow-xl ring-2 ring-accent lg:-mt-4' : 'border border-slate-200 shadow-sm',
              )}
            >
              {plan.featured ? (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-accent px-3 py-1 text-xs font-semibold text-white">
                  Mais escolhido
                </p>
              ) : null}
              <h3 id={headingId} className="text-xl font-semibold text-slate-900">
                {plan.name}
              </h3>
              <p className="mt-2 min-h-12 text-slate-700">{plan.summary}</p>
              <p className="mt-6 flex items-baseline gap-1 text-slate-900">
                <span className="text-4xl font-bold tracking-tight">{formatPlanPrice(plan.priceCents)}</span>
                <span className="text-sm font-medium text-slate-600">/gateway/mês</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
                {plan.includes.map((item) => (
                  <li key={item} className="flex gap-2">
                    <CheckIcon width={18} height={18} className="mt-px shrink-0 text-accent" />
                    {item}
                  </li>
                ))}
              </ul>
              <a
                href={registerUrl}
                className={buttonClasses(plan.featured ? 'primary' : 'secondary', 'lg', 'mt-8 w-full')}
              >
                Assinar o {plan.name}
              </a>
            </li>
          );
        })}
      </ul>
      <p className="mx-auto mt-10 max-w-3xl text-center text-sm leading-relaxed text-slate-600">
        Valores por gateway ativo por mês, cobrados em reais com NF-e. Pagamento por Pix, boleto ou cartão de crédito.
        O gateway Ponte G1 é comprado à parte no portal, com parcelamento no cartão.
      </p>
    </Section>
  );
}
